// Optional scalars read on the plain path (an attribute, or an element without attributes and one
// run of text) must decode exactly as the full path does: the same value as the non-optional
// decode for every shape of text, `nil` for what an optional reads as absent, and the same errors.
// The single-value container's plain path (a type that wraps a scalar, a RawRepresentable enum)
// likewise.

import Foundation
import Testing
@testable import XMLCodableCore
import XMLCodableTestSupport

@Suite struct DecoderPlainOptionalTests {
    struct Optionals: Decodable, Equatable {
        var s: String?
        var i: Int?
        var d: Double?
        var b: Bool?
    }

    struct Required: Decodable, Equatable {
        var s: String
        var i: Int
        var d: Double
        var b: Bool
    }

    /// Each case: the same four values as attributes and as elements.
    static let texts: [(s: String, i: String, d: String, b: String)] = [
        ("plain", "42", "2.5", "true"),
        ("x &amp; y", "&#52;2", "2&#46;5", "&#116;rue"),
        (" padded ", " 42 ", " 2.5 ", " yes "),
        ("tab\tand&#10;line", "-7", "1e3", "0"),
        ("é ü 漢字", "+3", "-0.0", "N"),
    ]

    @Test(arguments: 0..<texts.count, [false, true])
    func optionalsReadAsTheNonOptionalDecode(index: Int, trims: Bool) throws {
        let t = Self.texts[index]
        let configure: (XMLDecoder) -> Void = { $0.trimValueWhitespaces = trims }
        let attributes = #"<r s="\#(t.s)" i="\#(t.i)" d="\#(t.d)" b="\#(t.b)"/>"#
        let elements = "<r><s>\(t.s)</s><i>\(t.i)</i><d>\(t.d)</d><b>\(t.b)</b></r>"
        for xml in [attributes, elements] {
            let required = try decode(Required.self, xml, configure: configure)
            let optional = try decode(Optionals.self, xml, configure: configure)
            #expect(optional == Optionals(s: required.s, i: required.i, d: required.d, b: required.b), "\(xml)")
        }
    }

    @Test func elementsThatAreNotOnePlainRunTakeTheFullPath() throws {
        // Two runs (a comment between), CDATA, an attribute beside the text, xsi:nil, empty.
        let xml = """
            <r xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
              <s>a<!-- c -->b</s>
              <i><![CDATA[12]]></i>
              <d unit="kg">2.5</d>
              <b xsi:nil="true"/>
            </r>
            """
        #expect(try decode(Optionals.self, xml) == Optionals(s: "ab", i: 12, d: 2.5, b: nil))
        let empty = "<r><s/><i/><d></d><b/></r>"
        #expect(try decode(Optionals.self, empty) == Optionals(s: "", i: nil, d: nil, b: nil))
        let nilString = #"<r xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><s xsi:nil="true"/></r>"#
        #expect(try decode(Optionals.self, nilString) == Optionals(s: nil, i: nil, d: nil, b: nil))
    }

    @Test func badValuesStillThrowWithTheirPath() throws {
        for xml in [#"<r i="4x2"/>"#, "<r><i>4x2</i></r>"] {
            let error = try #require(decodingError(Optionals.self, xml))
            #expect(error.kind == "dataCorrupted")
            #expect(error.fullPath == ["i"])
            #expect(error.debugDescription.contains("4x2"))
        }
        let overflow = try #require(decodingError(Optionals.self, #"<r i="99999999999999999999"/>"#))
        #expect(overflow.debugDescription.contains("does not fit"))
        let notBool = try #require(decodingError(Optionals.self, "<r><b>maybe</b></r>"))
        #expect(notBool.fullPath == ["b"])
    }

    // MARK: The single-value container

    enum Kind: String, Decodable, Equatable { case shared = "s", inline = "inlineStr" }

    struct Reference: Decodable, Equatable {
        var text: String
        init(text: String) { self.text = text }
        init(from decoder: any Decoder) throws { text = try decoder.singleValueContainer().decode(String.self) }
    }

    struct Count: Decodable, Equatable {
        var value: UInt8
        init(value: UInt8) { self.value = value }
        init(from decoder: any Decoder) throws { value = try decoder.singleValueContainer().decode(UInt8.self) }
    }

    struct Cell: Decodable, Equatable {
        var r: Reference
        var t: Kind?
        var n: Count?
    }

    @Test func singleValueTypesReadPlainValues() throws {
        #expect(
            try decode(Cell.self, #"<c r="A1" t="s" n="7"/>"#)
                == Cell(r: Reference(text: "A1"), t: .shared, n: Count(value: 7)))
        #expect(
            try decode(Cell.self, "<c><r> B&#50; </r><t>inlineStr</t></c>")
                == Cell(r: Reference(text: "B2"), t: .inline, n: nil))
        #expect(
            try decode(Cell.self, "<c><r> B2 </r></c>") { $0.trimValueWhitespaces = false }
                == Cell(r: Reference(text: " B2 "), t: nil, n: nil))
    }

    @Test func singleValueTypesStillReportBadValues() throws {
        let tooBig = try #require(decodingError(Cell.self, #"<c r="A1" n="300"/>"#))
        #expect(tooBig.fullPath == ["n"])
        #expect(tooBig.debugDescription.contains("does not fit"))
        let unknownCase = try #require(decodingError(Cell.self, #"<c r="A1" t="zz"/>"#))
        #expect(unknownCase.kind == "dataCorrupted")
        #expect(unknownCase.fullPath == ["t"])
        let nested = try #require(decodingError(Cell.self, "<c><r><x/></r></c>"))
        #expect(nested.kind == "typeMismatch")
        #expect(nested.fullPath == ["r"])
    }
}
