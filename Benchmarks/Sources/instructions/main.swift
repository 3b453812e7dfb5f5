// `swift run -c release instructions [--mode M]...`: instructions per call, under callgrind.
//
// Wall-clock benchmarks on a shared two-core machine drift by several percent from one run to the
// next; an instruction count does not. This tool answers "did this change make decoding or
// encoding do more work?" to a tenth of a percent, which is how the decoding regression of the
// XMLCoder-compatibility work was found and recovered (README.md, "Results: decoding and encoding,
// current").
//
// Method (Linux, valgrind installed): for each mode, this executable runs itself as a child,
// `--child MODE N`, under `valgrind --tool=callgrind` twice, with N = 1 and N = 3 calls, and reads
// the total instructions callgrind collected. One call's share is (I(3) − I(1)) ÷ 2: process start,
// building the workload and the first call's one-time set-up (type metadata, the runtime's caches)
// fall out of the difference. Hashing is made deterministic (SWIFT_DETERMINISTIC_HASHING), so the
// figures repeat to a few hundred instructions. Each call is what most code writes, a new coder
// per call:
//
//   decode-osm5k     try XMLDecoder().decode(OSM.self, from: data)       osm 5k (the benchmark document)
//   decode-books5k   try XMLDecoder().decode(Catalog.self, from: data)   books 5k
//   encode-osm5k     try XMLEncoder().encode(osm, withRootKey: "osm")    the osm 5k model
//   encode-books5k   try XMLEncoder().encode(catalog, withRootKey: "books")
//   encode-osm5k-attributes  the same as encode-osm5k on a copy of the model whose node and tag
//                    fields are attributes (DynamicNodeEncoding, AttributedOSM.swift): the shape of
//                    the benchmark document and of the cross-language benchmark's osm encode
//   stream-books5k   try XMLDecoder().decodeElements(Book.self, at: "books/book", from: url)
//                    books 5k written to a temporary file first, each book counted in the closure
//   read-books5k     var reader = try XMLReader(data); while try reader.next() != nil {}
//                    the reader alone: every event of books 5k, its start elements counted
//   read-books5k-windows1252
//                    the same bytes declared encoding="windows-1252", so every byte goes through
//                    a legacy decoder's table (the few non-ASCII UTF-8 sequences become two or
//                    three Latin letters each): the transcoding's cost over read-books5k
//   read-osm5k       var reader = try XMLReader(data); while try reader.next() != nil {}
//                    the reader alone on osm 5k: many small elements, each with many attributes
//                    (the per-event and per-attribute costs, where read-books5k is text-heavy)
//   touch-books5k    read-books5k, and each event's bytes touched as the "XMLReader events"
//                    benchmark (XMLReaderBenchmarks) touches them: every name, attribute name and
//                    value and text through `withUnsafeRawBytes(of:)`, the attributes through
//                    `reader.attributes`; less read-books5k, what a consumer's access costs
//   touch-osm5k      the same on osm 5k
//   decode-sheet20k  try XMLDecoder().decode(Worksheet.self, from: data)  sheet 20k: an OOXML worksheet
//                    of 20,000 cells, each with two or three of its six optional keys (the sparse
//                    real models: missing keys are the hot path)
//   decode-rss3k     try XMLDecoder().decode(RSSFeed.self, from: data)    rss 3k: items with 16
//                    optional keys, 4–7 present
//   decode-gpx8k     try XMLDecoder().decode(GPX.self, from: data)        gpx 8k: track points with
//                    17 optional elements, 2–3 present
//   decode-small100  try XMLDecoder().decode(Order.self, from: data), 100 times: a 521-byte order
//                    whose model has eight types (Order.swift), what a server decodes per request
//                    (the cost of a call besides its bytes: the decoder, its scratch, each type's
//                    first use)
//   floor-books5k    books 5k read by hand from XMLReader's events (HandWrittenDecoders.swift): the
//   floor-osm5k      Swift floor, what decoding costs without Codable; and the same for osm 5k
//   floor-stream-books5k  books 5k read field by field with XMLCodable's `XMLFieldStream`
//   floor-stream-osm5k    (Sources/FieldStreamFloor/): as a generated decoder would, with the
//                    decoder's own scalar parsing and strings, no index and no Codable container
//   generated-books5k  try XMLDecoder().decode(GCatalog.self, from: data): the same models with the
//   generated-osm5k    `@XMLFieldDecodable` macro (Sources/GeneratedModels/), which the
//                    decoder reads with their generated field-stream readers
//   generated-codable-books5k  the same GCatalog / GOSM decoded through Codable (a decoder with a
//   generated-codable-osm5k    userInfo entry, which turns the generated path off)
//   generated-fallback-osm5k   GFOSM: generated root and nodes, plain Codable tags (each <tag>
//                    decoded through the stream's Codable fall-back)
//   tree-encode-books5k  try XMLEncoder().encodeToTree(catalog, withRootKey: "books"): the
//   tree-encode-osm5k    document model made by the encoder (against encode-books5k, encode-osm5k)
//   tree-decode-books5k  try XMLDecoder().decode(Catalog.self, from: tree), the tree parsed once
//   tree-decode-osm5k    before the calls (against decode-books5k, decode-osm5k)
//   tree-write-books5k   try tree.xmlData(), the tree parsed once before the calls: the document
//   tree-write-osm5k     model's writer on stored elements (against encode-books5k, encode-osm5k)
//   tree-write-built-books5k   the same tree with every element rebuilt from its values once
//                    before the calls (a tree built in code): laid out as a store, checked, written
//   tree-write-edited-books5k  the parsed tree with one book appended to its root: the root laid
//                    out from its values, its 5,000 stored books written from the parsed store
//   decode-subtree-books5k  try XMLDecoder().decode(BookSubtrees.self, from: data), books 5k with
//                    each book an `XMLTree.Element` property (`let book: [XMLTree.Element]`): the
//                    decoder capturing 5,000 subtrees of the document model (against decode-books5k)
//   encode-subtree-books5k  try XMLEncoder().encode(subtrees, withRootKey: "books"), the model of
//                    decode-subtree-books5k decoded once before the calls: 5,000 stored elements
//                    copied into the encoder's tree (against encode-books5k)
//   decode-sheet200k the same as decode-sheet20k on sheet 200k (not in the default run: 5 to 10
//                    minutes under callgrind; perf-retain-share.py profiles this mode's child)
//
// The models are Workloads' as they are, without the Encoders module's attribute conformances: the
// encoder writes every property as a child element (the figures in README.md were taken this way).
// Worked example: decode-osm5k collected 253.5 million instructions for one call and 450.9 million
// for three: (450.9 − 253.5) ÷ 2 = 98.7 million per call (at aa398fb).
//
// Options:
//   --mode M        one of the modes above (repeatable; default: all but decode-sheet200k)
//   --valgrind P    the valgrind executable (default: found on PATH)
//   --check FILE    the gate CI runs: each mode FILE lists against its figure there, failing on
//                   a mode more than 2% over it, or on another toolchain (Baselines.swift)
//   --record FILE   write the modes measured to FILE as the new baselines (with --commit HASH,
//                   which the file names, and --why TEXT, why they were recorded again);
//                   without --mode, the modes FILE lists already

