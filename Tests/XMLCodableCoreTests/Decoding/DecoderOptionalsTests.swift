// Optionals: absent, empty element, and xsi:nil="true" are told apart; what an empty element
// means for each kind of type.

import Foundation
import Testing
@testable import XMLCodableCore
import XMLCodableTestSupport

private let xsi = #"xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance""#

@Suite struct DecoderOptionalsTests {
    struct AllOptional: Decodable, Equatable {
        var s: String?
        var i: Int?
        var b: Bool?
        var d: Double?
        var date: Date?
        var data: Data?
        var url: URL?
    }

    @Test func absentIsNil() throws {
        #expect(try decode(AllOptional.self, "<r/>") == AllOptional())
    }

    @Test func emptyElements() throws {
        let xml = """
            <r><s/><i/><b/><d></d><date/><data/><url/></r>
            """
        let value = try decode(AllOptional.self, xml)
        #expect(value.s == "")  // an empty element is an empty string
        #expect(value.i == nil)  // but no number
        #expect(value.b == nil)
        #expect(value.d == nil)
        #expect(value.date == nil)
        // Data and URL are read from text: an empty element is no value. (The implementation
        // documents "nil for an empty element when the type cannot be empty (a number, a
        // boolean, a date)"; its isScalar covers Data and URL too.)
        #expect(value.data == nil)
        #expect(value.url == nil)
    }

    /// Each scalar optional type, on its own, from an empty element (documented: `nil` for
    /// numbers, booleans, dates and data). Concrete property types, as models declare them:
    /// synthesized code then calls the type-specific `decodeIfPresent` overloads.
    @Test(arguments: ["Int", "Int8", "UInt64", "Bool", "Double", "Float", "Decimal", "Date", "Data"])
    func emptyElementIsNilForScalarOptional(_ typeName: String) throws {
        struct OInt: Decodable { var v: Int? }
        struct OInt8: Decodable { var v: Int8? }
        struct OUInt64: Decodable { var v: UInt64? }
        struct OBool: Decodable { var v: Bool? }
        struct ODouble: Decodable { var v: Double? }
        struct OFloat: Decodable { var v: Float? }
        struct ODecimal: Decodable { var v: Decimal? }
        struct ODate: Decodable { var v: Date? }
        struct OData: Decodable { var v: Data? }
        let xml = "<r><v/></r>"
        let isNil: Bool
        switch typeName {
        case "Int": isNil = try decode(OInt.self, xml).v == nil
        case "Int8": isNil = try decode(OInt8.self, xml).v == nil
        case "UInt64": isNil = try decode(OUInt64.self, xml).v == nil
        case "Bool": isNil = try decode(OBool.self, xml).v == nil
        case "Double": isNil = try decode(ODouble.self, xml).v == nil
        case "Float": isNil = try decode(OFloat.self, xml).v == nil
        case "Decimal": isNil = try decode(ODecimal.self, xml).v == nil
        case "Date": isNil = try decode(ODate.self, xml).v == nil
        default: isNil = try decode(OData.self, xml).v == nil
        }
        #expect(isNil)
    }

    @Test func xsiNil() throws {
        let xml = """
            <r \(xsi)>
              <s xsi:nil="true"/>
              <i xsi:nil="true"/>
              <b xsi:nil="true"></b>
              <d xsi:nil="1"/>
            </r>
            """
        #expect(try decode(AllOptional.self, xml) == AllOptional())
    }

    @Test func xsiNilWithOtherPrefix() throws {
        let xml = """
            <r xmlns:inst="http://www.w3.org/2001/XMLSchema-instance"><s inst:nil="true"/></r>
            """
        #expect(try decode(AllOptional.self, xml).s == nil)
    }

    @Test func nilAttributeWithoutXSINamespaceIsNotNil() throws {
        // `nil` in another namespace is an ordinary attribute: the element is not nil.
        let xml = """
            <r xmlns:x="urn:other"><s x:nil="true">v</s></r>
            """
        #expect(try decode(AllOptional.self, xml).s == "v")
    }

    @Test func xsiNilFalseIsAValue() throws {
        let xml = """
            <r \(xsi)><s xsi:nil="false">v</s><i xsi:nil="false">3</i></r>
            """
        let value = try decode(AllOptional.self, xml)
        #expect(value.s == "v")
        #expect(value.i == 3)
    }

