// Wrapped lists chosen with `XMLListCoding`: item names with a namespace URI, optional wrapped
// lists (absent, empty, one, many) and wrappers repeated by hand, both directions, and through JSON.

import Foundation
import Testing
import XMLCodableCore
import XMLCodableTestSupport

private struct Members: Codable, Equatable, XMLListCoding {
    var items: [String]
    static func xmlListItemName(for key: any CodingKey) -> String? {
        key.stringValue == "items" ? "{http://example.com/bux}member" : nil
    }
}

private struct TaggedNote: Codable, Equatable, XMLListCoding {
    var name: String
    var tags: [String]?
    static func xmlListItemName(for key: any CodingKey) -> String? { key.stringValue == "tags" ? "tag" : nil }
}

private struct RequiredTags: Codable, Equatable, XMLListCoding {
    var name: String
    var tags: [String]
    static func xmlListItemName(for key: any CodingKey) -> String? { key.stringValue == "tags" ? "tag" : nil }
}

private func xml<T: Encodable>(_ value: T) throws -> String {
    String(decoding: try XMLEncoder().encode(value, withRootKey: "r"), as: UTF8.self)
}

@Suite("Wrapped lists: namespaced item names, optional lists") struct WrappedListRoundTripTests {
    @Test func itemsNamedWithANamespaceURIAreMatchedByURIWhateverThePrefix() throws {
        let prefixed =
            "<r xmlns:b='http://example.com/bux'><items><b:member>x</b:member><b:member>y</b:member></items></r>"
        #expect(try XMLDecoder().decode(Members.self, from: Data(prefixed.utf8)) == Members(items: ["x", "y"]))
        let defaulted = "<r><items><member xmlns='http://example.com/bux'>x</member></items></r>"
        #expect(try XMLDecoder().decode(Members.self, from: Data(defaulted.utf8)) == Members(items: ["x"]))
        // A `member` in no namespace, or in another, is not an item.
        let others = "<r xmlns:o='urn:other'><items><member>no</member><o:member>no</o:member></items></r>"
        #expect(try XMLDecoder().decode(Members.self, from: Data(others.utf8)) == Members(items: []))
    }

    @Test func itemsNamedWithANamespaceURIAreWrittenWithADeclaredPrefix() throws {
        let value = Members(items: ["x", "y"])
        let written = try xml(value)
        #expect(
            written
                == "<r xmlns:ns1=\"http://example.com/bux\"><items><ns1:member>x</ns1:member><ns1:member>y</ns1:member></items></r>"
        )
        #expect(try XMLDecoder().decode(Members.self, from: Data(written.utf8)) == value)
        let one = try xml(Members(items: ["x"]))
        #expect(one == "<r xmlns:ns1=\"http://example.com/bux\"><items><ns1:member>x</ns1:member></items></r>")
        #expect(try XMLDecoder().decode(Members.self, from: Data(one.utf8)) == Members(items: ["x"]))
        #expect(try JSONDecoder().decode(Members.self, from: JSONEncoder().encode(value)) == value)
    }

    @Test func anItemNameWithAnInvalidLocalNameIsRefused() throws {
        struct Bad: Encodable, XMLListCoding {
            var items = ["x"]
            static func xmlListItemName(for key: any CodingKey) -> String? { "{urn:x}1member" }
        }
        #expect(throws: EncodingError.self) { try XMLEncoder().encode(Bad(), withRootKey: "r") }
    }

    @Test func anAbsentOptionalWrappedListIsNilAndAnEmptyOneIsEmpty() throws {
        #expect(try XMLDecoder().decode(TaggedNote.self, from: Data("<r><name>n</name></r>".utf8)).tags == nil)
        #expect(try XMLDecoder().decode(TaggedNote.self, from: Data("<r><name>n</name><tags/></r>".utf8)).tags == [])
        #expect(
            try XMLDecoder().decode(TaggedNote.self, from: Data("<r><name>n</name><tags><tag>a</tag></tags></r>".utf8))
                .tags == ["a"])
        // A list that is not optional is empty when its wrapper is absent, as an unwrapped list is.
        #expect(try XMLDecoder().decode(RequiredTags.self, from: Data("<r><name>n</name></r>".utf8)).tags == [])
    }

    @Test(arguments: [nil, [], ["a"], ["a", "b"]] as [[String]?])
    func optionalWrappedListsRoundTrip(tags: [String]?) throws {
        let value = TaggedNote(name: "n", tags: tags)
        let written = try xml(value)
        switch tags?.count {
        case nil: #expect(written == "<r><name>n</name></r>")
        case 0: #expect(written == "<r><name>n</name><tags /></r>")
        default: #expect(written.contains("<tags><tag>a</tag>"))
        }
        #expect(try XMLDecoder().decode(TaggedNote.self, from: Data(written.utf8)) == value)
        #expect(try JSONDecoder().decode(TaggedNote.self, from: JSONEncoder().encode(value)) == value)
    }

    @Test func theItemsOfRepeatedWrappersAreAllRead() throws {
        let document = "<r><name>n</name><tags><tag>a</tag></tags><tags><tag>b</tag><tag>c</tag></tags></r>"
        #expect(try XMLDecoder().decode(RequiredTags.self, from: Data(document.utf8)).tags == ["a", "b", "c"])
        #expect(try XMLDecoder().decode(TaggedNote.self, from: Data(document.utf8)).tags == ["a", "b", "c"])
    }

    @Test func itemNamesForKeysReadFromTextAreIgnored() throws {
        // An item name returned for every key applies to the lists only: a string, a number or a
        // date is written and read as usual, in both directions.
        struct Everything: Codable, Equatable, XMLListCoding {
            var name: String
            var count: Int
            var created: Date
            var tags: [String]
            static func xmlListItemName(for key: any CodingKey) -> String? { "member" }
        }
        let value = Everything(name: "n", count: 2, created: Date(timeIntervalSince1970: 0), tags: ["a"])
        let written = try xml(value)
        #expect(written == "<r><name>n</name><count>2</count><created>0.0</created><tags><member>a</member></tags></r>")
        #expect(try XMLDecoder().decode(Everything.self, from: Data(written.utf8)) == value)
    }

    @Test func aWrapperMarkedNilIsNil() throws {
        let encoder = XMLEncoder()
        encoder.nilEncodingStrategy = .xsiNil
        let written = try encoder.encode(TaggedNote(name: "n", tags: nil), withRootKey: "r")
        #expect(try XMLDecoder().decode(TaggedNote.self, from: written) == TaggedNote(name: "n", tags: nil))
    }
}
