// The catalogue of benchmark inputs: the generated books and osm documents at 5,000 and 50,000
// items, one real document read from the system at run time, and the sparse real models (an
// OOXML worksheet at 20,000, 200,000 and 2,000,000 cells, an RSS feed, a GPX track), whose
// elements have many optional keys, most of them absent.
//
// Everything is built lazily (Swift `static let`s are initialised on first use, once, thread-safely),
// because package-benchmark starts a fresh process for every benchmark and each process should
// only pay for the input it measures. Nothing here depends on package-benchmark.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An XML document to read, with what is known about it.
public struct XMLWorkload: Sendable {
    /// A short display name, such as "books 5k".
    public let name: String
    /// The document's bytes (UTF-8).
    public let bytes: [UInt8]
    /// The same bytes as `Data` (Foundation's `XMLParser` and the decoders take `Data`).
    public let data: Data
    /// How many elements the document has (start tags and empty-element tags).
    public let elementCount: Int
    /// How many attributes are written in its start tags (namespace declarations included;
    /// defaults that a DTD adds are not).
    public let attributeCount: Int
    /// Where it comes from: the generator and seed, or the file and its Debian package.
    public let origin: String

    public init(name: String, bytes: [UInt8], elementCount: Int, attributeCount: Int, origin: String) {
        self.name = name
        self.bytes = bytes
        self.data = Data(bytes)
        self.elementCount = elementCount
        self.attributeCount = attributeCount
        self.origin = origin
    }

    /// The size in decimal megabytes (10^6 bytes), the unit of the MB/s figures.
    public var megabytes: Double { Double(bytes.count) / 1_000_000 }
}

/// The benchmark inputs, each made on first use.
public enum Workloads {
    public static let books5kCatalog = BooksGenerator.catalog(count: 5_000)
    public static let books50kCatalog = BooksGenerator.catalog(count: 50_000)
    public static let osm5kModel = OSMGenerator.osm(count: 5_000)
    public static let osm50kModel = OSMGenerator.osm(count: 50_000)

    public static let books5k = BooksGenerator.xml(books5kCatalog, name: "books 5k")
    public static let books50k = BooksGenerator.xml(books50kCatalog, name: "books 50k")
    public static let osm5k = OSMGenerator.xml(osm5kModel, name: "osm 5k")
    public static let osm50k = OSMGenerator.xml(osm50kModel, name: "osm 50k")

    /// The JSON twins (same values, Foundation's `JSONEncoder`), for JSONDecoder comparisons.
    public static let books5kJSON = try! BooksGenerator.json(books5kCatalog)
    public static let books50kJSON = try! BooksGenerator.json(books50kCatalog)
    public static let osm5kJSON = try! OSMGenerator.json(osm5kModel)
    public static let osm50kJSON = try! OSMGenerator.json(osm50kModel)

    /// The sparse real models (Sheet.swift, Feed.swift, GPX.swift): models, documents, JSON twins.
    /// "sheet 2m" (about 100 MB) is for manual runs only: no default run builds it.
    public static let sheet20kModel = SheetGenerator.worksheet(cells: 20_000)
    public static let sheet200kModel = SheetGenerator.worksheet(cells: 200_000)
    public static let sheet2mModel = SheetGenerator.worksheet(cells: 2_000_000)
    public static let rss3kModel = FeedGenerator.feed(items: 3_000)
    public static let gpx8kModel = GPXGenerator.gpx(points: 8_000)

    public static let sheet20k = SheetGenerator.xml(sheet20kModel, name: "sheet 20k")
    public static let sheet200k = SheetGenerator.xml(sheet200kModel, name: "sheet 200k")
    public static let sheet2m = SheetGenerator.xml(sheet2mModel, name: "sheet 2m")
    public static let rss3k = FeedGenerator.xml(rss3kModel, name: "rss 3k")
    public static let gpx8k = GPXGenerator.xml(gpx8kModel, name: "gpx 8k")

    public static let sheet20kJSON = try! SheetGenerator.json(sheet20kModel)
    public static let sheet200kJSON = try! SheetGenerator.json(sheet200kModel)
    public static let sheet2mJSON = try! SheetGenerator.json(sheet2mModel)
    public static let rss3kJSON = try! FeedGenerator.json(rss3kModel)
    public static let gpx8kJSON = try! GPXGenerator.json(gpx8kModel)

    /// The real document, or why it could not be read.
    public static let realDocument: Result<XMLWorkload, RealDocument.Missing> = RealDocument.load()
}

/// Identifies one of the inputs, for registering benchmarks by name without building the input.
public enum WorkloadID: String, CaseIterable, Sendable {
    case books5k = "books 5k"
    case books50k = "books 50k"
    case osm5k = "osm 5k"
    case osm50k = "osm 50k"
    case real = "freedesktop.org.xml"
    case sheet20k = "sheet 20k"
    case sheet200k = "sheet 200k"
    case sheet2m = "sheet 2m"
    case rss3k = "rss 3k"
    case gpx8k = "gpx 8k"

    /// The reading benchmarks' inputs: books, osm and the real document (not the sparse models).
    public static let readerInputs: [WorkloadID] = [.books5k, .books50k, .osm5k, .osm50k, .real]