#if canImport(FoundationEssentials)
import FoundationEssentials
#endif
import FieldStreamFloor
import GeneratedModels
import Foundation
import ReaderTouch
import Workloads
import XMLCodable

enum Mode: String, CaseIterable {
    case decodeOSM5k = "decode-osm5k"
    case decodeBooks5k = "decode-books5k"
    case encodeOSM5k = "encode-osm5k"
    case encodeBooks5k = "encode-books5k"
    case encodeOSM5kAttributes = "encode-osm5k-attributes"
    case streamBooks5k = "stream-books5k"
    case readBooks5k = "read-books5k"
    case readBooks5kWindows1252 = "read-books5k-windows1252"
    case readOSM5k = "read-osm5k"
    case touchBooks5k = "touch-books5k"
    case touchOSM5k = "touch-osm5k"
    case decodeSheet20k = "decode-sheet20k"
    case decodeRSS3k = "decode-rss3k"
    case decodeGPX8k = "decode-gpx8k"
    case decodeSmall100 = "decode-small100"
    case decodeSheet200k = "decode-sheet200k"
    case floorBooks5k = "floor-books5k"
    case floorOSM5k = "floor-osm5k"
    case floorStreamBooks5k = "floor-stream-books5k"
    case floorStreamOSM5k = "floor-stream-osm5k"
    case generatedBooks5k = "generated-books5k"
    case generatedOSM5k = "generated-osm5k"
    case generatedCodableBooks5k = "generated-codable-books5k"
    case generatedCodableOSM5k = "generated-codable-osm5k"
    case generatedFallbackOSM5k = "generated-fallback-osm5k"
    case treeEncodeBooks5k = "tree-encode-books5k"
    case treeEncodeOSM5k = "tree-encode-osm5k"
    case treeDecodeBooks5k = "tree-decode-books5k"
    case treeDecodeOSM5k = "tree-decode-osm5k"
    case treeWriteBooks5k = "tree-write-books5k"
    case treeWriteOSM5k = "tree-write-osm5k"
    case treeWriteBuiltBooks5k = "tree-write-built-books5k"
    case treeWriteEditedBooks5k = "tree-write-edited-books5k"
    case decodeSubtreeBooks5k = "decode-subtree-books5k"
    case encodeSubtreeBooks5k = "encode-subtree-books5k"

