// The index packs nodes into 32 bytes and attributes into 16 (XMLIndex.Node,
// XMLIndex.CompactAttribute); what does not pack (DTD defaults, values far from their names, long
// prefixes, namespaces numbered 256 or more) goes to an overflow array. These tests read every kind back,
// through the decoder and through the document model, which share the packing.

import Foundation
import Testing
@testable import XMLCodableCore
import XMLCodableTestSupport

private struct PackedPair: Decodable, Equatable {
    var a: String
    var b: String
}

@Suite struct DecoderIndexPackingTests {
    @Test func nodesAndAttributesHaveTheirPackedSizes() {
        #expect(MemoryLayout<XMLIndex.Node>.stride == 32)
        #expect(MemoryLayout<XMLIndex.CompactAttribute>.stride == 16)
    }

    @Test func defaultedAttributesComeFromTheOverflow() throws {
        let xml = #"<!DOCTYPE r [<!ATTLIST r b CDATA "from the DTD">]><r a="1"/>"#
        #expect(try decode(PackedPair.self, xml) == PackedPair(a: "1", b: "from the DTD"))
        let tree = try XMLTree(parsing: Data(xml.utf8))
        #expect(tree.root.attributes["b"] == "from the DTD")
        #expect(tree.root.attributes["a"] == "1")
    }

    @Test func aValueFarFromItsNameIsKeptWhole() throws {
        let gap = String(repeating: " ", count: 70_000)
        let xml = "<r a\(gap)=\(gap)\"far\" b=\"near\"/>"
        #expect(try decode(PackedPair.self, xml) == PackedPair(a: "far", b: "near"))
        let tree = try XMLTree(parsing: Data(xml.utf8))
        #expect(tree.root.attributes["a"] == "far")
        #expect(try XMLDecoder().decode(PackedPair.self, from: tree) == PackedPair(a: "far", b: "near"))
    }

    @Test func longPrefixesAndManyNamespacesUnpackExactly() throws {
        let prefix = String(repeating: "p", count: 300)
        let declarations = (0..<300).map { #"xmlns:n\#($0)="urn:n\#($0)""# }.joined(separator: " ")
        let xml =
            #"<n299:r \#(declarations) xmlns:\#(prefix)="urn:long" \#(prefix):a="long prefix" n299:b="namespace 300"/>"#
        // Clark keys split each name at its prefix's packed length, and find the namespace by its
        // packed number; the name as written (an attribute key's match) needs neither.
        struct ByURI: Decodable, Equatable {
            var a: String
            var b: String
            enum CodingKeys: String, CodingKey {
                case a = "{urn:long}a"
                case b = "{urn:n299}b"
            }
        }
        struct AsWritten: Decodable, Equatable {
            var a: String
            var b: String
            init(a: String, b: String) {
                self.a = a
                self.b = b
            }
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: AnyKey.self)
                a = try container.decode(String.self, forKey: AnyKey(String(repeating: "p", count: 300) + ":a"))
                b = try container.decode(String.self, forKey: AnyKey("n299:b"))
            }
        }
        #expect(
            try decode(ByURI.self, xml) { $0.shouldProcessNamespaces = true }
                == ByURI(a: "long prefix", b: "namespace 300"))
        #expect(
            try decode(AsWritten.self, xml) { $0.shouldProcessNamespaces = true }
                == AsWritten(a: "long prefix", b: "namespace 300"))
        let pair = try decode(ByURI.self, xml)
        #expect(pair == ByURI(a: "long prefix", b: "namespace 300"))
        let tree = try XMLTree(parsing: Data(xml.utf8))
        #expect(tree.root.attributes["{urn:long}a"] == "long prefix")
        #expect(tree.root.attributes["{urn:n299}b"] == "namespace 300")
        #expect(tree.root.name.namespaceURI == "urn:n299")
        let decoder = XMLDecoder()
        decoder.shouldProcessNamespaces = true
        #expect(try decoder.decode(ByURI.self, from: tree) == pair)
    }

    @Test func valuesWithReferencesKeepTheirFlags() throws {
        let xml = #"<r a="x &amp; y" b="&#x3A9;&lt;"/>"#
        #expect(try decode(PackedPair.self, xml) == PackedPair(a: "x & y", b: "Ω<"))
    }

    @Test func childrenAreFoundFromTheHasChildrenBit() throws {
        struct Outer: Decodable, Equatable {
            struct Inner: Decodable, Equatable { var a: String? }
            var inner: [Inner]
            var tail: String
        }
        let xml = "<o><inner/><inner a=\"1\"></inner><inner><a>2</a></inner><tail>t</tail></o>"
        #expect(try decode(Outer.self, xml) == Outer(inner: [.init(a: nil), .init(a: "1"), .init(a: "2")], tail: "t"))
    }
}