    /// The sparse real models of the default runs ("sheet 2m" is left out: manual runs only).
    public static let sparseModels: [WorkloadID] = [.sheet20k, .sheet200k, .rss3k, .gpx8k]

    /// The name on command lines: the display name without spaces ("sheet20k", "osm5k").
    public var commandLineName: String { String(rawValue.filter { $0 != " " }) }

    /// The input (built on first use). Throws only for the real document when it is not installed.
    public func load() throws(RealDocument.Missing) -> XMLWorkload {
        switch self {
        case .books5k: Workloads.books5k
        case .books50k: Workloads.books50k
        case .osm5k: Workloads.osm5k
        case .osm50k: Workloads.osm50k
        case .real: try Workloads.realDocument.get()
        case .sheet20k: Workloads.sheet20k
        case .sheet200k: Workloads.sheet200k
        case .sheet2m: Workloads.sheet2m
        case .rss3k: Workloads.rss3k
        case .gpx8k: Workloads.gpx8k
        }
    }
}

/// The real document: the shared MIME-info database of freedesktop.org, as Debian installs it.
///
/// About 2.4 MB of real-world XML (GPL-2.0-or-later, from the `shared-mime-info` package): an
/// internal DTD subset with `#FIXED` and enumerated attribute defaults, ~26,000 elements, many
/// `xml:lang` attributes and translations in dozens of scripts. It is read from the system at run
/// time and never copied into this repository.
public enum RealDocument {
    /// Where Debian (and most Linux distributions) install it.
    public static let defaultPath = "/usr/share/mime/packages/freedesktop.org.xml"
    /// The environment variable that points the benchmarks at another copy (e.g. on macOS, or to
    /// check the "missing" path: `XMLCODABLE_REAL_DOCUMENT=/nonexistent`).
    public static let environmentVariable = "XMLCODABLE_REAL_DOCUMENT"
    /// The path read: `$XMLCODABLE_REAL_DOCUMENT` if set, else `defaultPath`.
    public static var path: String {
        ProcessInfo.processInfo.environment[environmentVariable].flatMap { $0.isEmpty ? nil : $0 } ?? defaultPath
    }
    /// The Debian package that installs it.
    public static let debianPackage = "shared-mime-info"

    /// Why the real document is not available.
    public struct Missing: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    static func load() -> Result<XMLWorkload, Missing> {
        let path = self.path
        guard let data = FileManager.default.contents(atPath: path) else {
            return .failure(
                Missing(
                    description: """
                        \(path) cannot be read: skipping the benchmarks of the real document. \
                        Install it with `apt-get install \(debianPackage)` (Debian/Ubuntu), or point \
                        \(environmentVariable) at a copy.
                        """))
        }
        let bytes = [UInt8](data)
        let counts = countMarkup(bytes)
        return .success(
            XMLWorkload(
                name: "freedesktop.org.xml",
                bytes: bytes,
                elementCount: counts.elements,
                attributeCount: counts.attributes,
                origin: "\(path) (Debian package \(debianPackage))"
            ))
    }

    /// Counts start tags and the attributes written in them, skipping comments, CDATA sections,
    /// processing instructions and declarations (`<!…>`, the DTD included). Enough for a
    /// well-formed document; independent of XMLCodable's reader, which is what is measured.
    public static func countMarkup(_ bytes: [UInt8]) -> (elements: Int, attributes: Int) {
        var elements = 0
        var attributes = 0
        var index = 0
        let count = bytes.count
        func skip(past terminator: [UInt8], from start: Int) -> Int {
            var position = start
            while position + terminator.count <= count {
                if bytes[position] == terminator[0], Array(bytes[position..<position + terminator.count]) == terminator {
                    return position + terminator.count
                }
                position += 1
            }
            return count
        }
        while index < count {
            guard bytes[index] == UInt8(ascii: "<"), index + 1 < count else {
                index += 1
                continue
            }
            let next = bytes[index + 1]
            if next == UInt8(ascii: "!") {
                if index + 3 < count, bytes[index + 2] == UInt8(ascii: "-"), bytes[index + 3] == UInt8(ascii: "-") {
                    index = skip(past: Array("-->".utf8), from: index + 4)
                } else if bytes[index + 2] == UInt8(ascii: "[") {
                    index = skip(past: Array("]]>".utf8), from: index + 2)
                } else {
                    index += 2  // a declaration: its contents are scanned like text, and hold no start tags
                }
            } else if next == UInt8(ascii: "?") {
                index = skip(past: Array("?>".utf8), from: index + 2)
            } else if next == UInt8(ascii: "/") {
                index += 2
            } else {
                // A start tag: count `=` outside quoted values up to the closing `>`.
                elements += 1
                var position = index + 1
                var quote: UInt8 = 0
                while position < count {
                    let byte = bytes[position]
                    if quote != 0 {
                        if byte == quote { quote = 0 }
                    } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                        quote = byte
                    } else if byte == UInt8(ascii: "=") {
                        attributes += 1
                    } else if byte == UInt8(ascii: ">") {
                        break
                    }
                    position += 1
                }
                index = position + 1
            }
        }
        return (elements, attributes)
    }
}

/// A model's JSON twin, as every workload writes it: Foundation's `JSONEncoder` with sorted keys,
/// no whitespace and unescaped slashes (absent optional keys are absent).
func jsonTwin<T: Encodable>(_ value: T) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(value)
}
