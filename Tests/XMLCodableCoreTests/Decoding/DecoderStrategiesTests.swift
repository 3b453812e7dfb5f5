// Strategies: keys, dates, data, non-conforming floats, booleans, and white space.

import Foundation
import Testing
import XMLCodable  // the Foundation API: DateFormatter strategies, FileHandle
@testable import XMLCodableCore
import XMLCodableTestSupport

// MARK: - Keys

@Suite struct DecoderKeyStrategyTests {
    struct User: Decodable, Equatable {
        var firstName: String
        var userID: Int?
        var homeAddress: Address?
        var phoneNumber: [String]
        struct Address: Decodable, Equatable { var streetName: String }
    }

    @Test(arguments: [
        ("snake", "first_name", "home_address", "street_name", "phone_number"),
        ("kebab", "first-name", "home-address", "street-name", "phone-number"),
        ("capitalized", "FirstName", "HomeAddress", "StreetName", "PhoneNumber"),
        ("uppercase", "FIRST_NAME", "HOME_ADDRESS", "STREET_NAME", "PHONE_NUMBER"),
    ])
    func conversions(_ names: (String, String, String, String, String)) throws {
        let (strategy, first, home, street, phone) = names
        let xml = """
            <user>
              <\(first)>Ada</\(first)>
              <\(home) \(street)="Main St"/>
              <\(phone)>1</\(phone)>
              <\(phone)>2</\(phone)>
            </user>
            """
        let value = try decode(User.self, xml) {
            switch strategy {
            case "snake": $0.keyDecodingStrategy = .convertFromSnakeCase
            case "kebab": $0.keyDecodingStrategy = .convertFromKebabCase
            case "capitalized": $0.keyDecodingStrategy = .convertFromCapitalized
            default: $0.keyDecodingStrategy = .convertFromUppercase
            }
        }
        #expect(
            value
                == User(
                    firstName: "Ada", userID: nil, homeAddress: .init(streetName: "Main St"), phoneNumber: ["1", "2"]))
    }

    @Test func snakeCaseConversionRules() {
        #expect(KeyConversion.camelCase("one_two_three", separator: "_") == "oneTwoThree")
        #expect(KeyConversion.camelCase("_leading", separator: "_") == "_leading")
        #expect(KeyConversion.camelCase("trailing_", separator: "_") == "trailing_")
        #expect(KeyConversion.camelCase("plain", separator: "_") == "plain")
        #expect(KeyConversion.lowercasingFirst("CodingKey") == "codingKey")
    }

    @Test func snakeCaseAppliesToAttributes() throws {
        struct S: Decodable { var userId: Int }
        #expect(try decode(S.self, #"<s user_id="5"/>"#) { $0.keyDecodingStrategy = .convertFromSnakeCase }.userId == 5)
    }

    @Test func defaultKeysDoNotConvert() throws {
        struct S: Decodable { var firstName: String? }
        #expect(try decode(S.self, "<s><first_name>x</first_name></s>").firstName == nil)
    }

    @Test func customKeyStrategy() throws {
        struct S: Decodable, Equatable {
            var name: String; var inner: Inner; struct Inner: Decodable, Equatable { var code: Int }
        }
        let paths = Recorder<[String]>()
        let xml = """
            <s><x-name>n</x-name><x-inner x-code="7"/></s>
            """
        let value = try decode(S.self, xml) {
            $0.keyDecodingStrategy = .custom { path in
                paths.append(pathStrings(path))
                let last = path.last!.stringValue
                return AnyKey(last.hasPrefix("x-") ? String(last.dropFirst(2)) : last)
            }
        }
        #expect(value == S(name: "n", inner: .init(code: 7)))
        // The closure gets the coding path ending in the XML name.
        #expect(paths.values.contains(["x-name"]))
        #expect(paths.values.contains(["inner", "x-code"]))
    }
}

// MARK: - Dates

@Suite struct DecoderDateStrategyTests {
    struct Event: Decodable { var at: Date }

    @Test func secondsSince1970IsDefault() throws {
        #expect(try decode(Event.self, "<e><at>1714566600</at></e>").at == Date(timeIntervalSince1970: 1_714_566_600))
        #expect(try decode(Event.self, #"<e at="1.5"/>"#).at == Date(timeIntervalSince1970: 1.5))
        #expect(try decode(Event.self, "<e><at>-10</at></e>").at == Date(timeIntervalSince1970: -10))
    }

