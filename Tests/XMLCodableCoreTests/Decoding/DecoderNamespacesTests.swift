// Namespaces: by default keys match names as written (`h:td`); with shouldProcessNamespaces they
// match elements' local names (`td`), and attributes still by their names as written (`r:id`).

import Foundation
import Testing
@testable import XMLCodableCore
import XMLCodableTestSupport

private let tableXML = """
    <h:table xmlns:h="http://www.w3.org/TR/html4/">
      <h:tr>
        <h:td>Apples</h:td>
        <h:td>Bananas</h:td>
      </h:tr>
    </h:table>
    """

@Suite struct DecoderNamespacesTests {
    struct Qualified: Decodable, Equatable {
        var tr: Row
        enum CodingKeys: String, CodingKey { case tr = "h:tr" }
        struct Row: Decodable, Equatable {
            var td: [String]
            enum CodingKeys: String, CodingKey { case td = "h:td" }
        }
    }

    struct Local: Decodable, Equatable {
        var tr: Row
        struct Row: Decodable, Equatable { var td: [String] }
    }

    @Test func defaultMatchesQualifiedNames() throws {
        #expect(try decode(Qualified.self, tableXML).tr.td == ["Apples", "Bananas"])
    }

    @Test func defaultDoesNotMatchLocalNames() throws {
        let error = try #require(decodingError(Local.self, tableXML))
        #expect(error.kind == "keyNotFound")
        #expect(error.fullPath == ["tr"])
    }

    @Test func processNamespacesMatchesLocalNames() throws {
        #expect(try decode(Local.self, tableXML) { $0.shouldProcessNamespaces = true }.tr.td == ["Apples", "Bananas"])
    }

    @Test func processNamespacesNoLongerMatchesPrefixedNames() throws {
        #expect(decodingError(Qualified.self, tableXML) { $0.shouldProcessNamespaces = true } != nil)
    }

    @Test func prefixedAttributes() throws {
        struct Q: Decodable { var id: Int; enum CodingKeys: String, CodingKey { case id = "x:id" } }
        struct L: Decodable { var id: Int }
        let xml = """
            <r xmlns:x="urn:x" x:id="5"/>
            """
        // Attributes are matched by their names as written in both modes, as XMLCoder reads them
        // (DecoderPrefixedAttributeKeysTests has the rest of this rule).
        #expect(try decode(Q.self, xml).id == 5)
        #expect(try decode(Q.self, xml) { $0.shouldProcessNamespaces = true }.id == 5)
        #expect(decodingError(L.self, xml) { $0.shouldProcessNamespaces = true } != nil)
        #expect(decodingError(L.self, xml) != nil)
    }

    @Test func defaultNamespaceIsInvisible() throws {
        struct R: Decodable { var a: Int }
        let xml = """
            <r xmlns="urn:default"><a>1</a></r>
            """
        #expect(try decode(R.self, xml).a == 1)
        #expect(try decode(R.self, xml) { $0.shouldProcessNamespaces = true }.a == 1)
    }

    @Test func namespaceDeclarationsAreNotKeys() throws {
        let xml = """
            <r xmlns="urn:a" xmlns:b="urn:b"><x>1</x></r>
            """
        #expect(try decode([String: String].self, xml) == ["x": "1"])
    }

    @Test func sameLocalNameInTwoNamespacesFormsOneList() throws {
        struct R: Decodable { var x: [Int] }
        let xml = """
            <r xmlns:a="urn:a" xmlns:b="urn:b"><a:x>1</a:x><b:x>2</b:x></r>
            """
        #expect(try decode(R.self, xml) { $0.shouldProcessNamespaces = true }.x == [1, 2])
        #expect(try decode(R.self, xml).x == [])
    }

    @Test func processNamespacesWithKeyStrategy() throws {
        struct R: Decodable { var firstName: String }
        let xml = """
            <p:r xmlns:p="urn:p"><p:first_name>Ada</p:first_name></p:r>
            """
        let value = try decode(R.self, xml) {
            $0.shouldProcessNamespaces = true
            $0.keyDecodingStrategy = .convertFromSnakeCase
        }
        #expect(value.firstName == "Ada")
    }

    @Test func xsiNilWorksInBothModes() throws {
        struct R: Decodable { var a: Int? }
        let xml = """
            <r xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><a xsi:nil="true">5</a></r>
            """
        #expect(try decode(R.self, xml).a == nil)
        #expect(try decode(R.self, xml) { $0.shouldProcessNamespaces = true }.a == nil)
    }

    @Test func clarkNotationKeysMatchByNamespaceURI() throws {
        struct R: Decodable {
            var td: [String]; enum CodingKeys: String, CodingKey { case td = "{http://www.w3.org/TR/html4/}td" }
        }
        struct T: Decodable {
            var tr: R; enum CodingKeys: String, CodingKey { case tr = "{http://www.w3.org/TR/html4/}tr" }
        }
        #expect(try decode(T.self, tableXML).tr.td == ["Apples", "Bananas"])
        let otherPrefix = tableXML.replacingOccurrences(of: "h:", with: "html:").replacingOccurrences(
            of: "xmlns:h=", with: "xmlns:html=")
        #expect(try decode(T.self, otherPrefix).tr.td == ["Apples", "Bananas"])
    }

    @Test func unboundPrefixIsAParseError() {
        let error = decodingError(String.self, "<x:r>1</x:r>")
        #expect(error?.kind == "dataCorrupted")
    }
}
