// The date strategies that take a `DateFormatter` (XMLCoder's `.formatted` cases), which lives in
// Foundation proper: static functions here rather than enum cases in XMLCodableCore, so that
// `decoder.dateDecodingStrategy = .formatted(formatter)` reads as it always did. They return
// strategies the core makes for them (`parsingText`, `writingText`), which behave as the cases
// did: the same text, the same errors, dates written as text.
//
//     let formatter = DateFormatter()
//     formatter.locale = Locale(identifier: "en_US_POSIX")
//     formatter.dateFormat = "yyyy-MM-dd"
//     decoder.dateDecodingStrategy = .formatted(formatter)
//     encoder.dateEncodingStrategy = .formatted(formatter)

import Foundation
import XMLCodableCore

extension XMLDecoder.DateDecodingStrategy {
    /// Text parsed by the formatter.
    ///
    /// Text the formatter does not read throws `DecodingError.dataCorrupted`, with the line and
    /// column of the value. (A `.custom` strategy: it matches no `case .formatted` pattern.)
    public static func formatted(_ formatter: DateFormatter) -> Self {
        .parsingText { formatter.date(from: $0) }
    }
}

extension XMLEncoder.DateEncodingStrategy {
    /// Text made by the formatter.
    ///
    /// The text is written as text, never as CDATA. (A `.custom` strategy: it matches no
    /// `case .formatted` pattern.)
    public static func formatted(_ formatter: DateFormatter) -> Self {
        .writingText { formatter.string(from: $0) }
    }
}
