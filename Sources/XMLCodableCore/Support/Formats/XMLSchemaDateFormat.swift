// XMLSchemaDateFormat: one of the date formats a property can choose with `@Formatted<…>` (the
// family, with an example of each, is described in DateFormats.swift; the form is XSDDateTime's).
//
//     @Formatted<XMLSchemaDateFormat> var published: Date
//     // <published>2000-10-01</published> is 2000-10-01T00:00:00Z, and is written back so

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// XML Schema's `xs:date`: a day, `2000-10-01`, written for the UTC day the date falls in.
///
/// Reads a day with an optional zone (`2000-10-01`, `2000-10-01Z`, `2000-10-01+02:00`) as the
/// first instant of that day in that zone; without a zone, in UTC. Writes no zone and no time,
/// so a date at midnight UTC round-trips exactly. Years -9999 to 9999. A day that does not exist
/// (`2023-02-29`), or a date with a time, is refused. The same form as the coders' `.xmlSchemaDate`
/// strategies.
public enum XMLSchemaDateFormat: XMLDateFormat {
    /// `an xs:date such as "2000-10-01"`.
    public static var formatDescription: String { #"an xs:date such as "2000-10-01""# }

    /// `2000-10-01`; `nil` for a year before -9999 or after 9999.
    public static func string(from value: Date) -> String? { XSDDateTime.string(from: value, as: .date) }

    /// The first instant of the day, in the text's zone or UTC.
    public static func value(from text: String) -> Date? { try? XSDDateTime.date(from: text, as: .date).get() }
}