    /// The modes run when no `--mode` is given.
    static let defaults = allCases.filter { $0 != .decodeSheet200k }
}

/// Books 5k with each book captured as a document-model element (decode-subtree-books5k).
struct BookSubtrees: Codable {
    let book: [XMLTree.Element]
}

/// An element and everything in it made again from their values, as a tree built in code is.
func builtInCode(_ element: XMLTree.Element) -> XMLTree.Element {
    XMLTree.Element(
        element.name, attributes: element.attributes,
        children: element.children.map { node in
            if case .element(let child) = node { return .element(builtInCode(child)) }
            return node
        })
}

/// Reads every event of `bytes`; checks the number of start elements.
func readAll(_ bytes: [UInt8], elements expected: Int) throws {
    var reader = try XMLReader(bytes)
    var elements = 0
    while let event = try reader.next() {
        if case .startElement = event { elements += 1 }
    }
    guard elements == expected else { fail("read \(elements) elements, not \(expected)") }
}

/// Reads every event of `bytes` and touches its bytes as the "XMLReader events" benchmark does
/// (the same function, `ReaderTouch.touchRawEvents`); checks the number of start elements.
func touchAll(_ bytes: [UInt8], elements expected: Int) throws -> Int {
    let touched = try touchRawEvents(of: bytes)
    guard touched.elements == expected else { fail("read \(touched.elements) elements, not \(expected)") }
    return touched.checksum
}

/// How many start elements a document (books 5k, osm 5k) has, counted once outside the measured calls' difference.
func elementCount(_ bytes: [UInt8]) throws -> Int {
    var reader = try XMLReader(bytes)
    var elements = 0
    while let event = try reader.next() {
        if case .startElement = event { elements += 1 }
    }
    return elements
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("instructions: \(message)\n".utf8))
    exit(1)
}

