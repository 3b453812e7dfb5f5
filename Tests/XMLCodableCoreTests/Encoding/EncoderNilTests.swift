// nilEncodingStrategy: a nil optional is left out (default), an empty element, or an element
// marked xsi:nil="true" with the xsi namespace declared on the root; and how each reads back.

import Foundation
import Testing
@testable import XMLCodableCore
import XMLCodableTestSupport

private let xsiNamespace = #"xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance""#

@Suite struct EncoderNilTests {
    struct Opt: Codable, Equatable {
        var a: Int?
        var s: String?
        var b: String
    }

    @Test func omittedByDefault() throws {
        try roundTrip(Opt(a: nil, s: nil, b: "x"), expectedXML: "<r><b>x</b></r>", rootKey: "r")
        try roundTrip(Opt(a: 1, s: "", b: "x"), expectedXML: "<r><a>1</a><s></s><b>x</b></r>", rootKey: "r")
        try roundTrip(
            Opt(a: nil, s: nil, b: "x"), expectedXML: "<r><b>x</b></r>", rootKey: "r",
            encoder: { $0.nilEncodingStrategy = .omitted })
    }

    @Test func emptyElement() throws {
        let xml = try encodeXML(
            Opt(a: nil, s: nil, b: "x"), rootKey: "r", configure: { $0.nilEncodingStrategy = .emptyElement })
        #expect(xml == "<r><a /><s /><b>x</b></r>")
        // Reads back: an empty element is nil for a number, but "" for a String? (documented by
        // the decoder), so only the Int? survives as nil.
        let decoded = try XMLDecoder().decode(Opt.self, from: Data(xml.utf8))
        #expect(decoded.a == nil)
        #expect(decoded.s == "")
    }

    @Test func emptyElementRoundTripsForNonStringOptionals() throws {
        struct N: Codable, Equatable { var i: Int?; var d: Double?; var b: Bool?; var date: Date?; var data: Data? }
        try roundTrip(
            N(), expectedXML: "<n><i /><d /><b /><date /><data /></n>", rootKey: "n",
            encoder: { $0.nilEncodingStrategy = .emptyElement })
    }

    @Test func xsiNil() throws {
        try roundTrip(
            Opt(a: nil, s: nil, b: "x"),
            expectedXML: """
                <r \(xsiNamespace)><a xsi:nil="true" /><s xsi:nil="true" /><b>x</b></r>
                """, rootKey: "r", encoder: { $0.nilEncodingStrategy = .xsiNil })
    }

    @Test func xsiNilNamespaceOnlyWhenUsed() throws {
        try roundTrip(
            Opt(a: 1, s: "s", b: "x"), expectedXML: "<r><a>1</a><s>s</s><b>x</b></r>", rootKey: "r",
            encoder: { $0.nilEncodingStrategy = .xsiNil })
    }

    @Test func xsiNilDeepInsideIsDeclaredOnTheRoot() throws {
        struct Inner: Codable, Equatable { var v: String? }
        struct Outer: Codable, Equatable { @Attribute var id: Int; var inner: [Inner] }
        try roundTrip(
            Outer(id: 1, inner: [Inner(v: "a"), Inner(v: nil)]),
            expectedXML: """
                <o id="1" \(xsiNamespace)><inner><v>a</v></inner><inner><v xsi:nil="true" /></inner></o>
                """, rootKey: "o", encoder: { $0.nilEncodingStrategy = .xsiNil })
    }

    @Test func xsiNilInsideSuperEncoderIsDeclaredOnTheRoot() throws {
        struct Base: Codable, Equatable { var v: String? }
        struct Derived: Codable, Equatable {
            var base: Base
            enum CodingKeys: CodingKey { case x }
            init(base: Base) { self.base = base }
            init(from decoder: any Decoder) throws {
                base = try Base(from: decoder.container(keyedBy: CodingKeys.self).superDecoder())
            }
            func encode(to encoder: any Encoder) throws {
                var c = encoder.container(keyedBy: CodingKeys.self)
                try base.encode(to: c.superEncoder())
            }
        }
        try roundTrip(
            Derived(base: Base(v: nil)),
            expectedXML: """
                <d \(xsiNamespace)><super><v xsi:nil="true" /></super></d>
                """, rootKey: "d", encoder: { $0.nilEncodingStrategy = .xsiNil })
    }

    @Test func topLevelNil() throws {
        try roundTrip(
            String?.none,
            expectedXML: """
                <r xsi:nil="true" \(xsiNamespace) />
                """, rootKey: "r", encoder: { $0.nilEncodingStrategy = .xsiNil })
        try roundTrip(
            Int?.none, expectedXML: "<r xsi:nil=\"true\" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" />",
            rootKey: "r")
    }

    /// A nil String? at the top level under the default strategy: the root is empty, which the
    /// decoder reads as "" for String?. (Recorded: the default cannot tell nil from "" here.)
    @Test func topLevelNilStringDefault() throws {
        try roundTrip(String?.none, rootKey: "r")
    }

    @Test func nilItemsInLists() throws {
        struct L: Codable, Equatable { var n: [Int?] }
        let value = L(n: [1, nil, 3])
        try roundTrip(
            value,
            expectedXML:
                "<l xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\"><n>1</n><n xsi:nil=\"true\" /><n>3</n></l>",
            rootKey: "l")
        try roundTrip(
            value, expectedXML: "<l \(xsiNamespace)><n>1</n><n xsi:nil=\"true\" /><n>3</n></l>", rootKey: "l",
            encoder: { $0.nilEncodingStrategy = .xsiNil })
    }

    /// A nil item in a [String?]: its position must be kept and it must read back as nil.
    /// The unkeyed container documents "A nil item is an element marked xsi:nil", so this is
    /// expected under every strategy.
    @Test(arguments: [XMLEncoder.NilEncodingStrategy.omitted, .emptyElement, .xsiNil])
    func nilStringItemsInLists(_ strategy: XMLEncoder.NilEncodingStrategy) throws {
        struct L: Codable, Equatable { var s: [String?] }
        try roundTrip(L(s: ["a", nil, ""]), rootKey: "l", encoder: { $0.nilEncodingStrategy = strategy })
    }

    @Test func explicitEncodeNilForKeyFollowsTheStrategy() throws {
        struct Explicit: Encodable {
            enum K: String, CodingKey { case gone, text = "" }
            func encode(to encoder: any Encoder) throws {
                var c = encoder.container(keyedBy: K.self)
                try c.encodeNil(forKey: .gone)
                try c.encodeNil(forKey: .text)  // the "" key: nothing to write
            }
        }
        #expect(try encodeXML(Explicit(), rootKey: "r") == "<r />")
        #expect(
            try encodeXML(Explicit(), rootKey: "r", configure: { $0.nilEncodingStrategy = .emptyElement })
                == "<r><gone /></r>")
        #expect(
            try encodeXML(Explicit(), rootKey: "r", configure: { $0.nilEncodingStrategy = .xsiNil }) == """
                <r \(xsiNamespace)><gone xsi:nil="true" /></r>
                """)
    }

    @Test func nilStructRoundTrips() throws {
        struct Inner: Codable, Equatable { var a: String? }
        struct Outer: Codable, Equatable { var inner: Inner?; var other: Inner? }
        try roundTrip(Outer(inner: nil, other: Inner(a: nil)), expectedXML: "<o><other /></o>", rootKey: "o")
        try roundTrip(
            Outer(inner: nil, other: Inner(a: nil)), rootKey: "o", encoder: { $0.nilEncodingStrategy = .xsiNil })
    }
}