    @Test func millisecondsSince1970() throws {
        let event = try decode(Event.self, "<e><at>1714566600123</at></e>") {
            $0.dateDecodingStrategy = .millisecondsSince1970
        }
        #expect(abs(event.at.timeIntervalSince1970 - 1_714_566_600.123) < 0.0005)
    }

    @Test(arguments: [
        ("2024-05-01T12:30:00Z", 1_714_566_600.0),
        ("2024-05-01T12:30:00.125Z", 1_714_566_600.125),
        ("2024-05-01T12:30:00+02:00", 1_714_559_400.0),
        ("2024-05-01T12:30:00-05:30", 1_714_586_400.0),
        ("2024-05-01T12:30:00.5+02:00", 1_714_559_400.5),
        ("  2024-05-01T12:30:00Z  ", 1_714_566_600.0),
    ])
    func iso8601(_ text: String, _ seconds: Double) throws {
        let event = try decode(Event.self, "<e><at>\(text)</at></e>") { $0.dateDecodingStrategy = .iso8601 }
        #expect(abs(event.at.timeIntervalSince1970 - seconds) < 0.0005, "\(text)")
    }

    @Test(arguments: ["2024-05-01", "yesterday", "2024-13-01T00:00:00Z", "1714566600", ""])
    func iso8601Rejects(_ text: String) {
        let error = decodingError(Event.self, "<e><at>\(text)</at></e>") { $0.dateDecodingStrategy = .iso8601 }
        #expect(error?.fullPath == ["at"])
    }

    @Test func formatted() throws {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = "yyyy-MM-dd"
        let event = try decode(Event.self, "<e><at>2024-05-01</at></e>") {
            $0.dateDecodingStrategy = .formatted(formatter)
        }
        #expect(event.at == Date(timeIntervalSince1970: 1_714_521_600))
        #expect(
            decodingError(Event.self, "<e><at>01/05/2024</at></e>") { $0.dateDecodingStrategy = .formatted(formatter) }
                != nil)
    }

    @Test func custom() throws {
        let event = try decode(Event.self, "<e><at>day 2</at></e>") {
            $0.dateDecodingStrategy = .custom { decoder in
                let text = try decoder.singleValueContainer().decode(String.self)
                guard text.hasPrefix("day "), let days = Double(text.dropFirst(4)) else {
                    throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "bad"))
                }
                #expect(pathStrings(decoder.codingPath) == ["at"])
                return Date(timeIntervalSince1970: days * 86400)
            }
        }
        #expect(event.at == Date(timeIntervalSince1970: 172_800))
    }

    @Test func deferredToDate() throws {
        let event = try decode(Event.self, "<e><at>0</at></e>") { $0.dateDecodingStrategy = .deferredToDate }
        #expect(event.at == Date(timeIntervalSinceReferenceDate: 0))
    }

    @Test func datesInList() throws {
        struct Log: Decodable { var at: [Date] }
        #expect(
            try decode(Log.self, "<l><at>1</at><at>2</at></l>").at == [
                Date(timeIntervalSince1970: 1), Date(timeIntervalSince1970: 2),
            ])
    }
}

// MARK: - Data

@Suite struct DecoderDataStrategyTests {
    struct Blob: Decodable { var bytes: Data }

    @Test func base64IsDefault() throws {
        #expect(try decode(Blob.self, "<b><bytes>SGVsbG8=</bytes></b>").bytes == Data("Hello".utf8))
        #expect(try decode(Blob.self, #"<b bytes="SGk="/>"#).bytes == Data("Hi".utf8))
        #expect(try decode(Blob.self, "<b><bytes>\n  SGVs\n  bG8=\n</bytes></b>").bytes == Data("Hello".utf8))
        #expect(try decode(Blob.self, "<b><bytes></bytes></b>").bytes == Data())
    }

    @Test func invalidBase64IsAnError() {
        // Not silently empty data.
        let error = decodingError(Blob.self, "<b><bytes>%%%%</bytes></b>")
        #expect(error?.fullPath == ["bytes"])
        #expect(decodingError(Blob.self, "<b><bytes>SGVsbG8</bytes></b>") != nil)
    }