/// The child: `calls` calls of `mode`, each with a new coder; checks what each call produced.
func runChild(_ mode: Mode, calls: Int, file: String?) throws {
    switch mode {
    case .decodeOSM5k:
        let data = Workloads.osm5k.data
        for _ in 0..<calls {
            let osm = try XMLDecoder().decode(OSM.self, from: data)
            guard osm.nodes.count == 5_000 else { fail("decoded \(osm.nodes.count) nodes, not 5,000") }
        }
    case .decodeBooks5k:
        let data = Workloads.books5k.data
        for _ in 0..<calls {
            let catalog = try XMLDecoder().decode(Catalog.self, from: data)
            guard catalog.books.count == 5_000 else { fail("decoded \(catalog.books.count) books, not 5,000") }
        }
    case .encodeOSM5k:
        let model = Workloads.osm5kModel
        for _ in 0..<calls {
            let data = try XMLEncoder().encode(model, withRootKey: "osm")
            guard !data.isEmpty else { fail("encoded nothing") }
        }
    case .encodeOSM5kAttributes:
        let model = AttributedOSM(Workloads.osm5kModel)
        let expected = try elementCount([UInt8](Workloads.osm5k.data))
        for call in 0..<calls {
            let data = try XMLEncoder().encode(model, withRootKey: "osm")
            guard !data.isEmpty else { fail("encoded nothing") }
            // The first call's output checked (in both runs, so its cost falls out of the difference):
            // the benchmark document's elements, so the nodes' fields were written as attributes.
            if call == 0, try elementCount([UInt8](data)) != expected { fail("not the benchmark document's elements") }
        }
    case .encodeBooks5k:
        let model = Workloads.books5kCatalog
        for _ in 0..<calls {
            let data = try XMLEncoder().encode(model, withRootKey: "books")
            guard !data.isEmpty else { fail("encoded nothing") }
        }
    case .streamBooks5k:
        guard let file else { fail("stream-books5k needs the document's path") }
        let url = URL(fileURLWithPath: file)
        for _ in 0..<calls {
            var count = 0
            try XMLDecoder().decodeElements(Book.self, at: "books/book", from: url) { _ in count += 1 }
            guard count == 5_000 else { fail("decoded \(count) books, not 5,000") }
        }
    case .readBooks5k:
        let bytes = [UInt8](Workloads.books5k.data)
        let expected = try elementCount(bytes)
        for _ in 0..<calls { try readAll(bytes, elements: expected) }
    case .readBooks5kWindows1252:
        var bytes = [UInt8](Workloads.books5k.data)
        let expected = try elementCount(bytes)
        // The document, declared windows-1252: its declaration replaced (or one added), the rest unchanged.
        let declaration = Array(#"<?xml version="1.0" encoding="windows-1252"?>"#.utf8)
        if bytes.starts(with: Array("<?xml".utf8)), let end = bytes.firstIndex(of: UInt8(ascii: ">")) {
            bytes.replaceSubrange(0...end, with: declaration)
        } else {
            bytes = declaration + bytes
        }
        for _ in 0..<calls { try readAll(bytes, elements: expected) }
    case .readOSM5k:
        let bytes = [UInt8](Workloads.osm5k.data)
        let expected = try elementCount(bytes)
        for _ in 0..<calls { try readAll(bytes, elements: expected) }
    case .touchBooks5k, .touchOSM5k:
        let bytes = [UInt8]((mode == .touchBooks5k ? Workloads.books5k : Workloads.osm5k).data)
        let expected = try elementCount(bytes)
        var checksum = 0
        for _ in 0..<calls { checksum &+= try touchAll(bytes, elements: expected) }
        guard checksum != 0 else { fail("touched nothing") }
    case .decodeSheet20k, .decodeSheet200k:
        let data = (mode == .decodeSheet20k ? Workloads.sheet20k : Workloads.sheet200k).data
        let expected = mode == .decodeSheet20k ? 20_000 : 200_000
        for _ in 0..<calls {
            let sheet = try XMLDecoder().decode(Worksheet.self, from: data)
            guard sheet.cellCount == expected else { fail("decoded \(sheet.cellCount) cells, not \(expected)") }
        }
    case .decodeRSS3k:
        let data = Workloads.rss3k.data
        for _ in 0..<calls {
            let feed = try XMLDecoder().decode(RSSFeed.self, from: data)
            guard feed.channel.items.count == 3_000 else { fail("decoded \(feed.channel.items.count) items, not 3,000") }
        }
    case .decodeGPX8k:
        let data = Workloads.gpx8k.data
        for _ in 0..<calls {
            let gpx = try XMLDecoder().decode(GPX.self, from: data)
            guard gpx.pointCount == 8_000 else { fail("decoded \(gpx.pointCount) points, not 8,000") }
        }
    case .decodeSmall100:
        let data = Workloads.smallOrder
        for _ in 0..<calls {
            for _ in 0..<100 {
                let order = try XMLDecoder().decode(Order.self, from: data)
                guard order.lines.count == 2, order.lines[1].discount?.percent == 10 else {
                    fail("decoded the small order wrongly: \(order)")
                }
            }
        }
    case .floorBooks5k:
        // The first call's model is compared with the generated one whole; the others, counted as
        // the decode modes count theirs, so that the figure per call holds no comparison.
        let bytes = [UInt8](Workloads.books5k.data)
        for call in 0..<calls {
            let catalog = try HandWrittenDecoders.catalog(from: bytes)
            guard call > 0 ? catalog.books.count == 5_000 : catalog == Workloads.books5kCatalog else { fail("the hand-written books differ") }
        }
    case .treeEncodeBooks5k, .treeEncodeOSM5k:
        for _ in 0..<calls {
            let tree =
                mode == .treeEncodeBooks5k
                ? try XMLEncoder().encodeToTree(Workloads.books5kCatalog, withRootKey: "books")
                : try XMLEncoder().encodeToTree(Workloads.osm5kModel, withRootKey: "osm")
            guard !tree.root.name.qualifiedName.isEmpty else { fail("encoded nothing") }
        }
    case .treeDecodeBooks5k:
        let tree = try XMLTree(parsing: Workloads.books5k.data)
        for _ in 0..<calls {
            let catalog = try XMLDecoder().decode(Catalog.self, from: tree)
            guard catalog.books.count == 5_000 else { fail("decoded \(catalog.books.count) books, not 5,000") }
        }
    case .treeDecodeOSM5k:
        let tree = try XMLTree(parsing: Workloads.osm5k.data)
        for _ in 0..<calls {
            let osm = try XMLDecoder().decode(OSM.self, from: tree)
            guard osm.nodes.count == 5_000 else { fail("decoded \(osm.nodes.count) nodes, not 5,000") }
        }
    case .treeWriteBooks5k, .treeWriteOSM5k:
        let tree = try XMLTree(parsing: (mode == .treeWriteBooks5k ? Workloads.books5k : Workloads.osm5k).data)
        var size = 0
        for call in 0..<calls {
            let data = try tree.xmlData()
            // Every call writes the same document.
            guard call == 0 ? data.count > 100_000 : data.count == size else { fail("wrote \(data.count) bytes") }
            size = data.count
        }
    case .treeWriteBuiltBooks5k, .treeWriteEditedBooks5k:
        var tree = try XMLTree(parsing: Workloads.books5k.data)
        if mode == .treeWriteBuiltBooks5k {
            tree.root = builtInCode(tree.root)
        } else {
            tree.root.children.append(.element(XMLTree.Element("book", text: "one more")))
        }
        var size = 0
        for call in 0..<calls {
            let data = try tree.xmlData()
            // Every call writes the same document.
            guard call == 0 ? data.count > 100_000 : data.count == size else { fail("wrote \(data.count) bytes") }
            size = data.count
        }
    case .decodeSubtreeBooks5k:
        let data = Workloads.books5k.data
        for _ in 0..<calls {
            let catalog = try XMLDecoder().decode(BookSubtrees.self, from: data)
            guard catalog.book.count == 5_000, catalog.book[4_999].attributes.count == 1 else {
                fail("decoded \(catalog.book.count) books, not 5,000")
            }
        }
    case .encodeSubtreeBooks5k:
        let model = try XMLDecoder().decode(BookSubtrees.self, from: Workloads.books5k.data)
        var size = 0
        for call in 0..<calls {
            let data = try XMLEncoder().encode(model, withRootKey: "books")
            // Every call writes the same document.
            guard call == 0 ? data.count > 100_000 : data.count == size else { fail("wrote \(data.count) bytes") }
            size = data.count
        }
    case .floorStreamBooks5k:
        let data = Workloads.books5k.data
        for call in 0..<calls {
            let catalog = try FieldStreamReaders.catalog(from: data)
            guard call > 0 ? catalog.books.count == 5_000 : catalog == Workloads.books5kCatalog else {
                fail("the field-stream books differ")
            }
        }
    case .floorStreamOSM5k:
        let data = Workloads.osm5k.data
        for call in 0..<calls {
            let osm = try FieldStreamReaders.osm(from: data)
            guard call > 0 ? osm.nodes.count == 5_000 : osm == Workloads.osm5kModel else {
                fail("the field-stream osm differs")
            }
        }
    case .generatedBooks5k, .generatedCodableBooks5k:
        let data = Workloads.books5k.data
        let codable = mode == .generatedCodableBooks5k
        for call in 0..<calls {
            let decoder = XMLDecoder()
            if codable { decoder.userInfo = [CodingUserInfoKey(rawValue: "codable")!: true] }
            let catalog = try decoder.decode(GCatalog.self, from: data)
            guard call > 0 ? catalog.books.count == 5_000 : catalog.model == Workloads.books5kCatalog else {
                fail("the generated books differ")
            }
        }
    case .generatedOSM5k, .generatedCodableOSM5k:
        let data = Workloads.osm5k.data
        let codable = mode == .generatedCodableOSM5k
        for call in 0..<calls {
            let decoder = XMLDecoder()
            if codable { decoder.userInfo = [CodingUserInfoKey(rawValue: "codable")!: true] }
            let osm = try decoder.decode(GOSM.self, from: data)
            guard call > 0 ? osm.nodes.count == 5_000 : osm.model == Workloads.osm5kModel else {
                fail("the generated osm differs")
            }
        }
    case .generatedFallbackOSM5k:
        let data = Workloads.osm5k.data
        for call in 0..<calls {
            let osm = try XMLDecoder().decode(GFOSM.self, from: data)
            guard call > 0 ? osm.nodes.count == 5_000 : osm.model == Workloads.osm5kModel else {
                fail("the generated osm (Codable tags) differs")
            }
        }
    case .floorOSM5k:
        let bytes = [UInt8](Workloads.osm5k.data)
        for call in 0..<calls {
            let osm = try HandWrittenDecoders.osm(from: bytes)
            guard call > 0 ? osm.nodes.count == 5_000 : osm == Workloads.osm5kModel else { fail("the hand-written osm differs") }
        }
    }
}

/// The instructions callgrind collected for `arguments` run as a child of this executable.
func collected(_ valgrind: String, _ me: String, _ arguments: [String]) -> Double {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: valgrind)
    process.arguments = ["--tool=callgrind", "--callgrind-out-file=/dev/null", me, "--child"] + arguments
    let errors = Pipe()
    process.standardOutput = FileHandle.nullDevice
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    // The standard library seeds its hashing per process, and dictionary layouts (so instruction
    // counts, by a few hundredths of a percent) would differ from run to run.
    var environment = ProcessInfo.processInfo.environment
    environment["SWIFT_DETERMINISTIC_HASHING"] = "1"
    process.environment = environment
    do {
        try process.run()
    } catch {
        fail("cannot run \(valgrind): \(error)")
    }
    let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        fail("\(arguments.joined(separator: " ")) exited with \(process.terminationStatus):\n\(text)")
    }
    // "==1234== Collected : 211612345"
    guard let line = text.split(separator: "\n").first(where: { $0.contains("Collected :") }),
        let count = line.split(separator: " ").last.flatMap({ Double($0) })
    else { fail("no 'Collected' line in callgrind's output:\n\(text)") }
    return count
}

