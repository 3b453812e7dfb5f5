// XMLEncoder.ElementWriter: a document written item by item is the document `encode` writes for
// all the items at once, byte for byte, under every layout setting.

import Foundation
import Testing
import XMLCodable  // the Foundation API: DateFormatter strategies, FileHandle
@testable import XMLCodableCore
import XMLCodableTestSupport

private struct Tag: Codable, Equatable {
    @Attribute var k: String
    @Attribute var v: String
}

private struct Node: Codable, Equatable {
    @Attribute var id: Int
    var name: String
    var tag: [Tag]
}

/// The struct whose one property holds the items under `node`, as the writer's `itemKey` does.
private struct OSM: Encodable {
    var node: [Node]
}

private enum IntOrString: Codable, Equatable {
    case int(Int)
    case string(String)
    enum CodingKeys: String, XMLChoiceCodingKey { case int, string }
    // The payload is the element's text, as XMLCoder's choice examples write it.
    enum IntCodingKeys: String, CodingKey { case _0 = "" }
    enum StringCodingKeys: String, CodingKey { case _0 = "" }
}

/// A choice whose `text` case is the parent's own text: mixed content.
private enum Run: Codable, Equatable {
    case text(String)
    case b(String)
    enum CodingKeys: String, XMLChoiceCodingKey {
        case text = ""
        case b
    }
    enum TextCodingKeys: String, CodingKey { case _0 = "" }
    enum BCodingKeys: String, CodingKey { case _0 = "" }
}

private struct Word: Codable, Equatable {
    @Attribute var lang: String
    var word: String
}

/// A choice whose `plain` case is the content of the item's element itself.
private enum Piece: Codable, Equatable {
    case plain(Word)
    case b(String)
    enum CodingKeys: String, XMLChoiceCodingKey {
        case plain = ""
        case b
    }
    enum PlainCodingKeys: String, CodingKey { case _0 = "" }
    enum BCodingKeys: String, CodingKey { case _0 = "" }
}

private let nodes: [Node] = (0..<50).map { id in
    Node(
        id: Attribute(id), name: "n\(id) & <\(id % 3)> \"q\" '\(id)'",
        tag: (0..<(id % 3)).map { Tag(k: Attribute("k\($0)"), v: Attribute("v\($0)\n")) })
}

private let settings: [(String, @Sendable (XMLEncoder) -> Void)] = [
    ("default", { _ in }),
    ("pretty", { $0.outputFormatting = .prettyPrinted }),
    (
        "pretty+tabs",
        {
            $0.outputFormatting = .prettyPrinted
            $0.prettyPrintIndentation = .tabs(1)
        }
    ),
    ("sorted", { $0.outputFormatting = [.prettyPrinted, .sortedKeys] }),
    ("noEmptyElements", { $0.outputFormatting = [.noEmptyElements] }),
    ("compact", { $0.outputFormatting = [.compactEmptyElements, .minimalEscaping] }),
    ("cdata", { $0.stringEncodingStrategy = .cdata }),
    ("tables", { $0.charactersEscapedInElements = [("&", "&amp;"), ("<", "&lt;"), ("\"", "&#34;")] }),
]

/// What the writer writes for `items`, in blocks handed to a sink.
private func written<T: Encodable>(
    _ items: [T], rootKey: String, itemKey: String?, rootAttributes: [String: String]? = nil, header: XMLHeader? = nil,
    configure: (XMLEncoder) -> Void
) throws -> String {
    let encoder = XMLEncoder()
    configure(encoder)
    var output = Data()
    let writer = try encoder.elementWriter(
        withRootKey: rootKey, itemKey: itemKey, rootAttributes: rootAttributes, header: header
    ) { output.append($0) }
    for item in items { try writer.write(item) }
    try writer.finish()
    return String(decoding: output, as: UTF8.self)
}

@Suite struct EncoderElementWriterTests {
    @Test(arguments: 0..<settings.count)
    func itemsUnderAKeyAreTheWholeDocument(_ setting: Int) throws {
        let (name, configure) = settings[setting]
        for count in [0, 1, 2, 50] {
            let items = Array(nodes.prefix(count))
            let encoder = XMLEncoder()
            configure(encoder)
            let header = XMLHeader(version: 1.0, encoding: "UTF-8")
            let whole = try encoder.encodeToString(
                OSM(node: items), withRootKey: "osm", rootAttributes: ["version": "0.6", "a": "x"], header: header)
            let streamed = try written(
                items, rootKey: "osm", itemKey: "node", rootAttributes: ["version": "0.6", "a": "x"], header: header,
                configure: configure)
            #expect(streamed == whole, "\(name), \(count) items")
        }
    }