    @Test func deferredToData() throws {
        let xml = """
            <b><bytes><byte>72</byte><byte>105</byte></bytes></b>
            """
        #expect(try decode(Blob.self, xml) { $0.dataDecodingStrategy = .deferredToData }.bytes == Data("Hi".utf8))
    }

    @Test func custom() throws {
        let blob = try decode(Blob.self, "<b><bytes>48690a</bytes></b>") {
            $0.dataDecodingStrategy = .custom { decoder in
                let hex = try decoder.singleValueContainer().decode(String.self)
                var data = Data()
                var index = hex.startIndex
                while index < hex.endIndex {
                    let next = hex.index(index, offsetBy: 2)
                    data.append(UInt8(hex[index..<next], radix: 16)!)
                    index = next
                }
                return data
            }
        }
        #expect(blob.bytes == Data([0x48, 0x69, 0x0A]))
    }
}

// MARK: - Non-conforming floats

@Suite struct DecoderFloatStrategyTests {
    struct M: Decodable { var d: Double; var f: Float }

    @Test(arguments: ["INF", "-INF", "NaN", "inf", "nan", "Infinity", "1e400"])
    func throwIsDefault(_ text: String) {
        let error = decodingError(M.self, "<m><d>\(text)</d><f>1</f></m>")
        #expect(error?.fullPath == ["d"])
    }

    @Test func convertFromString() throws {
        let configure: (XMLDecoder) -> Void = {
            $0.nonConformingFloatDecodingStrategy = .convertFromString(
                positiveInfinity: "INF", negativeInfinity: "-INF", nan: "NaN")
        }
        let a = try decode(M.self, #"<m f="-INF"><d>INF</d></m>"#, configure: configure)
        #expect(a.d == .infinity)
        #expect(a.f == -.infinity)
        let b = try decode(M.self, "<m><d> NaN </d><f>NaN</f></m>", configure: configure)
        #expect(b.d.isNaN)
        #expect(b.f.isNaN)
        // Ordinary numbers still work, and other words are still errors.
        #expect(try decode(M.self, "<m><d>1.5</d><f>2</f></m>", configure: configure).d == 1.5)
        #expect(decodingError(M.self, "<m><d>inf</d><f>1</f></m>", configure: configure) != nil)
    }

    @Test func convertFromStringInArrays() throws {
        struct L: Decodable { var v: [Double] }
        let value = try decode(L.self, "<l><v>1</v><v>+inf</v><v>-inf</v></l>") {
            $0.nonConformingFloatDecodingStrategy = .convertFromString(
                positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
        }
        #expect(value.v == [1, .infinity, -.infinity])
        #expect(
            try decode([Double].self, "<l><v>+inf</v></l>") {
                $0.nonConformingFloatDecodingStrategy = .convertFromString(
                    positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
            } == [.infinity])
    }
}

// MARK: - Booleans

@Suite struct DecoderBooleanTests {
    struct B: Decodable { var b: Bool }

    // As XMLCoder reads booleans: xs:boolean's four forms and yes/no/y/n, in any case.
    @Test(arguments: [
        ("true", true), ("false", false), ("1", true), ("0", false), (" true\n", true), ("TRUE", true),
        ("False", false),
        ("yes", true), ("no", false), ("Y", true), ("n", false), ("YES", true), ("No", false),
    ])
    func accepted(_ text: String, _ expected: Bool) throws {
        #expect(try decode(B.self, "<r><b>\(text)</b></r>").b == expected)
        #expect(try decode(B.self, "<r b=\"\(text)\"/>").b == expected)
        #expect(try decode(Bool.self, "<r>\(text)</r>") == expected)
    }

    @Test(arguments: ["ye", "2", "truee", "t", "on", "", "y es"])
    func rejected(_ text: String) {
        let error = decodingError(B.self, "<r><b>\(text)</b></r>")
        #expect(error?.fullPath == ["b"])
        #expect(
            error?.debugDescription.hasPrefix(
                "Expected a boolean (true, false, 1, 0, yes, no, y or n, in any case) but found") == true)
    }

    @Test func xsiNilIsStrictXSBoolean() throws {
        // xsi:nil is XML Schema's attribute: only its own boolean forms mark nil.
        struct O: Decodable { var v: String? }
        let xsi = "xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\""
        #expect(try decode(O.self, "<r \(xsi)><v xsi:nil=\"true\"/></r>").v == nil)
        #expect(try decode(O.self, "<r \(xsi)><v xsi:nil=\"yes\">x</v></r>").v == "x")
    }
}

// MARK: - White space

@Suite struct DecoderWhitespaceTests {
    struct A: Decodable { var a: String }

