// swift-tools-version: 6.1
//
// XMLCodable benchmarks: a package of its own, so that package-benchmark and the comparison
// libraries (XMLCoder, Foundation's XMLParser) never become dependencies of XMLCodable itself.
//
// Run from this folder:  swift package --disable-sandbox benchmark
// See README.md beside this file for what each benchmark measures and how to read the numbers.

import PackageDescription

let package = Package(
    name: "XMLCodableBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "XMLCodable", path: "..", traits: ["FieldMacros"]),
        // Comparison library for the decoder/encoder benchmarks.
        .package(url: "https://github.com/CoreOffice/XMLCoder", exact: "0.18.2"),
    ],
    targets: [
        // Deterministic workloads (generated books/OSM documents, their Codable models and JSON twins)
        // the loader for the real document, a checked XMLParser run, and the models' XMLCoder mapping.
        // No dependency on package-benchmark, so the tool below can use it too.
        .target(
            name: "Workloads",
            dependencies: [
                .product(name: "XMLCoder", package: "XMLCoder")
            ],
            path: "Sources/Workloads"
        ),
        // A small tool that prints the workloads' sizes and element counts, checks the XML and JSON
        // twins decode to the same values, and can write the documents out for inspection.
        .executableTarget(
            name: "workloads",
            dependencies: [
                "Workloads",
                "Decoders",
                .product(name: "XMLCoder", package: "XMLCoder"),
            ],
            path: "Sources/workloads-tool"
        ),
        // The decoding comparison: each generated input with its expected model, and the three
        // decoders (XMLCodable, XMLCoder, JSONDecoder) set up on it, with a check that they decode
        // the very values the input was generated from. Shared by the decoder benchmarks and the
        // memory tool.
        .target(
            name: "Decoders",
            dependencies: [
                "Workloads",
                "GeneratedModels",
                .product(name: "XMLCodable", package: "XMLCodable"),
                .product(name: "XMLCoder", package: "XMLCoder"),
            ],
            path: "Sources/Decoders"
        ),
        // The encoding comparison: each generated model and the three encoders (XMLCodable, XMLCoder,
        // JSONEncoder) set up on it, with a check that each output decodes back to the same model.
        // XMLCodable's attribute placement for the models lives here (XMLCoder's is in Workloads).
        .target(
            name: "Encoders",
            dependencies: [
                "Workloads",
                .product(name: "XMLCodable", package: "XMLCodable"),
                .product(name: "XMLCoder", package: "XMLCoder"),
            ],
            path: "Sources/Encoders"
        ),
        // The one definition of reading a document's events with its bytes touched, shared by the
        // reader benchmarks, `instructions` and `reader-ceiling` so that their figures measure the
        // same work.
        .target(
            name: "ReaderTouch",
            dependencies: [.product(name: "XMLCodable", package: "XMLCodable")],
            path: "Sources/ReaderTouch"
        ),
        // `decode-memory`: peak resident memory while decoding books 50k (and osm 50k), one fresh
        // process per measurement. See README.md, "Decoding: peak memory".
        .target(
            name: "CMallocStats",
            path: "Sources/CMallocStats"
        ),
        .executableTarget(
            name: "decode-memory",
            dependencies: ["Decoders", "Workloads", "CMallocStats"],
            path: "Sources/decode-memory"
        ),
        // `streaming`: decoding, checking and writing a generated 1 GB document in bounded memory,
        // against decoding the 50k documents in memory; one fresh process per measurement. See
        // README.md, "Streaming".
        .executableTarget(
            name: "streaming",
            dependencies: [
                "Decoders",
                "Encoders",
                "Workloads",
                .product(name: "XMLCodable", package: "XMLCodable"),
            ],
            path: "Sources/streaming"
        ),
        // `tree`: the document model's reading speed, peak memory, and decoding from a tree
        // against decoding from bytes. See README.md, "The document model".
        .executableTarget(
            name: "tree",
            dependencies: ["Workloads", "CMallocStats", .product(name: "XMLCodable", package: "XMLCodable")],
            path: "Sources/tree"
        ),
        // `instructions`: instructions per decode or encode call under callgrind (a new coder per
        // call), for changes too small for the wall-clock benchmarks. See README.md.
        .executableTarget(
            name: "decode-ratios",
            dependencies: ["Decoders", "Workloads"],
            path: "Sources/decode-ratios"
        ),
        // `cross-language`: the Swift side of the cross-language benchmark (XMLCodable and
        // JSONDecoder); the script `cross-language` beside this file runs it with the programs in
        // CrossLanguage/. See README.md, "Against other languages".
        .executableTarget(
            name: "cross-language",
            dependencies: [
                "Workloads",
                "Encoders",
                "FieldStreamFloor",
                "GeneratedModels",
                .product(name: "XMLCodable", package: "XMLCodable"),
            ],
            path: "Sources/cross-language"
        ),
        // The Swift floor as a generated decoder would read the models: field by field with
        // XMLCodable's `XMLFieldStream` (an SPI), no index and no Codable container.
        .target(
            name: "FieldStreamFloor",
            dependencies: ["Workloads", .product(name: "XMLCodable", package: "XMLCodable")],
            path: "Sources/FieldStreamFloor"
        ),
        // The books and osm models with the opt-in `@XMLFieldDecodable` macro (the trait
        // FieldMacros on the XMLCodable line above): `XMLDecoder` reads them with generated readers.
        .target(
            name: "GeneratedModels",
            dependencies: ["Workloads", .product(name: "XMLFieldMacros", package: "XMLCodable")],
            path: "Sources/GeneratedModels"
        ),
        .executableTarget(
            name: "instructions",
            dependencies: [
                "Workloads", "ReaderTouch", "FieldStreamFloor", "GeneratedModels",
                .product(name: "XMLCodable", package: "XMLCodable"),
            ],
            path: "Sources/instructions"
        ),
        // `reader-ceiling`: XMLCodable's reader against two lean readers that check the same bytes
        // and leave out the rest (one in Swift, one in C with SSE2): how far a reader can go on
        // this machine. See README.md, "How far a reader can go on this machine".
        .target(
            name: "CLeanReader",
            path: "Sources/CLeanReader"
        ),
        .executableTarget(
            name: "reader-ceiling",
            dependencies: ["Workloads", "CLeanReader", "ReaderTouch"],
            path: "Sources/reader-ceiling"
        ),
    ],
    swiftLanguageModes: [.v6]
)

