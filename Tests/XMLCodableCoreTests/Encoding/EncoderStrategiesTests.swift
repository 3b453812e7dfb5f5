// The encoding strategies, each checked against the text it writes and against the decoder's
// matching strategy: keys, dates (default round-trips; iso8601 with fractional seconds), data,
// non-conforming floats, and strings as CDATA (split where the value contains "]]>").

import Foundation
import Testing
import XMLCodable  // the Foundation API: DateFormatter strategies, FileHandle
@testable import XMLCodableCore
import XMLCodableTestSupport

@Suite struct EncoderStrategiesTests {
    // MARK: Keys

    struct Person: Codable, Equatable {
        var firstName: String
        var lastNameOfPerson: String
        var age: Int
        @Attribute var personID: Int
    }

    private let person = Person(firstName: "Ada", lastNameOfPerson: "L", age: 36, personID: 7)

    @Test func snakeCase() throws {
        try roundTrip(
            person,
            expectedXML: """
                <r person_id="7"><first_name>Ada</first_name><last_name_of_person>L</last_name_of_person><age>36</age></r>
                """, rootKey: "r", encoder: { $0.keyEncodingStrategy = .convertToSnakeCase },
            decoder: { $0.keyDecodingStrategy = .custom(Self.undoSnake) })
    }

    /// The decoder's convertFromSnakeCase turns `person_id` into `personId`, not `personID`
    /// (JSONDecoder does the same), so the acronym round trip goes through a custom decoder key.
    @Sendable static func undoSnake(_ path: [any CodingKey]) -> any CodingKey {
        let name = path.last!.stringValue
        let map = ["person_id": "personID", "first_name": "firstName", "last_name_of_person": "lastNameOfPerson"]
        return AnyKey(map[name] ?? name)
    }

    @Test func snakeCaseWithDecoderStrategy() throws {
        // (A key already in snake case, `already_snake`, would come back as `alreadySnake`, as with JSONDecoder.)
        struct S: Codable, Equatable { var firstName: String; var myValue2: Int; var ok: Bool }
        try roundTrip(
            S(firstName: "a", myValue2: 2, ok: true),
            expectedXML: """
                <r><first_name>a</first_name><my_value2>2</my_value2><ok>true</ok></r>
                """, rootKey: "r", encoder: { $0.keyEncodingStrategy = .convertToSnakeCase },
            decoder: { $0.keyDecodingStrategy = .convertFromSnakeCase })
    }