    @Test(arguments: [
        ("<r><a>  x  </a></r>", "x"),
        ("<r><a>\n  x y\n</a></r>", "x y"),
        ("<r><a>x &amp; y</a></r>", "x & y"),
        ("<r><a>&lt; b</a></r>", "< b"),
        ("<r><a>a &gt;</a></r>", "a >"),
        ("<r><a>a &#x20; b</a></r>", "a   b"),
        ("<r><a>a&#32;b</a></r>", "a b"),
        ("<r><a>  x &amp; y  </a></r>", "x & y"),
        ("<r><a>x <![CDATA[&]]> y</a></r>", "x & y"),
        ("<r><a> <![CDATA[ c ]]> </a></r>", "c"),
    ])
    func trimmedByDefault(_ xml: String, _ expected: String) throws {
        #expect(try decode(A.self, xml).a == expected)
    }

    @Test(arguments: [
        ("<r><a>  x  </a></r>", "  x  "),
        ("<r><a>\n  x y\n</a></r>", "\n  x y\n"),
        ("<r><a>  x &amp; y  </a></r>", "  x & y  "),
        ("<r><a>a &#x20; b</a></r>", "a   b"),
        ("<r><a> <![CDATA[ c ]]> </a></r>", "  c  "),
    ])
    func keptWithoutTrimming(_ xml: String, _ expected: String) throws {
        #expect(try decode(A.self, xml) { $0.trimValueWhitespaces = false }.a == expected)
        #expect(try XMLDecoder(trimValueWhitespaces: false).decode(A.self, from: xml).a == expected)
    }

    @Test func numbersIgnoreSurroundingWhitespaceEitherWay() throws {
        struct N: Decodable { var n: Int; var d: Double }
        let value = try decode(N.self, "<r><n> 5\n</n><d>\t2.5 </d></r>") { $0.trimValueWhitespaces = false }
        #expect(value.n == 5)
        #expect(value.d == 2.5)
    }

    @Test func defaults() {
        let decoder = XMLDecoder()
        #expect(decoder.trimValueWhitespaces)
        #expect(!decoder.removeWhitespaceElements)
        #expect(!decoder.shouldProcessNamespaces)
        #expect(XMLDecoder(removeWhitespaceElements: true).removeWhitespaceElements)
    }

    private enum Item: Decodable, Equatable {
        case text(String)
        case element(String)
        init(from decoder: any Decoder) throws {
            if (try? decoder.container(keyedBy: AnyKey.self)) != nil {
                self = .element(try decoder.singleValueContainer().decode(String.self))
            } else {
                self = .text(try decoder.singleValueContainer().decode(String.self))
            }
        }
    }

    // Documented: "Whether white-space-only text between child elements is ignored when an
    // element is read as a list (it always is when the element has no other text)."
    @Test func removeWhitespaceElementsDropsBlankTextInMixedContent() throws {
        let xml = """
            <p>Hello <b>x</b> <b>y</b></p>
            """
        let removed = try decode([Item].self, xml) { $0.removeWhitespaceElements = true }
        #expect(removed == [.text("Hello"), .element("x"), .element("y")])
        let kept = try decode([Item].self, xml, configure: { $0.trimValueWhitespaces = false })
        #expect(kept == [.text("Hello "), .element("x"), .text(" "), .element("y")])
    }

    @Test func removeWhitespaceElementsWithElementOnlyContent() throws {
        let xml = """
            <list>
              <i>1</i>
              <i>2</i>
            </list>
            """
        #expect(try decode([Int].self, xml) { $0.removeWhitespaceElements = true } == [1, 2])
        #expect(try decode([Int].self, xml) == [1, 2])
    }
}
