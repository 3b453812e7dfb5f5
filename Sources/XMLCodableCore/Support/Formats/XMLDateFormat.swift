// XMLDateFormat: the formats of dates that `@Formatted<…>` takes (see ValueFormat.swift).

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A text form of dates: see ``XMLValueFormat``.
public protocol XMLDateFormat: XMLValueFormat where Value == Date {}