func findOnPath(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for folder in path.split(separator: ":") {
        let candidate = "\(folder)/\(name)"
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
}

func option(_ name: String) -> [String] {
    var values: [String] = []
    var arguments = CommandLine.arguments.dropFirst()[...]
    while let argument = arguments.popFirst() {
        if argument == name, let value = arguments.popFirst() { values.append(value) }
    }
    return values
}

let arguments = CommandLine.arguments
if arguments.count >= 4, arguments[1] == "--child" {
    guard let mode = Mode(rawValue: arguments[2]), let calls = Int(arguments[3]) else { fail("bad child arguments \(arguments)") }
    do {
        try runChild(mode, calls: calls, file: arguments.count > 4 ? arguments[4] : nil)
    } catch {
        fail("\(mode.rawValue): \(error)")
    }
    exit(0)
}

let modes = option("--mode").map { name in
    guard let mode = Mode(rawValue: name) else {
        fail("unknown mode \(name); the modes: \(Mode.allCases.map(\.rawValue).joined(separator: ", "))")
    }
    return mode
}
guard let valgrind = option("--valgrind").last ?? findOnPath("valgrind") else {
    fail("valgrind is not installed (Debian: apt-get install valgrind)")
}
let me = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("instructions-\(getpid())")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }
let books5kFile = folder.appendingPathComponent("books5k.xml")
try Workloads.books5k.data.write(to: books5kFile)

