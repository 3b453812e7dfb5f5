// XMLSampleInferrer: reads sample documents event by event and accumulates, for every element
// name, the shape the samples show (ElementShape.swift); `model()` hands the result over for
// rendering as Swift (XMLInferredModel, SwiftModelRenderer).
//
// Worked example:
//
//     var inferrer = XMLSampleInferrer()
//     try inferrer.add(XMLReader(#"<books><book id="1"><title>A</title></book><book id="2"/></books>"#),
//                      sampleName: "books.xml")
//     let source = try inferrer.model().swiftSource()
//
// gives (after the header comment):
//
//     struct Books: Codable, Equatable {
//         var book: [Book]
//     }
//
//     struct Book: Codable, Equatable {
//         @Attribute var id: Int
//         var title: String?
//     }
//
// Memory: a stack of the open elements (each bounded by its distinct child names, OpenElement.swift)
// and one shape per element name. A reader over a file or a stream (`XMLReader(contentsOf:)`)
// therefore infers from a document of any size.

import XMLCodableCore

/// Infers the shape of XML documents from samples, to generate `Codable` models for them.
///
/// Add one or more sample documents of the same kind, then call ``model()`` for the inferred
/// model and ``XMLInferredModel/swiftSource(options:)`` for Swift source:
///
/// ```swift
/// var inferrer = XMLSampleInferrer()
/// try inferrer.add(XMLReader("<note><to>Ann</to><day>3</day></note>"), sampleName: "note.xml")
/// print(try inferrer.model().swiftSource())
/// // struct Note: Codable, Equatable {
/// //     var to: String
/// //     var day: Int
/// // }
/// ```
///
/// Every element name is one shape, wherever it occurs; attributes and children present in only
/// some occurrences become optionals, children repeated within one element become arrays, and
/// values get the most specific type that every occurrence round-trips through with the default
/// coders (`Bool`, `Int`, `Double`, `Decimal`, then `Date` for an XML Schema date or date and
/// time in its canonical form, which the property reads and writes with `@Formatted`; else
/// `String`).
public struct XMLSampleInferrer: Sendable {
    private var shapes: [String: ElementShape] = [:]
    private var shapeOrder: [String] = []
    private var stack: [OpenElement] = []
    private var rootKey: String?
    private var sampleNames: [String] = []
    private var elementCount = 0

    /// Creates an inferrer with no samples.
    public init() {}

    /// Reads a whole sample document from a reader and adds what it shows.
    ///
    /// - Parameters:
    ///   - reader: a reader at the start of the document; in memory, or over a file or stream.
    ///   - sampleName: the name of the sample in errors and in the generated header (a file name).
    /// - Throws: ``XMLModelInferenceError/malformed(sampleName:_:)`` when the document is not
    ///   well-formed, ``XMLModelInferenceError/differentRoot(sampleName:expected:found:)`` when its
    ///   root differs from an earlier sample's. The samples added before stay added.
    public mutating func add(_ reader: XMLReader, sampleName: String) throws(XMLModelInferenceError) {
        var reader = reader
        let saved = self
        do {
            while let event = try reader.next() {
                try record(event, from: reader, sampleName: sampleName)
            }
        } catch let error as XMLParsingError {
            self = saved
            throw .malformed(sampleName: sampleName, error)
        } catch let error as XMLModelInferenceError {
            self = saved
            throw error
        } catch {
            self = saved
            throw .noSamples
        }
        finishSample(named: sampleName)
    }

    /// Adds one event of a sample that the caller reads itself, as a tool that streams standard
    /// input does; call ``finishSample(named:)`` after the sample's last event.
    ///
    /// - Parameters:
    ///   - event: the event `reader.next()` just returned.
    ///   - reader: the reader that returned it, to decode its names and text.
    ///   - sampleName: the sample's name, for errors.
    /// - Throws: ``XMLModelInferenceError/differentRoot(sampleName:expected:found:)``.
    public mutating func record(
        _ event: XMLEvent, from reader: XMLReader, sampleName: String
    ) throws(XMLModelInferenceError) {
        switch event {
        case .startElement(let name):
            let key = Self.expandedName(name, in: reader)
            if stack.isEmpty {
                if let rootKey, rootKey != key {
                    throw .differentRoot(sampleName: sampleName, expected: rootKey, found: key)
                }
                rootKey = key
            } else {
                stack[stack.count - 1].addChild(key)
            }
            if shapes[key] == nil {
                shapes[key] = ElementShape(key: key, localName: reader.localName(name))
                shapeOrder.append(key)
            }
            var element = OpenElement(key: key)
            for attribute in reader.attributes where !attribute.isNamespaceDeclaration {
                let name = Self.expandedName(attribute.name, in: reader)
                element.attributes.append((name, reader.string(attribute.value)))
            }
            stack.append(element)
        case .endElement:
            guard let element = stack.popLast() else { return }
            shapes[element.key]!.record(element)
            elementCount += 1
        case .text(let slice), .cdata(let slice):
            guard !stack.isEmpty else { return }
            stack[stack.count - 1].addText(reader.string(slice))
        case .comment, .processingInstruction, .doctype:
            break
        }
    }

    /// Marks the end of a sample read with ``record(_:from:sampleName:)``.
    public mutating func finishSample(named sampleName: String) {
        stack.removeAll()
        sampleNames.append(sampleName)
    }

    /// The model inferred from the samples added so far.
    ///
    /// - Throws: ``XMLModelInferenceError/noSamples`` when no complete sample was added.
    public func model() throws(XMLModelInferenceError) -> XMLInferredModel {
        guard let rootKey, !sampleNames.isEmpty else { throw .noSamples }
        return XMLInferredModel(
            rootKey: rootKey, sampleNames: sampleNames, elementCount: elementCount,
            shapes: shapes, shapeOrder: shapeOrder)
    }

    /// `{uri}local` for a name in a namespace, else the local name.
    private static func expandedName(_ name: XMLName, in reader: XMLReader) -> String {
        if let uri = reader.namespaceURI(name), !uri.isEmpty {
            return "{\(uri)}\(reader.localName(name))"
        }
        return reader.string(name)
    }
}