// The benchmarks themselves (package-benchmark convention: Benchmarks/<Name>/<Name>.swift), and
// package-benchmark. CI builds every tool above with one `swift build -c release` and
// XMLCODABLE_BENCHMARK_TOOLS_ONLY set, which leaves these out: they would add about three minutes
// (package-benchmark and its dependencies) for three short files of calls into Decoders, Encoders
// and ReaderTouch, which the tools compile.
if Context.environment["XMLCODABLE_BENCHMARK_TOOLS_ONLY"] == nil {
    package.dependencies.append(
        // package-benchmark, under its current repository name (the old URL, .../package-benchmark, still
        // resolves but the plugin warns that the legacy identity will go). The MallocInterposer trait,
        // named explicitly, enables the malloc metrics and leaves out the Swift-6.3-only runtime
        // interposer package (not needed, and not among the packages this machine can fetch).
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]))
    package.targets += [
        .executableTarget(
            name: "XMLReaderBenchmarks",
            dependencies: [
                "Workloads",
                "ReaderTouch",
                .product(name: "XMLCodable", package: "XMLCodable"),
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "XMLCoder", package: "XMLCoder"),
            ],
            path: "Benchmarks/XMLReaderBenchmarks",
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark")
            ]
        ),
        .executableTarget(
            name: "DecoderBenchmarks",
            dependencies: [
                "Decoders",
                "Workloads",
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/DecoderBenchmarks",
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark")
            ]
        ),
        .executableTarget(
            name: "EncoderBenchmarks",
            dependencies: [
                "Encoders",
                "Workloads",
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/EncoderBenchmarks",
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark")
            ]
        ),
    ]
}