/// Millions of instructions per call of `mode`, and the two totals they come from.
func measure(_ mode: Mode) -> (one: Double, three: Double, perCall: Double) {
    let extra = mode == .streamBooks5k ? [books5kFile.path] : []
    let one = collected(valgrind, me, [mode.rawValue, "1"] + extra)
    let three = collected(valgrind, me, [mode.rawValue, "3"] + extra)
    return (one, three, (three - one) / 2 / 1e6)
}

if let path = option("--check").last {
    // The gate: every mode in the file, against its figure (Baselines.swift).
    let baselines: Baselines
    do throws(BaselineError) {
        baselines = try Baselines(contentsOf: path)
    } catch {
        fail(error.description)
    }
    let toolchain = toolchainVersion() ?? "unknown (swift --version did not run)"
    guard toolchain == baselines.toolchain else {
        fail(
            "the baselines were recorded with '\(baselines.toolchain)', this is '\(toolchain)': instruction counts "
                + "depend on the compiler, so record them again with this one (--record \(path)) in the commit that moves to it")
    }
    print("| mode | baseline, millions per call | now | change | |")
    print("| --- | ---: | ---: | ---: | --- |")
    var failures: [String] = []
    for (mode, baseline) in baselines.figures {
        let now = measure(mode).perCall
        let (change, passes) = verdict(now, baseline: baseline)
        let percent = String(format: "%+.2f%%", change * 100)
        print("| \(mode.rawValue) | \(String(format: "%.2f", baseline)) | \(String(format: "%.2f", now)) | \(percent) | \(passes ? "ok" : "REGRESSION") |")
        if !passes { failures.append("\(mode.rawValue) \(percent)") }
    }
    guard failures.isEmpty else {
        fail(
            "more than \(Int(Baselines.tolerance * 100))% over the baseline: \(failures.joined(separator: ", ")). Find the cost "
                + "(Benchmarks/stage-profile.py), or, if it is meant, record the baselines again (--record \(path)) and say why in the commit")
    }
    print("All \(baselines.figures.count) modes within \(Int(Baselines.tolerance * 100))% of their baselines.")
    exit(0)
}

