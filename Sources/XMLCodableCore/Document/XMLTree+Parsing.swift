// Building an XMLTree from an XMLReader's events.
//
// One pass over the events with an explicit stack of open elements (no recursion, so depth is
// bounded only by the limit): a start tag pushes a frame, content is appended to the frame on top,
// an end tag pops the frame and appends the finished element to its parent. Adjacent text events
// (split by the reader around entity and character references) are joined into one text node.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension XMLTree {
    /// Parses a document from its bytes: UTF-8, UTF-16, UTF-32 or an encoding its XML declaration
    /// names (see <doc:Encodings>).
    ///
    /// - Parameters:
    ///   - bytes: the document.
    ///   - options: the reader's options: limits, and whether namespaces are processed (when they
    ///     are, every ``Name/namespaceURI`` is filled in).
    /// - Throws: ``XMLParsingError`` for a document that is not well-formed or breaks a limit.
    public init(parsing bytes: [UInt8], options: XMLReader.Options = XMLReader.Options()) throws(XMLParsingError) {
        var reader = try XMLReader(bytes, options: Self.treeOptions(options))
        self = try Self.build(&reader, namespaceAware: options.shouldProcessNamespaces)
    }

    /// Parses a document from `Data`; see ``init(parsing:options:)-([UInt8],_)``.
    public init(parsing data: Data, options: XMLReader.Options = XMLReader.Options()) throws(XMLParsingError) {
        var reader = try XMLReader(data, options: Self.treeOptions(options))
        self = try Self.build(&reader, namespaceAware: options.shouldProcessNamespaces)
    }

    /// Parses a document from a string; see ``init(parsing:options:)-([UInt8],_)``.
    public init(parsing string: String, options: XMLReader.Options = XMLReader.Options()) throws(XMLParsingError) {
        var reader = XMLReader(string, options: Self.treeOptions(options))
        self = try Self.build(&reader, namespaceAware: options.shouldProcessNamespaces)
    }

    /// Reads and parses an XML file.
    ///
    /// - Throws: the error reading the file, or ``XMLParsingError``.
    public init(contentsOf url: URL, options: XMLReader.Options = XMLReader.Options()) throws {
        try self.init(parsing: try Data(contentsOf: url), options: options)
    }

    private static func treeOptions(_ options: XMLReader.Options) -> XMLReader.Options {
        var options = options
        options.limits.maxDepth = min(options.limits.maxDepth, maxDepth)
        return options
    }

    /// An element being read: its name and attributes, and the content read so far.
    private struct OpenElement {
        var name: Name
        var attributes: Attributes
        var children: [Node] = []
    }

    private static func build(_ reader: inout XMLReader, namespaceAware: Bool) throws(XMLParsingError) -> XMLTree {
        var prologue: [Node] = []
        var epilogue: [Node] = []
        var root: Element?
        var stack: [OpenElement] = []
        stack.reserveCapacity(16)

        func append(_ node: Node, stack: inout [OpenElement]) {
            if stack.isEmpty {
                if root == nil { prologue.append(node) } else { epilogue.append(node) }
            } else {
                stack[stack.count - 1].children.append(node)
            }
        }

        while let event = try reader.next() {
            switch event {
            case .startElement(let xmlName):
                var attributes: [Attribute] = []
                attributes.reserveCapacity(reader.attributes.count)
                for attribute in reader.attributes {
                    attributes.append(
                        Attribute(
                            Name(reader.string(attribute.name), namespaceURI: reader.namespaceURI(attribute.name)),
                            value: reader.string(attribute.value)))
                }
                stack.append(
                    OpenElement(
                        name: Name(reader.string(xmlName), namespaceURI: reader.namespaceURI(xmlName)),
                        attributes: Attributes(attributes)))
            case .endElement:
                guard let open = stack.popLast() else { continue }
                let element = Element(open.name, attributes: open.attributes, children: open.children)
                if stack.isEmpty {
                    root = element
                } else {
                    stack[stack.count - 1].children.append(.element(element))
                }
            case .text(let slice):
                // Text outside the root element is white space the reader has already checked.
                guard !stack.isEmpty, !slice.isEmpty else { continue }
                let text = reader.string(slice)
                let last = stack[stack.count - 1].children.count - 1
                if last >= 0, case .text(let previous) = stack[stack.count - 1].children[last] {
                    stack[stack.count - 1].children[last] = .text(previous + text)
                } else {
                    stack[stack.count - 1].children.append(.text(text))
                }
            case .cdata(let slice):
                guard !stack.isEmpty else { continue }
                stack[stack.count - 1].children.append(.cdata(reader.string(slice)))
            case .comment(let slice):
                append(.comment(reader.string(slice)), stack: &stack)
            case .processingInstruction(let target, let data):
                append(.processingInstruction(target: reader.string(target), data: reader.string(data)), stack: &stack)
            case .doctype:
                continue
            }
        }
        guard let root else {
            // The reader reports a missing root element itself; this is only a safety net.
            throw XMLParsingError(reason: .missingRootElement, offset: 0, line: 1, column: 1)
        }
        return XMLTree(
            root: root, declaration: reader.declaration, doctype: reader.doctype, prologue: prologue, epilogue: epilogue,
            shouldProcessNamespaces: namespaceAware)
    }
}
