// Attribute keys with and without prefixes, as XMLCoder matches them: an attribute's name is
// matched as written, prefix included, whether or not `shouldProcessNamespaces` is on (elements
// match by local name when it is on); a Clark key `{uri}local` matches by namespace URI. A key
// that misses a name with its local name says in its `keyNotFound` message what it found and why.

import Foundation
import Testing
@testable import XMLCodableCore
import XMLCodableTestSupport

private let relationships = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
private let xmlNamespace = "http://www.w3.org/XML/1998/namespace"

/// Turns `shouldProcessNamespaces` on, as the XLSX client of the issue does.
private let namespaces: @Sendable (XMLDecoder) -> Void = { $0.shouldProcessNamespaces = true }

@Suite struct DecoderPrefixedAttributeKeysTests {
    // MARK: The three cases an XMLCoder client met

    /// OOXML's workbook `<sheet>`, as a spreadsheet reader models it.
    struct Sheet: Decodable, Equatable {
        var name: String
        var sheetID: Int
        var relationship: String
        enum CodingKeys: String, CodingKey {
            case name
            case sheetID = "sheetId"
            case relationship = "r:id"
        }
    }

    struct OptionalSheet: Decodable, Equatable {
        var name: String
        var relationship: String?
        enum CodingKeys: String, CodingKey {
            case name
            case relationship = "r:id"
        }
    }

    private let sheetXML = """
        <sheet xmlns:r="\(relationships)" name="Sheet1" sheetId="1" r:id="rId1"/>
        """

    @Test func prefixedKeyReadsPrefixedAttributeWithNamespaces() throws {
        let sheet = try decode(Sheet.self, sheetXML, configure: namespaces)
        #expect(sheet == Sheet(name: "Sheet1", sheetID: 1, relationship: "rId1"))
    }

    @Test func optionalPrefixedKeyIsNotNilWithNamespaces() throws {
        let sheet = try decode(OptionalSheet.self, sheetXML, configure: namespaces)
        #expect(sheet.relationship == "rId1")
    }

    @Test func prefixedKeyReadsPrefixedAttributeWithoutNamespaces() throws {
        #expect(try decode(Sheet.self, sheetXML).relationship == "rId1")
        #expect(try decode(OptionalSheet.self, sheetXML).relationship == "rId1")
    }

    struct PlainID: Decodable, Equatable { var id: String }

    @Test func unprefixedKeyReadsOnlyTheUnprefixedAttribute() throws {
        let xml = """
            <e xmlns:r="urn:rel" r:id="rel" id="plain"/>
            """
        #expect(try decode(PlainID.self, xml, configure: namespaces).id == "plain")
        #expect(try decode(PlainID.self, xml).id == "plain")
        // The unprefixed attribute first: the same answer.
        let reversed = """
            <e xmlns:r="urn:rel" id="plain" r:id="rel"/>
            """
        #expect(try decode(PlainID.self, reversed, configure: namespaces).id == "plain")
    }

    @Test func unprefixedKeyDoesNotReadPrefixedAttribute() throws {
        let xml = """
            <e xmlns:r="urn:rel" r:id="rel"/>
            """
        let error = try #require(decodingError(PlainID.self, xml, configure: namespaces))
        #expect(error.kind == "keyNotFound")
        #expect(error.debugDescription.contains("Found attribute r:id (namespace \"urn:rel\")"))
        #expect(error.debugDescription.contains("even with shouldProcessNamespaces"))
        #expect(error.debugDescription.contains("the key \"r:id\", or \"{urn:rel}id\" for any prefix, reads it"))

        struct OptionalID: Decodable { var id: String? }
        #expect(try decode(OptionalID.self, xml, configure: namespaces).id == nil)
    }

    /// The Namespaces article's example, as written there.
    @Test func namespacesArticleExample() throws {
        struct Sheet: Decodable, Equatable {
            var name: String
            var relationship: String

            enum CodingKeys: String, CodingKey {
                case name
                case relationship = "r:id"
            }
        }

        let decoder = XMLDecoder()
        decoder.shouldProcessNamespaces = true
        let sheet = try decoder.decode(
            Sheet.self,
            from: """
                <sheet xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"
                       name="Sheet1" r:id="rId1" id="7"/>
                """)
        #expect(sheet == Sheet(name: "Sheet1", relationship: "rId1"))
    }

    // MARK: Prefixed and unprefixed attributes of one local name

    struct ThreeIDs: Decodable, Equatable {
        var a: Int
        var b: Int
        var plain: Int
        enum CodingKeys: String, CodingKey {
            case a = "a:id"
            case b = "b:id"
            case plain = "id"
        }
    }

    /// The keys in another order than the attributes, so that the search starts mid-element.
    struct ThreeIDsReversed: Decodable, Equatable {
        var plain: Int
        var b: Int
        var a: Int
        enum CodingKeys: String, CodingKey {
            case plain = "id"
            case b = "b:id"
            case a = "a:id"
        }
    }

