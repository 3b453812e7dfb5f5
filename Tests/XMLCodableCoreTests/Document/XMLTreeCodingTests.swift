// The document model with the coders: decoding a model from any element of a tree, and encoding a
// model to a tree.

import Foundation
import Testing
@testable import XMLCodableCore
import XMLCodableTestSupport

@Suite struct XMLTreeCodingTests {
    struct Book: Codable, Equatable {
        @Attribute var name: String
        var author: String
    }

    @Test func decodesAModelFromASubtree() throws {
        let tree = try XMLTree(
            parsing: """
                <library>
                  <shelf id="1"><book name="Mastering Swift"><author>Jon Hoffman</author></book></shelf>
                  <shelf id="2"><book name="Swift in Depth"><author>Tjeerd in &apos;t Veen</author></book></shelf>
                </library>
                """)
        let book = try XMLDecoder().decode(Book.self, from: try tree["library"]["shelf"][1]["book"].require())
        #expect(book == Book(name: Attribute("Swift in Depth"), author: "Tjeerd in 't Veen"))
        struct Shelf: Codable, Equatable { @Attribute var id: Int; var book: [Book] }
        struct Library: Codable, Equatable { var shelf: [Shelf] }
        let library = try XMLDecoder().decode(Library.self, from: tree)
        #expect(library.shelf.map(\.id) == [1, 2])
        #expect(library == (try XMLDecoder().decode(Library.self, from: Data(tree.xmlData()))))
    }

    @Test func decodesASubtreeWhosePrefixesAreDeclaredAbove() throws {
        let tree = try XMLTree(
            parsing: """
                <r xmlns:b="urn:books"><b:book name="N"><b:author>A</b:author></b:book></r>
                """)
        struct NSBook: Codable, Equatable {
            enum CodingKeys: String, CodingKey { case name, author = "{urn:books}author" }
            @Attribute var name: String
            var author: String
        }
        let book = try XMLDecoder().decode(NSBook.self, from: try tree["r"]["{urn:books}book"].require())
        #expect(book == NSBook(name: Attribute("N"), author: "A"))
    }

    @Test func decodingErrorsFromATreeSayWhere() throws {
        let tree = try XMLTree(parsing: "<r><book name='x'/></r>")
        do {
            _ = try XMLDecoder().decode(Book.self, from: try tree["r"]["book"].require())
            Issue.record("expected an error")
        } catch let DecodingError.keyNotFound(key, context) {
            #expect(key.stringValue == "author")
            #expect(context.debugDescription.contains("line 1"))
        }
        // Built in code: decoded from its values (nothing is written, so a value XML could not
        // carry is no error here), and errors say that there is no source position.
        let built = XMLTree.Element("book", attributes: ["name": "\u{1}"])
        do {
            _ = try XMLDecoder().decode(Book.self, from: built)
            Issue.record("expected an error")
        } catch let DecodingError.keyNotFound(key, context) {
            #expect(key.stringValue == "author")
            #expect(
                context.debugDescription.hasSuffix("at <book>, built in code (no source position)."),
                "\(context.debugDescription)")
        }
    }

    @Test func encodesToATree() throws {
        struct Tagged: Codable, Equatable {
            enum CodingKeys: String, CodingKey { case id, title = "{urn:t}title", note }
            @Attribute var id: Int
            var title: String
            var note: String?
        }
        let encoder = XMLEncoder()
        encoder.nilEncodingStrategy = .xsiNil
        // A tree is written in the compact form: the encoder's with these two options.
        encoder.outputFormatting = [.compactEmptyElements, .minimalEscaping]
        let value = Tagged(id: Attribute(3), title: "T & U", note: nil)
        let tree = try encoder.encodeToTree(value, withRootKey: "item", header: XMLHeader(version: 1.0))
        #expect(tree.declaration?.version == "1.0")
        #expect(tree.root.attributes["id"] == "3")
        #expect(tree.root["{urn:t}title"].text == "T & U")
        #expect(tree.root["note"].attributes["{http://www.w3.org/2001/XMLSchema-instance}nil"] == "true")
        #expect(try tree.xmlData() == encoder.encode(value, withRootKey: "item", header: XMLHeader(version: 1.0)))
        #expect(try XMLDecoder().decode(Tagged.self, from: tree) == value)
        // Refusals are the encoder's.
        #expect(throws: EncodingError.self) {
            try encoder.encodeToTree(Tagged(id: Attribute(1), title: "\u{1}", note: nil))
        }
    }
}

@Suite struct EncoderOrderedRootAttributesTests {
    struct Item: Codable, Equatable {
        @Attribute var id: Int
        var name: String
    }

    @Test func rootAttributesInTheOrderGiven() throws {
        let encoder = XMLEncoder()
        let item = Item(id: Attribute(1), name: "a")
        #expect(
            try encoder.encodeToString(
                item, withRootKey: "item", rootAttributes: ["z": "1", "b": "2", "m": "3"] as KeyValuePairs)
                == #"<item z="1" b="2" m="3" id="1"><name>a</name></item>"#)
        // XMLCoder's dictionary signature: sorted, reproducible.
        #expect(
            try encoder.encodeToString(item, withRootKey: "item", rootAttributes: ["z": "1", "b": "2", "m": "3"])
                == #"<item b="2" m="3" z="1" id="1"><name>a</name></item>"#)
        // Everything else as `encode` writes it: header, doctype, pretty printing, the same bytes
        // as the dictionary form when the order agrees.
        encoder.outputFormatting = .prettyPrinted
        let header = XMLHeader(version: 1.0, encoding: "UTF-8")
        let doctype = XMLDocumentType.system(rootElement: "item", dtdLocation: "item.dtd")
        #expect(
            try encoder.encode(
                item, withRootKey: "item", rootAttributes: ["a": "1", "b": "2"] as KeyValuePairs, header: header,
                doctype: doctype)
                == encoder.encode(
                    item, withRootKey: "item", rootAttributes: ["a": "1", "b": "2"], header: header, doctype: doctype))
        // The value's own attribute keeps its text at the position given.
        encoder.outputFormatting = []
        #expect(
            try encoder.encodeToString(
                item, withRootKey: "item", rootAttributes: ["x": "0", "id": "9"] as KeyValuePairs)
                == #"<item x="0" id="1"><name>a</name></item>"#)
        #expect(throws: EncodingError.self) {
            try encoder.encode(item, rootAttributes: ["a": "1", "a": "2"] as KeyValuePairs)
        }
        #expect(throws: EncodingError.self) { try encoder.encode(item, rootAttributes: ["1a": "1"] as KeyValuePairs) }
    }
}