    @Test func presentValues() throws {
        let xml = """
            <r i="3"><s>x</s><b>true</b><d>1.5</d><date>10</date><data>AQI=</data><url>https://a.b/</url></r>
            """
        let value = try decode(AllOptional.self, xml)
        #expect(
            value
                == AllOptional(
                    s: "x", i: 3, b: true, d: 1.5, date: Date(timeIntervalSince1970: 10),
                    data: Data([1, 2]), url: URL(string: "https://a.b/")))
    }

    @Test func presentButMalformedIsAnErrorNotNil() throws {
        let error = try #require(decodingError(AllOptional.self, "<r><i>abc</i></r>"))
        #expect(error.kind == "dataCorrupted")
        #expect(error.fullPath == ["i"])
    }

    @Test func whitespaceOnlyStringElement() throws {
        #expect(try decode(AllOptional.self, "<r><s>   </s></r>").s == "")
    }

    struct Inner: Decodable, Equatable { var a: String?; var b: Int? }
    struct Outer: Decodable, Equatable { var inner: Inner? }

    @Test func structWithAllOptionalFields() throws {
        #expect(try decode(Outer.self, "<o/>").inner == nil)
        // An empty element is a struct whose fields are all absent (documented: "otherwise the value").
        #expect(try decode(Outer.self, "<o><inner/></o>").inner == Inner(a: nil, b: nil))
        #expect(try decode(Outer.self, "<o \(xsi)><inner xsi:nil=\"true\"/></o>").inner == nil)
        #expect(try decode(Outer.self, "<o><inner b=\"2\"/></o>").inner == Inner(a: nil, b: 2))
        #expect(try decode(Inner.self, "<inner/>") == Inner(a: nil, b: nil))
    }

    @Test func topLevelOptionals() throws {
        #expect(try decode(Int?.self, "<r/>") == nil)
        #expect(try decode(Int?.self, "<r>4</r>") == 4)
        #expect(try decode(String?.self, "<r/>") == "")
        #expect(try decode(String?.self, "<r \(xsi) xsi:nil=\"true\"/>") == nil)
        #expect(try decode(Int?.self, "<r \(xsi) xsi:nil=\"true\"/>") == nil)
    }

    @Test func emptyElementForNonOptionalString() throws {
        struct S: Decodable { var s: String }
        #expect(try decode(S.self, "<r><s/></r>").s == "")
    }

    @Test func emptyElementForNonOptionalIntIsAnError() throws {
        struct S: Decodable { var i: Int }
        let error = try #require(decodingError(S.self, "<r><i/></r>"))
        #expect(error.fullPath == ["i"])
    }

    @Test func keyedDecodeNilDistinguishesCases() throws {
        struct Probe: Decodable {
            var absent: Bool
            var nilled: Bool
            var value: Bool
            enum Keys: String, CodingKey { case absent, nilled, value }
            init(from decoder: any Decoder) throws {
                let c = try decoder.container(keyedBy: Keys.self)
                absent = try c.decodeNil(forKey: .absent)
                nilled = try c.decodeNil(forKey: .nilled)
                value = try c.decodeNil(forKey: .value)
            }
        }
        let probe = try decode(Probe.self, "<r \(xsi)><nilled xsi:nil=\"true\"/><value>1</value></r>")
        #expect(probe.absent)
        #expect(probe.nilled)
        #expect(!probe.value)
    }

    @Test func unkeyedDecodeNil() throws {
        struct Probe: Decodable {
            var flags: [Bool] = []
            init(from decoder: any Decoder) throws {
                var list = try decoder.unkeyedContainer()
                while !list.isAtEnd {
                    if try list.decodeNil() {
                        flags.append(true)
                    } else {
                        flags.append(false); _ = try list.decode(String.self)
                    }
                }
            }
        }
        let xml = """
            <r \(xsi)><a xsi:nil="true"/><b>x</b><c xsi:nil="true"/></r>
            """
        #expect(try decode(Probe.self, xml).flags == [true, false, true])
    }

    @Test func optionalAttributes() throws {
        struct A: Decodable { @Attribute var n: Int?; var m: Int? }
        let both = try decode(A.self, #"<r n="1" m="2"/>"#)
        #expect(both.n == 1)
        #expect(both.m == 2)
        let neither = try decode(A.self, "<r/>")
        #expect(neither.n == nil)
        #expect(neither.m == nil)
    }
}
