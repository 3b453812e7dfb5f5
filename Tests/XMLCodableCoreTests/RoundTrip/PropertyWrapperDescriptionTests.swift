import Foundation
import Testing

@testable import XMLCodableCore

/// A model printed with `print` or `debugPrint` shows its values, not the wrappers that place them
/// (PropertyWrapperDescriptions.swift).
@Suite("Property wrappers print as their values")
struct PropertyWrapperDescriptionTests {
    private struct Book: Codable {
        @Attribute var isbn: String?
        @Attribute var pages: Int
        @Element var title: String
        @ElementAndAttribute var edition: Int
        @Formatted<EpochSecondsDateFormat> var printed: Date
        @OptionalFormatted<EpochSecondsDateFormat> var reprinted: Date?
        var author: String
    }

    private let book = Book(
        isbn: Attribute("978-0" as String?), pages: 320, title: Element("Swift"), edition: ElementAndAttribute(2),
        printed: Date(timeIntervalSince1970: 0), reprinted: nil, author: "Ann")

    @Test func eachWrapperDescribesItsValue() {
        #expect(String(describing: Attribute<String?>(nil)) == "nil")
        #expect(String(describing: Attribute<String>("978-0")) == "978-0")
        #expect(String(reflecting: Attribute<String>("978-0")) == #""978-0""#)
        #expect(String(reflecting: Attribute<String?>("978-0" as String?)) == #"Optional("978-0")"#)
        #expect(String(describing: Element<Int>(12)) == "12")
        #expect(String(reflecting: ElementAndAttribute<String>("x")) == #""x""#)
        let date = Date(timeIntervalSince1970: 0)
        #expect(String(describing: Formatted<EpochSecondsDateFormat>(date)) == String(describing: date))
        #expect(
            String(reflecting: OptionalFormatted<EpochSecondsDateFormat>(wrappedValue: date))
                == String(reflecting: date as Date?))
    }

    @Test func aModelPrintsItsValuesNotItsWrappers() {
        let printed = String(describing: book)
        let date = String(reflecting: Date(timeIntervalSince1970: 0))
        #expect(
            printed
                == #"Book(_isbn: Optional("978-0"), _pages: 320, _title: "Swift", _edition: 2, _printed: \#(date), _reprinted: nil, author: "Ann")"#
        )
        #expect(!printed.contains("XMLCodableCore"))
        #expect(!printed.contains("wrappedValue"))
    }
}
