// The Date and Decimal rules of `xmlc generate swift`: a date is inferred only where
// `@Formatted<XMLSchemaDateTimeFormat>` (or `XMLSchemaDateFormat`) writes its text back
// unchanged, a Decimal only where `Decimal` does and `Double` does not; each with its sample and
// the declarations it must give, written out in full. The models are also decoded and encoded
// here, with the coders as constructed, to show that the wrappers give back the same text.

import Testing
import XMLCodableCore
import XMLModelInference

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

@Suite("Model inference: dates and decimals")
struct DateAndDecimalInferenceTests {
    @Test func datesInTheSchemasCanonicalFormCarryTheirFormat() throws {
        let source = try declarations(
            """
            <event day="2024-01-02"><at>2024-01-02T03:04:05Z</at><end>2024-01-02T03:04:05.25Z</end></event>
            """)
        #expect(
            source == """
                struct Event: Codable, Equatable {
                    @Attribute @Formatted<XMLSchemaDateFormat> var day: Date
                    @Formatted<XMLSchemaDateTimeFormat> var at: Date
                    @Formatted<XMLSchemaDateTimeFormat> var end: Date
                }

                """)
    }

    @Test func datesTheFormatWouldRewriteStayStrings() throws {
        // A zone other than Z, no zone, ".000", a day with a zone, a space for T: each would be
        // written in another form, so each stays a String.
        let source = try declarations(
            """
            <e><a>2024-01-02T03:04:05+01:00</a><b>2024-01-02T03:04:05</b><c>2024-01-02T03:04:05.000Z</c>\
            <d>2024-01-02Z</d><f>2024-01-02 03:04:05Z</f><g>2023-02-29</g></e>
            """)
        #expect(
            source == """
                struct E: Codable, Equatable {
                    var a: String
                    var b: String
                    var c: String
                    var d: String
                    var f: String
                    var g: String
                }

                """)
    }

    @Test func aValueThatIsADateInOneSampleOnlyIsAString() throws {
        let source = try declarations(
            "<log><at>2024-01-02T03:04:05Z</at><day>2024-01-02</day></log>",
            "<log><at>yesterday</at><day>2024-01-02T03:04:05Z</day></log>")
        #expect(
            source == """
                struct Log: Codable, Equatable {
                    var at: String
                    var day: String
                }

                """)
    }

    @Test func anOptionalDateIsOptionalFormatted() throws {
        let source = try generate(
            #"<log><entry at="2024-01-02T03:04:05Z"><on>2024-01-02</on></entry><entry/></log>"#)
        #expect(source.contains("import Foundation\nimport XMLCodable\n"))
        #expect(
            source.hasSuffix(
                """
                struct Entry: Codable, Equatable {
                    @Attribute @OptionalFormatted<XMLSchemaDateTimeFormat> var at: Date?
                    @OptionalFormatted<XMLSchemaDateFormat> var on: Date?
                }

                """))
    }

    @Test func datesInAnArrayOrAChoiceAreStrings() throws {
        // A property wrapper cannot hold an array's items or a choice's value.
        let source = try declarations(
            "<r><d>2024-01-02</d><d>2024-01-03</d><m>t<d>2024-01-04</d></m></r>")
        #expect(source.hasPrefix("struct R: Codable, Equatable {\n    var d: [String]\n"))
        #expect(source.contains("    case d(String)\n"))
    }

    @Test func aDateBesideAttributesIsTheEmptyKey() throws {
        let source = try declarations(#"<paid method="card">2024-03-15</paid>"#)
        #expect(
            source == """
                struct Paid: Codable, Equatable {
                    @Attribute var method: String
                    @Formatted<XMLSchemaDateFormat> var value: Date

                    enum CodingKeys: String, CodingKey {
                        case method
                        case value = ""
                    }
                }

                """)
    }

    @Test func dateTextIsWrittenBackUnchanged() throws {
        struct Paid: Codable, Equatable {
            @Attribute var method: String
            @OptionalFormatted<XMLSchemaDateFormat> var value: Date?

            enum CodingKeys: String, CodingKey {
                case method
                case value = ""
            }
        }
        struct Event: Codable, Equatable {
            @Attribute @Formatted<XMLSchemaDateFormat> var day: Date
            @Formatted<XMLSchemaDateTimeFormat> var at: Date
            @OptionalFormatted<XMLSchemaDateTimeFormat> var end: Date?
            @OptionalFormatted<XMLSchemaDateTimeFormat> var none: Date?
            var paid: Paid
        }
        let xml =
            #"<event day="2024-01-02"><at>2024-01-02T03:04:05.25Z</at><end>2024-12-31T23:59:59Z</end>"#
            + #"<paid method="card">2024-03-15</paid></event>"#
        let event = try XMLDecoder().decode(Event.self, from: Data(xml.utf8))
        let written = String(decoding: try XMLEncoder().encode(event, withRootKey: "event"), as: UTF8.self)
        #expect(written == xml)
    }

    @Test func decimalsWhereADoubleWouldChangeTheText() throws {
        let source = try declarations(
            """
            <p><rate>3.14159265358979323846</rate><total>42</total><price>19.99</price><trail>1.50</trail>\
            <exp>1e5</exp><long>123456789012345678901234567890</long></p>
            """,
            "<p><rate>0.1</rate><total>0.5</total><price>20</price><trail>2</trail><exp>2</exp><long>1</long></p>")
        #expect(
            source == """
                struct P: Codable, Equatable {
                    var rate: Decimal
                    var total: Decimal
                    var price: Decimal
                    var trail: String
                    var exp: String
                    var long: Decimal
                }

                """)
    }

    @Test func decimalTextIsWrittenBackUnchanged() throws {
        struct P: Codable, Equatable {
            var rate: Decimal
            var long: Decimal
            var total: Decimal
        }
        let xml =
            "<p><rate>3.14159265358979323846</rate><long>123456789012345678901234567890</long><total>-0.5</total></p>"
        let value = try XMLDecoder().decode(P.self, from: Data(xml.utf8))
        #expect(String(decoding: try XMLEncoder().encode(value, withRootKey: "p"), as: UTF8.self) == xml)
    }

    @Test func anArrayOfDecimalsImportsFoundationAndNamesDoNotShadowTheFormats() throws {
        let source = try generate("<r><v>1.5</v><v>2</v><formatted><a>1</a></formatted></r>")
        #expect(
            source.hasSuffix(
                """
                import Foundation
                import XMLCodable

                struct R: Codable, Equatable {
                    var v: [Decimal]
                    var formatted: FormattedElement
                }

                struct FormattedElement: Codable, Equatable {
                    var a: Int
                }

                """))
        #expect(!(try generate("<r><v>1</v></r>")).contains("import Foundation"))
    }

    @Test func publicModelsSetAWrappedPropertysStorage() throws {
        let options = SwiftModelOptions(optionalEverywhere: true, accessLevel: .public)
        let source = try declarations(
            #"<e id="1" day="2024-01-02"><at>2024-01-02T03:04:05Z</at></e>"#, options: options)
        #expect(
            source == """
                public struct E: Codable, Equatable {
                    @Attribute public var id: Int?
                    @Attribute @OptionalFormatted<XMLSchemaDateFormat> public var day: Date?
                    @OptionalFormatted<XMLSchemaDateTimeFormat> public var at: Date?

                    public init(id: Int?, day: Date?, at: Date?) {
                        self._id = Attribute(id)
                        self._day = Attribute(OptionalFormatted<XMLSchemaDateFormat>(day))
                        self._at = OptionalFormatted<XMLSchemaDateTimeFormat>(at)
                    }
                }

                """)
    }
}
