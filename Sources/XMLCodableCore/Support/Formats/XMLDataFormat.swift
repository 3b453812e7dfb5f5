// XMLDataFormat: the formats of binary data that `@Formatted<…>` takes (see ValueFormat.swift).

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A text form of binary data: see ``XMLValueFormat``.
public protocol XMLDataFormat: XMLValueFormat where Value == Data {}