    @Test(arguments: 0..<settings.count)
    func itemsNamedLikeTheRootAreTheWholeArray(_ setting: Int) throws {
        let (name, configure) = settings[setting]
        for count in [0, 1, 3] {
            let encoder = XMLEncoder()
            configure(encoder)
            let numbers = Array([1, -2, 3].prefix(count))
            #expect(
                try written(numbers, rootKey: "n", itemKey: nil, configure: configure)
                    == encoder.encodeToString(numbers, withRootKey: "n"), "\(name)")
            let strings = Array(["a", "", "c & d"].prefix(count))
            #expect(
                try written(strings, rootKey: "s", itemKey: nil, configure: configure)
                    == encoder.encodeToString(strings, withRootKey: "s"), "\(name)")
            let nested = Array([[1, 2], [], [3]].prefix(count))
            #expect(
                try written(nested, rootKey: "g", itemKey: nil, configure: configure)
                    == encoder.encodeToString(nested, withRootKey: "g"), "\(name)")
        }
    }

    @Test func itemsWhoseNamesAllDifferAreWrittenAlike() throws {
        // Each item brings names of its own (dictionary keys): the writer's kept names are
        // dropped from time to time, which changes nothing in what it writes.
        let items: [[String: Int]] = (0..<3000).map { ["a\($0)": $0, "b\($0)": -$0] }
        let encoder = XMLEncoder()
        encoder.outputFormatting = .sortedKeys
        let whole = try encoder.encodeToString(items, withRootKey: "maps")
        #expect(try written(items, rootKey: "maps", itemKey: nil) { $0.outputFormatting = .sortedKeys } == whole)
        #expect(whole.hasSuffix("<maps><a2999>2999</a2999><b2999>-2999</b2999></maps></maps>"))
    }

    @Test func choicesAreWrittenInPlaceOfTheirItems() throws {
        let values: [IntOrString] = [.int(1), .string("a"), .int(2)]
        let whole = try XMLEncoder().encodeToString(values, withRootKey: "values")
        #expect(whole == "<values><int>1</int><string>a</string><int>2</int></values>")
        #expect(try written(values, rootKey: "values", itemKey: nil) { _ in } == whole)
    }

    @Test func textAmongTheItemsIsWrittenCompactAndRefusedPrettyPrinted() throws {
        let runs: [Run] = [.text("a "), .b("bold"), .text(" c")]
        let whole = try XMLEncoder().encodeToString(runs, withRootKey: "p")
        #expect(whole == "<p>a <b>bold</b> c</p>")
        #expect(try written(runs, rootKey: "p", itemKey: nil) { _ in } == whole)
        // Pretty printed, text in an element changes the layout of the elements before it.
        var output = Data()
        let encoder = XMLEncoder()
        encoder.outputFormatting = .prettyPrinted
        let writer = try encoder.elementWriter(withRootKey: "p") { output.append($0) }
        try writer.write(Run.b("x"))
        let error = #expect(throws: EncodingError.self) { try writer.write(Run.text("y")) }
        guard case .invalidValue(_, let context) = error else { return }
        #expect(context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue } == ["1"])
        #expect(writer.count == 1)
    }

    @Test func choicesAreSplicedOnlyWhenEveryItemCanBe() throws {
        let word = Piece.plain(Word(lang: Attribute("en"), word: "w"))
        // An item with attributes of its own keeps every item in an element: decided by the first item.
        let kept: [Piece] = [word, .b("x")]
        #expect(
            try XMLEncoder().encodeToString(kept, withRootKey: "r")
                == #"<r><r lang="en"><word>w</word></r><r><b>x</b></r></r>"#)
        #expect(
            try written(kept, rootKey: "r", itemKey: nil) { _ in }
                == XMLEncoder().encodeToString(kept, withRootKey: "r"))
        // After spliced items, such an item would change how they are written: refused, nothing lost.
        var output = Data()
        let writer = try XMLEncoder().elementWriter(withRootKey: "r") { output.append($0) }
        try writer.write(Piece.b("x"))
        let error = #expect(throws: EncodingError.self) { try writer.write(word) }
        guard case .invalidValue(_, let context) = error else { return }
        #expect(context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue } == ["1"])
        try writer.write(Piece.b("y"))
        try writer.finish()
        #expect(String(decoding: output, as: UTF8.self) == "<r><b>x</b><b>y</b></r>")
        // Under a key, a list of choices keeps its items' elements, as encode writes it.
        #expect(
            try written([Piece.b("x"), word], rootKey: "r", itemKey: "p") { _ in }
                == #"<r><p><b>x</b></p><p lang="en"><word>w</word></p></r>"#)
    }

    @Test func attributesOfAChoiceWithNoElementOfItsOwnStayOnItsItem() throws {
        struct Attributes: Encodable {
            var lang: String
            enum CodingKeys: String, CodingKey { case lang }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(Attribute(lang), forKey: .lang)
            }
        }
        enum Content: Encodable {
            case attributes(Attributes)
            enum CodingKeys: String, XMLChoiceCodingKey { case attributes = "" }
            enum AttributesCodingKeys: String, CodingKey { case _0 = "" }
        }
        let items = [Content.attributes(Attributes(lang: "en")), .attributes(Attributes(lang: "fr"))]
        let whole = try XMLEncoder().encodeToString(items, withRootKey: "r", rootAttributes: ["id": "1"])
        #expect(whole == #"<r id="1"><r lang="en" /><r lang="fr" /></r>"#)
        #expect(try written(items, rootKey: "r", itemKey: nil, rootAttributes: ["id": "1"]) { _ in } == whole)
    }

    @Test func anItemThatNeedsANamespaceTheRootDoesNotDeclareDeclaresIt() throws {
        let items: [Int?] = [1, nil, 3]
        // All at once, xsi is declared on the root; the writer has written the root before the nil.
        #expect(
            try XMLEncoder().encodeToString(items, withRootKey: "n")
                == #"<n xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><n>1</n><n xsi:nil="true" /><n>3</n></n>"#
        )
        #expect(
            try written(items, rootKey: "n", itemKey: nil) { _ in }
                == #"<n><n>1</n><n xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:nil="true" /><n>3</n></n>"#
        )
        // Declared on the root up front, the bytes are the same again.
        let declared = ["xmlns:xsi": XMLDecoder.xsiNamespace]
        #expect(
            try written(items, rootKey: "n", itemKey: nil, rootAttributes: declared) { _ in }
                == XMLEncoder().encodeToString(items, withRootKey: "n", rootAttributes: declared))
        // Either way, it reads back.
        let data = Data(try written(items, rootKey: "n", itemKey: nil) { _ in }.utf8)
        #expect(try XMLDecoder().decode([Int?].self, from: data) == items)
    }

    @Test func anItemThatCannotBeEncodedIsRefusedWithItsPosition() throws {
        let encoder = XMLEncoder()
        var output = Data()
        let writer = try encoder.elementWriter(withRootKey: "r", itemKey: "s") { output.append($0) }
        try writer.write("ok")
        let error = #expect(throws: EncodingError.self) { try writer.write("bad \u{1}") }
        guard case .invalidValue(_, let context) = error else { return }
        #expect(context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue } == ["s", "1"])
        try writer.write("fine")
        try writer.finish()
        #expect(String(decoding: output, as: UTF8.self) == "<r><s>ok</s><s>fine</s></r>")
        #expect(throws: EncodingError.self) { try writer.write("late") }
        #expect(throws: EncodingError.self) { try encoder.elementWriter(withRootKey: "r", itemKey: "1bad") { _ in } }
    }

    @Test func aFileHandleReceivesTheDocumentInBlocks() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "element-writer-\(UUID().uuidString).xml")
        #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
        defer { try? FileManager.default.removeItem(at: url) }
        let handle = try FileHandle(forWritingTo: url)
        let writer = try XMLEncoder().elementWriter(withRootKey: "osm", itemKey: "node", to: handle)
        let many = (0..<3_000).map { nodes[$0 % nodes.count] }
        for node in many { try writer.write(node) }
        try writer.finish()
        try handle.close()
        let data = try Data(contentsOf: url)
        #expect(data == (try XMLEncoder().encode(OSM(node: many), withRootKey: "osm")))
        // Read back keeping the attributes' white space (the decoder trims it by default).
        var back: [Node] = []
        try XMLDecoder(trimValueWhitespaces: false).decodeElements(Node.self, at: "osm/node", from: url) {
            back.append($0)
        }
        #expect(back == many)
    }
}