    @Test(arguments: [false, true])
    func mixOfPrefixedAndUnprefixedAttributes(processNamespaces: Bool) throws {
        let xml = """
            <e xmlns:a="urn:a" xmlns:b="urn:b" a:id="1" id="3" b:id="2"/>
            """
        let configure: (XMLDecoder) -> Void = { $0.shouldProcessNamespaces = processNamespaces }
        #expect(try decode(ThreeIDs.self, xml, configure: configure) == ThreeIDs(a: 1, b: 2, plain: 3))
        #expect(try decode(ThreeIDsReversed.self, xml, configure: configure) == ThreeIDsReversed(plain: 3, b: 2, a: 1))
    }

    @Test func prefixedKeyMatchesThePrefixAsWrittenNotTheNamespace() throws {
        // `x:id` is in the namespace `r:` stands for elsewhere; the key names the prefix `r`.
        let xml = """
            <sheet xmlns:x="\(relationships)" name="Sheet1" sheetId="1" x:id="rId1"/>
            """
        let error = try #require(decodingError(Sheet.self, xml, configure: namespaces))
        #expect(error.kind == "keyNotFound")
        #expect(error.debugDescription.contains("Found attribute x:id"))
        #expect(
            error.debugDescription.contains("the key \"x:id\", or \"{\(relationships)}id\" for any prefix, reads it"))
    }

    // MARK: Clark keys

    struct ClarkID: Decodable, Equatable {
        var relationship: String
        enum CodingKeys: String, CodingKey {
            case relationship = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id"
        }
    }

    @Test(arguments: [false, true])
    func clarkKeyMatchesAnyPrefix(processNamespaces: Bool) throws {
        let configure: (XMLDecoder) -> Void = { $0.shouldProcessNamespaces = processNamespaces }
        for prefix in ["r", "rel", "x"] {
            let xml = """
                <sheet xmlns:\(prefix)="\(relationships)" id="plain" \(prefix):id="rId9"/>
                """
            #expect(try decode(ClarkID.self, xml, configure: configure).relationship == "rId9")
        }
    }

    @Test(arguments: [false, true])
    func clarkKeyWithNoNamespaceReadsOnlyTheUnprefixedAttribute(processNamespaces: Bool) throws {
        struct NoNamespace: Decodable {
            var id: String
            enum CodingKeys: String, CodingKey { case id = "{}id" }
        }
        let configure: (XMLDecoder) -> Void = { $0.shouldProcessNamespaces = processNamespaces }
        let xml = """
            <e xmlns:r="urn:rel" r:id="rel" id="plain"/>
            """
        #expect(try decode(NoNamespace.self, xml, configure: configure).id == "plain")
        #expect(decodingError(NoNamespace.self, #"<e xmlns:r="urn:rel" r:id="rel"/>"#, configure: configure) != nil)
    }

    @Test func clarkKeyInAnotherNamespaceExplainsItself() throws {
        let xml = """
            <sheet xmlns:r="urn:other" r:id="rId9"/>
            """
        let error = try #require(decodingError(ClarkID.self, xml, configure: namespaces))
        #expect(error.debugDescription.contains("Found attribute r:id (namespace \"urn:other\")"))
        #expect(error.debugDescription.contains("names another namespace"))
    }

    // MARK: xml:lang and xsi:type

    struct Title: Decodable, Equatable {
        var language: String
        var text: String
        enum CodingKeys: String, CodingKey {
            case language = "xml:lang"
            case text = ""
        }
    }

    @Test(arguments: [false, true])
    func xmlLangIsReadByItsWrittenName(processNamespaces: Bool) throws {
        let xml = """
            <title xml:lang="en-GB">Colour</title>
            """
        let title = try decode(Title.self, xml) { $0.shouldProcessNamespaces = processNamespaces }
        #expect(title == Title(language: "en-GB", text: "Colour"))
    }

    @Test func xmlLangByClarkKeyAndNotByLocalName() throws {
        struct ByURI: Decodable {
            var language: String
            enum CodingKeys: String, CodingKey { case language = "{http://www.w3.org/XML/1998/namespace}lang" }
        }
        struct ByLocalName: Decodable { var lang: String }
        let xml = """
            <title xml:lang="fr">Couleur</title>
            """
        #expect(try decode(ByURI.self, xml, configure: namespaces).language == "fr")
        let error = try #require(decodingError(ByLocalName.self, xml, configure: namespaces))
        #expect(error.kind == "keyNotFound")
        #expect(error.debugDescription.contains("Found attribute xml:lang (namespace \"\(xmlNamespace)\")"))
        #expect(error.debugDescription.contains("the key \"xml:lang\""))
    }

    struct TypedValue: Decodable, Equatable {
        var type: String
        var value: Int
        var nativeType: String?
        enum CodingKeys: String, CodingKey {
            case type = "xsi:type"
            case value = ""
            case nativeType = "type"
        }
    }

    @Test(arguments: [false, true])
    func xsiTypeBesideAPlainTypeAttribute(processNamespaces: Bool) throws {
        let configure: (XMLDecoder) -> Void = { $0.shouldProcessNamespaces = processNamespaces }
        let xml = """
            <value xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:type="xs:int">5</value>
            """
        #expect(
            try decode(TypedValue.self, xml, configure: configure)
                == TypedValue(type: "xs:int", value: 5, nativeType: nil))
        let both = """
            <value xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" type="native" xsi:type="xs:int">5</value>
            """
        #expect(
            try decode(TypedValue.self, both, configure: configure)
                == TypedValue(type: "xs:int", value: 5, nativeType: "native"))
    }

    // MARK: Elements keep their rule

    struct Cell: Decodable, Equatable {
        var value: String
        enum CodingKeys: String, CodingKey { case value = "v" }
    }

    @Test func elementsMatchLocalNamesWithNamespaces() throws {
        let xml = """
            <x:c xmlns:x="urn:sheet"><x:v>42</x:v></x:c>
            """
        #expect(try decode(Cell.self, xml, configure: namespaces).value == "42")
        let error = try #require(decodingError(Cell.self, xml))
        #expect(error.debugDescription.contains("Found element <x:v> (namespace \"urn:sheet\")"))
        #expect(
            error.debugDescription.contains("the key \"x:v\" reads it, as does \"v\" with shouldProcessNamespaces."))
    }

    @Test func prefixedElementKeyWithNamespacesExplainsTheLocalNameRule() throws {
        struct Prefixed: Decodable {
            var value: String
            enum CodingKeys: String, CodingKey { case value = "x:v" }
        }
        let xml = """
            <x:c xmlns:x="urn:sheet"><x:v>42</x:v></x:c>
            """
        let error = try #require(decodingError(Prefixed.self, xml, configure: namespaces))
        #expect(
            error.debugDescription.contains(
                "with shouldProcessNamespaces, element keys match local names, so the key \"v\" reads it."))
    }

    // MARK: Placement

    @Test func aNameInTheWrongPlaceSaysSo() throws {
        struct WantsElement: Decodable { @Element var id: String }
        let error = try #require(decodingError(WantsElement.self, #"<e id="1"/>"#))
        #expect(error.debugDescription.contains("Found attribute id, but this key is read from elements only."))

        struct WantsAttribute: Decodable { @Attribute var id: String }
        let other = try #require(decodingError(WantsAttribute.self, "<e><id>1</id></e>"))
        #expect(other.debugDescription.contains("Found element <id>, but this key is read from attributes only."))
    }

    @Test func aKeyWithNoNearMissHasNoHint() throws {
        let error = try #require(decodingError(PlainID.self, #"<e name="x"><child/></e>"#, configure: namespaces))
        #expect(!error.debugDescription.contains("Found"))
    }

    // MARK: Every way to reach the keys

    @Test func attributeWrapperAndDynamicPlacementUseTheSameRule() throws {
        struct Wrapped: Decodable, Equatable {
            @Attribute var relationship: String
            enum CodingKeys: String, CodingKey { case relationship = "r:id" }
        }
        struct Dynamic: Decodable, Equatable, DynamicNodeDecoding {
            var relationship: String
            enum CodingKeys: String, CodingKey { case relationship = "r:id" }
            static func nodeDecoding(for key: any CodingKey) -> XMLDecoder.NodeDecoding { .attribute }
        }
        #expect(try decode(Wrapped.self, sheetXML, configure: namespaces).relationship == "rId1")
        #expect(try decode(Dynamic.self, sheetXML, configure: namespaces).relationship == "rId1")
    }

    @Test func dictionaryKeysAreAttributeNamesAsWritten() throws {
        let xml = """
            <e xmlns:r="urn:rel" r:id="1" id="2"/>
            """
        #expect(try decode([String: String].self, xml, configure: namespaces) == ["r:id": "1", "id": "2"])
    }

    @Test func keyStrategyConvertsAttributeNamesAsWritten() throws {
        struct Renamed: Decodable, Equatable {
            var relationID: String
            var plain: String
            enum CodingKeys: String, CodingKey {
                case relationID = "r:relId"
                case plain = "relId"
            }
        }
        let xml = """
            <e xmlns:r="urn:rel" r:rel_id="prefixed" rel_id="plain"/>
            """
        let value = try decode(Renamed.self, xml) {
            $0.shouldProcessNamespaces = true
            $0.keyDecodingStrategy = .convertFromSnakeCase
        }
        #expect(value == Renamed(relationID: "prefixed", plain: "plain"))
    }

    @Test func subtreeAndStreamDecodingUseTheSameRule() throws {
        let xml = """
            <workbook xmlns:r="\(relationships)"><sheets>\
            <sheet name="A" sheetId="1" r:id="rId1"/><sheet name="B" sheetId="2" r:id="rId2"/>\
            </sheets></workbook>
            """
        let decoder = XMLDecoder()
        decoder.shouldProcessNamespaces = true
        let tree = try XMLTree(parsing: Data(xml.utf8))
        let second = try #require(tree["workbook"]["sheets"]["sheet"][1].element)
        #expect(try decoder.decode(Sheet.self, from: second).relationship == "rId2")

        var streamed: [String] = []
        try decoder.decodeElements(Sheet.self, at: "workbook/sheets/sheet", from: Data(xml.utf8)) {
            streamed.append($0.relationship)
        }
        #expect(streamed == ["rId1", "rId2"])
    }
}
