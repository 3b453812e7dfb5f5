// Foundation's XMLParser over a workload, with its outcome made explicit.
//
// `XMLParser.parse()` returns `false` on failure instead of throwing. On Linux
// (swift-corelibs-foundation over Debian 12's libxml2 2.9.14) `XMLParser(data:)` hands the whole
// document to libxml2's push parser as one chunk, and libxml2 before 2.11.3 rejects more than
// 10,000,000 bytes of pending input without XML_PARSE_HUGE ("Huge input lookup",
// XML_ERR_INTERNAL_ERROR, seen as NSXMLParserErrorDomain Code=1) — after delivering every
// callback. So books 50k (18 MB) fails and osm 50k (7.7 MB) does not. Every caller must look at
// the result: timing a failed parse would report a meaningless figure. This is the one place that runs a parse and
// says whether it succeeded, what the error was and how many elements it saw.
//
// It also knows of one crash: on Linux, an `XMLParser` that has a delegate dies with SIGSEGV
// (strlen of NULL in `_NSXMLParserAttributeDecl`) on any DTD that declares an attribute
// `#IMPLIED` or `#REQUIRED`, because swift-corelibs-foundation takes libxml2's NULL default value
// as a non-optional pointer. freedesktop.org.xml declares such attributes. A crash cannot be
// caught, so `knownCrash(in:)` recognises those documents beforehand.

#if canImport(FoundationXML)
import FoundationXML
#endif
import Foundation

/// A parser delegate that does nothing but count start tags (one increment per element).
public final class CountingParserDelegate: NSObject, XMLParserDelegate {
    public private(set) var elements = 0

    public override init() {}

    public func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
    ) {
        elements &+= 1
    }
}

/// A parser delegate whose callbacks do nothing: what the "Foundation XMLParser" benchmarks use.
/// The callbacks are implemented so the parser builds and hands over names, attributes and text,
/// as it does for any real client.
public final class NoOpParserDelegate: NSObject, XMLParserDelegate {
    public override init() {}

    public func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
    ) {}

    public func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
    ) {}

    public func parser(_ parser: XMLParser, foundCharacters string: String) {}
}

/// The outcome of one `XMLParser` run.
public struct XMLParserOutcome: Sendable {
    /// What `parse()` returned.
    public let succeeded: Bool
    /// The parser's error, when `parse()` returned `false`.
    public let errorDescription: String?
    /// Where the parser stopped (1-based line and column), when it reports one.
    public let line: Int
    public let column: Int
    /// Start tags the delegate saw (up to the failure, if any).
    public let elements: Int

    public var summary: String {
        if succeeded { return "parse() returned true, \(elements) elements" }
        return "parse() returned false at line \(line), column \(column) after \(elements) elements: "
            + (errorDescription ?? "no error reported")
    }
}

public enum FoundationXMLParserRun {
    /// Why `XMLParser` with a delegate would crash on this document on this platform, or `nil`.
    ///
    /// Looks for `#IMPLIED` or `#REQUIRED` in the internal DTD subset; only on Linux (and other
    /// platforms using swift-corelibs-foundation), where the bug is.
    public static func knownCrash(in bytes: [UInt8]) -> String? {
        #if canImport(Darwin)
        return nil
        #else
        guard let doctype = firstRange(of: Array("<!DOCTYPE".utf8), in: bytes, from: 0) else { return nil }
        let subsetEnd = firstRange(of: Array("]>".utf8), in: bytes, from: doctype.upperBound)?.upperBound ?? bytes.count
        let subset = Array(bytes[doctype.lowerBound..<subsetEnd])
        for keyword in ["#IMPLIED", "#REQUIRED"] where firstRange(of: Array(keyword.utf8), in: subset, from: 0) != nil {
            return "Foundation XMLParser with a delegate crashes (SIGSEGV) on this document on Linux: its DTD "
                + "declares a \(keyword) attribute, and swift-corelibs-foundation passes libxml2's NULL default "
                + "value to strlen in _NSXMLParserAttributeDecl"
        }
        return nil
        #endif
    }

    static func firstRange(of needle: [UInt8], in haystack: [UInt8], from start: Int) -> Range<Int>? {
        guard !needle.isEmpty, haystack.count >= needle.count else { return nil }
        var index = start
        while index + needle.count <= haystack.count {
            if haystack[index] == needle[0], haystack[index..<index + needle.count].elementsEqual(needle) {
                return index..<index + needle.count
            }
            index += 1
        }
        return nil
    }

    /// Parses `data` once with no delegate (the only way to run XMLParser over a document that
    /// `knownCrash(in:)` flags) and reports the outcome; `elements` is then 0.
    public static func parseWithoutDelegate(_ data: Data) -> XMLParserOutcome {
        let parser = XMLParser(data: data)
        let succeeded = parser.parse()
        return XMLParserOutcome(
            succeeded: succeeded,
            errorDescription: parser.parserError.map { String(describing: $0) },
            line: parser.lineNumber,
            column: parser.columnNumber,
            elements: 0
        )
    }

    /// Parses `data` once with a counting delegate and reports the outcome.
    public static func parse(_ data: Data) -> XMLParserOutcome {
        let parser = XMLParser(data: data)
        let delegate = CountingParserDelegate()
        parser.delegate = delegate
        let succeeded = parser.parse()
        return XMLParserOutcome(
            succeeded: succeeded,
            errorDescription: parser.parserError.map { String(describing: $0) },
            line: parser.lineNumber,
            column: parser.columnNumber,
            elements: delegate.elements
        )
    }
}