print("| mode | instructions, 1 call | instructions, 3 calls | millions per call |")
print("| --- | ---: | ---: | ---: |")
// Recording without --mode keeps the file's own modes (the gate's choice), when it has some.
let recordPath = option("--record").last
let fileModes = recordPath.flatMap { try? Baselines(contentsOf: $0) }.map { $0.figures.map(\.mode) } ?? []
var recorded: [(mode: Mode, millions: Double)] = []
for mode in !modes.isEmpty ? modes : !fileModes.isEmpty ? fileModes : Mode.defaults {
    let (one, three, perCall) = measure(mode)
    recorded.append((mode, perCall))
    print("| \(mode.rawValue) | \(Int(one)) | \(Int(three)) | \(String(format: "%.2f", perCall)) |")
}
if let path = recordPath {
    guard let toolchain = toolchainVersion() else { fail("cannot record: swift --version did not run, and the figures depend on it") }
    let date = ISO8601DateFormatter.string(from: Date(), timeZone: TimeZone(identifier: "UTC")!, formatOptions: [.withFullDate])
    let commit = option("--commit").last ?? "(not given: --commit HASH)"
    do {
        let text = Baselines(toolchain: toolchain, figures: recorded).text(date: date, commit: commit, why: option("--why").last)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    } catch {
        fail("cannot write \(path): \(error)")
    }
    print("Recorded \(recorded.count) modes in \(path).")
}