    /// Words are split as XMLCoder (and Foundation's JSONEncoder) split them: a run of capitals is
    /// one word up to the capital before a lower-case letter, after the first character.
    @Test func snakeCaseAcronyms() throws {
        // swift-format-ignore: AlwaysUseLowerCamelCase
        struct S: Encodable { var myURLProperty = 1; var HTTPServer = 2; var id = 3 }
        #expect(
            try encodeXML(S(), rootKey: "r", configure: { $0.keyEncodingStrategy = .convertToSnakeCase }) == """
                <r><my_url_property>1</my_url_property><h_ttp_server>2</h_ttp_server><id>3</id></r>
                """)
    }

    @Test func kebabCase() throws {
        struct S: Codable, Equatable {
            var firstName: String; var lastNameOfPerson: String; @Attribute var itemCount: Int
        }
        try roundTrip(
            S(firstName: "a", lastNameOfPerson: "b", itemCount: 3),
            expectedXML: """
                <r item-count="3"><first-name>a</first-name><last-name-of-person>b</last-name-of-person></r>
                """, rootKey: "r", encoder: { $0.keyEncodingStrategy = .convertToKebabCase },
            decoder: { $0.keyDecodingStrategy = .convertFromKebabCase })
    }

    @Test func capitalized() throws {
        struct S: Codable, Equatable { var firstName: String; var age: Int }
        try roundTrip(
            S(firstName: "a", age: 1),
            expectedXML: """
                <r><FirstName>a</FirstName><Age>1</Age></r>
                """, rootKey: "r", encoder: { $0.keyEncodingStrategy = .capitalized },
            decoder: { $0.keyDecodingStrategy = .convertFromCapitalized })
    }

    @Test func uppercased() throws {
        struct S: Codable, Equatable { var name: String; var age: Int }
        try roundTrip(
            S(name: "a", age: 1), expectedXML: "<r><NAME>a</NAME><AGE>1</AGE></r>", rootKey: "r",
            encoder: { $0.keyEncodingStrategy = .uppercased },
            decoder: { $0.keyDecodingStrategy = .convertFromUppercase })
        struct M: Encodable { var firstName = "a" }
        #expect(
            try encodeXML(M(), rootKey: "r", configure: { $0.keyEncodingStrategy = .uppercased })
                == "<r><FIRSTNAME>a</FIRSTNAME></r>")
    }

    @Test func lowercased() throws {
        // swift-format-ignore: AlwaysUseLowerCamelCase
        struct S: Codable, Equatable { var firstName: String; var Age: Int }
        try roundTrip(
            S(firstName: "a", Age: 1), expectedXML: "<r><firstname>a</firstname><age>1</age></r>", rootKey: "r",
            encoder: { $0.keyEncodingStrategy = .lowercased },
            decoder: {
                $0.keyDecodingStrategy = .custom { path in
                    AnyKey(["firstname": "firstName", "age": "Age"][path.last!.stringValue] ?? path.last!.stringValue)
                }
            })
    }

    @Test func customKeysSeeTheCodingPath() throws {
        struct Inner: Codable, Equatable { var v: Int }
        struct S: Codable, Equatable { var a: Int; var inner: Inner; var list: [Inner] }
        let paths = Recorder<[String]>()
        try roundTrip(
            S(a: 1, inner: Inner(v: 2), list: [Inner(v: 3)]),
            expectedXML: """
                <r><x-a>1</x-a><x-inner><x-v>2</x-v></x-inner><x-list><x-v>3</x-v></x-list></r>
                """, rootKey: "r",
            encoder: {
                $0.keyEncodingStrategy = .custom { path in
                    paths.append(pathStrings(path))
                    return AnyKey("x-" + path.last!.stringValue)
                }
            },
            decoder: {
                $0.keyDecodingStrategy = .custom { path in AnyKey(String(path.last!.stringValue.dropFirst(2))) }
            })
        #expect(paths.values == [["a"], ["inner"], ["inner", "v"], ["list"], ["list", "0", "v"]])
    }

    @Test func keyStrategyAppliesToTheDefaultRootName() throws {
        struct MyNote: Encodable { var v = 1 }
        #expect(
            try encodeXML(MyNote(), configure: { $0.keyEncodingStrategy = .convertToSnakeCase })
                == "<my_note><v>1</v></my_note>")
        #expect(
            try encodeXML(MyNote(), configure: { $0.keyEncodingStrategy = .lowercased }) == "<mynote><v>1</v></mynote>")
        #expect(
            try encodeXML(MyNote(), rootKey: "KeepMe", configure: { $0.keyEncodingStrategy = .lowercased })
                == "<KeepMe><v>1</v></KeepMe>")
    }

    @Test func customKeyStrategyProducingAnInvalidNameIsRefused() throws {
        struct S: Encodable { var a = 1 }
        #expect(encodingError(S(), configure: { $0.keyEncodingStrategy = .custom { _ in AnyKey("a b") } }) != nil)
        #expect(encodingError(S(), configure: { $0.keyEncodingStrategy = .custom { _ in AnyKey("9a") } }) != nil)
    }

    // MARK: Dates

    /// Dates where the encoder sees the `Date` type itself: a property, a list item, an optional.
    struct Dated: Codable, Equatable { var date: Date; var list: [Date]; var opt: Date? }

    private func dated(_ date: Date) -> Dated { Dated(date: date, list: [date, date], opt: date) }

    @Test(arguments: [0, 1.5, -1.25, 1_700_000_000.125, 86_400 * 365.25 * 300, -62_135_596_800])
    func datesRoundTripWithDefaults(_ seconds: Double) throws {
        try roundTrip(dated(Date(timeIntervalSince1970: seconds)), rootKey: "d")
    }

    @Test func defaultDateText() throws {
        #expect(
            try encodeXML(dated(Date(timeIntervalSince1970: 1_700_000_000.5)), rootKey: "d") == """
                <d><date>1700000000.5</date><list>1700000000.5</list><list>1700000000.5</list><opt>1700000000.5</opt></d>
                """)
    }

    @Test func datesAsAttributesThroughTheNodeStrategy() throws {
        try roundTrip(
            dated(Date(timeIntervalSince1970: 2.5)),
            expectedXML: """
                <d date="2.5" opt="2.5"><list>2.5</list><list>2.5</list></d>
                """, rootKey: "d",
            encoder: {
                $0.nodeEncodingStrategy = .custom { _, _ in { $0.stringValue == "list" ? .element : .attribute } }
            })
    }

    /// Values with an encoding strategy (Date, Data) or their own text form (URL, Decimal) inside
    /// the property wrappers: the wrapper's Codable form is the bare value, so the XML must be
    /// the same as for a plain property: the strategy applies and the value round-trips.
    struct Wrapped: Codable, Equatable {
        @Attribute var date: Date
        @Element var elementDate: Date
        @ElementAndAttribute var bothDate: Date
        @Attribute var data: Data
        @Attribute var url: URL
        @Element var decimal: Decimal
        @Attribute var optionalDate: Date?
    }

    @Test func wrappedValuesUseTheStrategiesAndTextForms() throws {
        let date = Date(timeIntervalSince1970: 1_700_000_000.5)
        let value = Wrapped(
            date: Attribute(date), elementDate: Element(date), bothDate: ElementAndAttribute(date),
            data: Attribute(Data([1, 2])),
            url: Attribute(URL(string: "https://example.com/?a=1&b=2")!), decimal: Element(Decimal(string: "12.5")!),
            optionalDate: Attribute(date))
        try roundTrip(
            value,
            expectedXML: """
                <w date="1700000000.5" bothDate="1700000000.5" data="AQI=" url="https://example.com/?a=1&amp;b=2" optionalDate="1700000000.5"><elementDate>1700000000.5</elementDate><bothDate>1700000000.5</bothDate><decimal>12.5</decimal></w>
                """, rootKey: "w")
    }

    /// The same, one wrapped type at a time, so each wrong text is visible.
    @Test func eachWrappedSpecialValue() throws {
        func xml<T: Encodable>(_ value: T) -> String {
            do { return try encodeXML(value, rootKey: "w") } catch { return "error: \(error)" }
        }
        struct AttrDate: Encodable { @Attribute var v: Date }
        struct ElemDate: Encodable { @Element var v: Date }
        struct AttrData: Encodable { @Attribute var v: Data }
        struct ElemData: Encodable { @Element var v: Data }
        struct AttrURL: Encodable { @Attribute var v: URL }
        struct ElemURL: Encodable { @Element var v: URL }
        struct AttrDecimal: Encodable { @Attribute var v: Decimal }
        struct ElemDecimal: Encodable { @Element var v: Decimal }
        let date = Date(timeIntervalSince1970: 10)
        #expect(xml(AttrDate(v: Attribute(date))) == #"<w v="10.0" />"#)
        #expect(xml(ElemDate(v: Element(date))) == "<w><v>10.0</v></w>")
        #expect(xml(AttrData(v: Attribute(Data([1, 2])))) == #"<w v="AQI=" />"#)
        #expect(xml(ElemData(v: Element(Data([1, 2])))) == "<w><v>AQI=</v></w>")
        #expect(xml(AttrURL(v: Attribute(URL(string: "https://a.b/")!))) == #"<w v="https://a.b/" />"#)
        #expect(xml(ElemURL(v: Element(URL(string: "https://a.b/")!))) == "<w><v>https://a.b/</v></w>")
        #expect(xml(AttrDecimal(v: Attribute(Decimal(string: "12.5")!))) == #"<w v="12.5" />"#)
        #expect(xml(ElemDecimal(v: Element(Decimal(string: "12.5")!))) == "<w><v>12.5</v></w>")
    }

    @Test func wrappedDatesWithISO8601() throws {
        let date = Date(timeIntervalSince1970: 1_714_559_400.125)
        struct W: Codable, Equatable { @Attribute var at: Date; @Element var on: Date }
        try roundTrip(
            W(at: Attribute(date), on: Element(date)),
            expectedXML: """
                <w at="2024-05-01T10:30:00.125Z"><on>2024-05-01T10:30:00.125Z</on></w>
                """, rootKey: "w", encoder: { $0.dateEncodingStrategy = .iso8601 },
            decoder: { $0.dateDecodingStrategy = .iso8601 })
    }

    @Test func millisecondsSince1970() throws {
        try roundTrip(
            dated(Date(timeIntervalSince1970: 1.5)),
            expectedXML: "<d><date>1500.0</date><list>1500.0</list><list>1500.0</list><opt>1500.0</opt></d>",
            rootKey: "d",
            encoder: { $0.dateEncodingStrategy = .millisecondsSince1970 },
            decoder: { $0.dateDecodingStrategy = .millisecondsSince1970 })
    }

    @Test func iso8601() throws {
        let iso: (XMLEncoder) -> Void = { $0.dateEncodingStrategy = .iso8601 }
        let isoDecoder: (XMLDecoder) -> Void = { $0.dateDecodingStrategy = .iso8601 }
        try roundTrip(
            dated(Date(timeIntervalSince1970: 1_714_559_400)),
            expectedXML: """
                <d><date>2024-05-01T10:30:00Z</date><list>2024-05-01T10:30:00Z</list><list>2024-05-01T10:30:00Z</list><opt>2024-05-01T10:30:00Z</opt></d>
                """, rootKey: "d", encoder: iso, decoder: isoDecoder)
        // Fractional seconds are written (milliseconds) and read back.
        try roundTrip(
            Date(timeIntervalSince1970: 1_714_559_400.125), expectedXML: "<d>2024-05-01T10:30:00.125Z</d>",
            rootKey: "d", encoder: iso, decoder: isoDecoder)
        try roundTrip(
            Date(timeIntervalSince1970: -0.5), expectedXML: "<d>1969-12-31T23:59:59.500Z</d>", rootKey: "d",
            encoder: iso, decoder: isoDecoder)
        try roundTrip(
            Date(timeIntervalSince1970: 951_782_400.001), expectedXML: "<d>2000-02-29T00:00:00.001Z</d>", rootKey: "d",
            encoder: iso, decoder: isoDecoder)
    }

    @Test func iso8601MatchesFoundationsFormatter() throws {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        var rng = SplitMix64(seed: 8601)
        for _ in 0..<200 {
            let millis = Int64.random(in: -2_000_000_000_000...4_000_000_000_000, using: &rng)
            let date = Date(timeIntervalSince1970: Double(millis) / 1000)
            let xml = try encodeXML(date, rootKey: "d", configure: { $0.dateEncodingStrategy = .iso8601 })
            let text = String(xml.dropFirst(3).dropLast(4))
            #expect(
                formatter.date(from: text.contains(".") ? text : text.replacingOccurrences(of: "Z", with: ".000Z"))
                    == date, "\(text)")
        }
    }

    @Test func formattedDates() throws {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        try roundTrip(
            Date(timeIntervalSince1970: 1_714_521_600), expectedXML: "<d>2024-05-01</d>", rootKey: "d",
            encoder: { $0.dateEncodingStrategy = .formatted(formatter) },
            decoder: { $0.dateDecodingStrategy = .formatted(formatter) })
    }

    @Test func customDates() throws {
        try roundTrip(
            dated(Date(timeIntervalSince1970: 120)),
            expectedXML: "<d><date>2m</date><list>2m</list><list>2m</list><opt>2m</opt></d>", rootKey: "d",
            encoder: {
                $0.dateEncodingStrategy = .custom { date, encoder in
                    var c = encoder.singleValueContainer()
                    try c.encode("\(Int(date.timeIntervalSince1970 / 60))m")
                }
            },
            decoder: {
                $0.dateDecodingStrategy = .custom { decoder in
                    let text = try decoder.singleValueContainer().decode(String.self)
                    return Date(timeIntervalSince1970: Double(text.dropLast())! * 60)
                }
            })
    }

    @Test func deferredToDate() throws {
        // 10 s after the reference date
        try roundTrip(
            Date(timeIntervalSince1970: 978_307_210), expectedXML: "<d>10.0</d>", rootKey: "d",
            encoder: { $0.dateEncodingStrategy = .deferredToDate },
            decoder: { $0.dateDecodingStrategy = .deferredToDate })
    }

    // MARK: Data

    struct Blob: Codable, Equatable { var data: Data }

    @Test func base64ByDefault() throws {
        try roundTrip(Blob(data: Data([0xFB, 0xFF, 0x00])), expectedXML: "<b><data>+/8A</data></b>", rootKey: "b")
        try roundTrip(Blob(data: Data()), expectedXML: "<b><data></data></b>", rootKey: "b")
    }

    @Test func deferredToData() throws {
        try roundTrip(
            Blob(data: Data([1, 2])), expectedXML: "<b><data>1</data><data>2</data></b>", rootKey: "b",
            encoder: { $0.dataEncodingStrategy = .deferredToData },
            decoder: { $0.dataDecodingStrategy = .deferredToData })
    }

    @Test func customData() throws {
        try roundTrip(
            Blob(data: Data([0xAB, 0x01])), expectedXML: "<b><data>ab01</data></b>", rootKey: "b",
            encoder: {
                $0.dataEncodingStrategy = .custom { data, encoder in
                    var c = encoder.singleValueContainer()
                    try c.encode(data.map { String(format: "%02x", $0) }.joined())
                }
            },
            decoder: {
                $0.dataDecodingStrategy = .custom { decoder in
                    let hex = Array(try decoder.singleValueContainer().decode(String.self))
                    return Data(
                        stride(from: 0, to: hex.count, by: 2).map { UInt8(String(hex[$0...$0 + 1]), radix: 16)! })
                }
            })
    }

    // MARK: Non-conforming floats

    struct Floats: Codable, Equatable {
        var d: Double
        var f: Float
        @Attribute var a: Double
        static func == (l: Floats, r: Floats) -> Bool {
            func same<F: BinaryFloatingPoint>(_ x: F, _ y: F) -> Bool { x.isNaN ? y.isNaN : x == y }
            return same(l.d, r.d) && same(l.f, r.f) && same(l.a, r.a)
        }
    }

    @Test func nonConformingFloatsAreRefusedByDefault() throws {
        for value in [Double.infinity, -.infinity, .nan] {
            let error = try #require(encodingError(Floats(d: value, f: 0, a: 0)))
            #expect(error.path == ["d"])
        }
        #expect(encodingError(Floats(d: 0, f: .nan, a: 0)) != nil)
        #expect(encodingError(Floats(d: 0, f: 0, a: Attribute(.infinity))) != nil)
        #expect(encodingError(Double.infinity) != nil)
    }

    @Test func aListItemsPathIsItsPositionAfterTheListsPath() throws {
        // Items share their list's step: a key's, or, for a list at the top level or in a list,
        // one without a key. Each position reads as an index key ("Index 1", intValue 1).
        struct Holder: Encodable { var values: [Double] }
        let keyed = try #require(encodingError(Holder(values: [1, 2, .infinity])))
        #expect(keyed.path == ["values", "2"])
        let nested = try #require(encodingError([[1.0], [2.0, .nan]]))
        #expect(nested.path == ["1", "1"])
        let keys = nested.context?.codingPath ?? []
        #expect(keys.map(\.stringValue) == ["Index 1", "Index 1"] && keys.map(\.intValue) == [1, 1])
    }

    @Test func nonConformingFloatsAsStrings() throws {
        try roundTrip(
            Floats(d: .infinity, f: -.infinity, a: Attribute(.nan)),
            expectedXML: """
                <r a="NaN"><d>INF</d><f>-INF</f></r>
                """, rootKey: "r",
            encoder: {
                $0.nonConformingFloatEncodingStrategy = .convertToString(
                    positiveInfinity: "INF", negativeInfinity: "-INF", nan: "NaN")
            },
            decoder: {
                $0.nonConformingFloatDecodingStrategy = .convertFromString(
                    positiveInfinity: "INF", negativeInfinity: "-INF", nan: "NaN")
            })
    }

    // MARK: CDATA

    struct Text: Codable, Equatable { @Attribute var a: String; var s: String; var t: [String] }

    @Test func cdataStrings() throws {
        try roundTrip(
            Text(a: "x<y", s: "a < b & c", t: ["", "<p>"]),
            expectedXML: """
                <r a="x&lt;y"><s><![CDATA[a < b & c]]></s><t><![CDATA[]]></t><t><![CDATA[<p>]]></t></r>
                """, rootKey: "r", encoder: { $0.stringEncodingStrategy = .cdata })
    }

    /// Numbers and booleans are not CDATA; a non-conforming float written as a string is a string
    /// (as in XMLCoder, and in keyed containers).
    @Test func cdataIsForStringsOnlyInListsToo() throws {
        struct Lists: Codable, Equatable { var n: [Int]; var s: [String]; var d: [Double]; var b: [Bool] }
        try roundTrip(
            Lists(n: [1, 2], s: ["a"], d: [1.5, .infinity], b: [true]),
            expectedXML: """
                <r><n>1</n><n>2</n><s><![CDATA[a]]></s><d>1.5</d><d><![CDATA[inf]]></d><b>true</b></r>
                """, rootKey: "r",
            encoder: {
                $0.stringEncodingStrategy = .cdata
                $0.nonConformingFloatEncodingStrategy = .convertToString(
                    positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
            },
            decoder: {
                $0.nonConformingFloatDecodingStrategy = .convertFromString(
                    positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
            })
        // A top-level number is not CDATA either.
        let encoder = XMLEncoder()
        encoder.stringEncodingStrategy = .cdata
        #expect(try encoder.encodeToString(42, withRootKey: "n") == "<n>42</n>")
    }

    @Test func cdataSplitsTerminator() throws {
        let value = Text(a: "]]>", s: "a]]>b", t: ["]]>", "]]]]>>", "x]]"])
        try roundTrip(
            value,
            expectedXML: """
                <r a="]]&gt;"><s><![CDATA[a]]]]><![CDATA[>b]]></s><t><![CDATA[]]]]><![CDATA[>]]></t><t><![CDATA[]]]]]]><![CDATA[>>]]></t><t><![CDATA[x]]]]></t></r>
                """, rootKey: "r", encoder: { $0.stringEncodingStrategy = .cdata }, decoder: { _ in })
    }

    @Test func cdataWithCarriageReturnStillRoundTrips() throws {
        try roundTrip(
            Text(a: "\r", s: "line\r\nnext\r", t: []),
            expectedXML: """
                <r a="&#13;"><s>line&#13;
                next&#13;</s></r>
                """, rootKey: "r", encoder: { $0.stringEncodingStrategy = .cdata },
            decoder: { $0.trimValueWhitespaces = false })
    }

    @Test func cdataKeepsWhitespaceExactly() throws {
        try roundTrip(
            Text(a: " a ", s: "  x\n\t ", t: [" "]), rootKey: "r",
            encoder: { $0.stringEncodingStrategy = .cdata }, decoder: { $0.trimValueWhitespaces = false })
    }
}
