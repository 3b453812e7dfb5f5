// XMLSchemaDateTimeFormat: one of the date formats a property can choose with `@Formatted<…>` (the
// family, with an example of each, is described in DateFormats.swift; the form is XSDDateTime's).
//
//     @Formatted<XMLSchemaDateTimeFormat> var updated: Date
//     // <updated>2000-10-01T14:00:00.250+02:00</updated> is written <updated>2000-10-01T12:00:00.25Z</updated>

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// XML Schema's `xs:dateTime`, written in UTC in the schema's canonical form:
/// `2000-10-01T12:00:00Z`, `2000-10-01T12:00:00.25Z`.
///
/// Writes a fraction of a second only when the date has one, to the nearest millisecond, without
/// trailing zeros. Reads any fraction, and a zone or none (`2000-10-01T12:00:00` is read in UTC);
/// `24:00:00` is the end of the day. Years -9999 to 9999. A day without a time, a space for `T`
/// or a time that does not exist is refused. The same form as the coders' `.xmlSchemaDateTime`
/// strategies.
public enum XMLSchemaDateTimeFormat: XMLDateFormat {
    /// `an xs:dateTime such as "2000-10-01T12:00:00Z"`.
    public static var formatDescription: String { #"an xs:dateTime such as "2000-10-01T12:00:00Z""# }

    /// `2000-10-01T12:00:00Z`, with milliseconds when the date has them; `nil` for a year before
    /// -9999 or after 9999.
    public static func string(from value: Date) -> String? { XSDDateTime.string(from: value, as: .dateTime) }

    /// The date of an `xs:dateTime`, with any fraction, in its zone or UTC.
    public static func value(from text: String) -> Date? { try? XSDDateTime.date(from: text, as: .dateTime).get() }
}
