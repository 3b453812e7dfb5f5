// HTTPDateFormat: one of the date formats a property can choose with `@Formatted<…>` (the family,
// with an example of each, is described in DateFormats.swift).

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// HTTP's date (RFC 9110), as in `Last-Modified` and `Expires`: `Sun, 06 Nov 1994 08:49:37 GMT`.
///
/// Writes the IMF-fixdate form, in GMT, to the second, for the years 1 to 9999. Reads it and the
/// two obsolete forms HTTP recipients must accept: RFC 850's `Sunday, 06-Nov-94 08:49:37 GMT`
/// (a two-digit year more than 50 years in the future is taken to be in the past century) and
/// asctime's `Sun Nov  6 08:49:37 1994`. Day and month names are read in any case; the weekday
/// must be a weekday's name but is not checked against the date.
public enum HTTPDateFormat: XMLDateFormat {
    /// `an HTTP-date such as "Sun, 06 Nov 1994 08:49:37 GMT"`.
    public static var formatDescription: String { #"an HTTP-date such as "Sun, 06 Nov 1994 08:49:37 GMT""# }

    /// `Sun, 06 Nov 1994 08:49:37 GMT`; `nil` for a year before 1 or after 9999.
    public static func string(from value: Date) -> String? { InternetDateParsing.string(from: value, zone: "GMT") }

    /// The date of an HTTP-date in any of its three forms.
    public static func value(from text: String) -> Date? { InternetDateParsing.httpDate(from: text) }
}
