// swift-tools-version: 6.1
//
// XMLCodable: XML as a first-class Codable format, with its own conformant XML 1.0 reader and writer.
// The library has no dependencies: swift-syntax is fetched only for a client that opts in to the
// package trait FieldMacros (the `@XMLFieldDecodable` macro, below). Benchmarks live in their own
// package (Benchmarks/), so that the comparison libraries never become dependencies of this one.
//
// Two products, so that a program can choose what it links on Linux:
//
// - XMLCodableCore is the whole library: the reader, the document model, the decoder and the
//   encoder. It imports FoundationEssentials (Foundation on Darwin) and nothing else, so on Linux
//   it links neither libFoundation nor the ICU data of FoundationInternationalization. Servers and
//   tools that care about start-up time and binary size depend on this product (xmlc does). Its
//   reader is a module of its own below it, XMLCodableReader (the bottom layer, which the compiler
//   keeps from reaching up), re-exported, so that users never name it.
// - XMLCodable is what most code imports: it re-exports XMLCodableCore and adds the API that needs
//   Foundation proper, the `DateFormatter` date strategies (`.formatted(_:)`, as XMLCoder spells
//   them) and the `FileHandle` overloads of the reader, the element decoder and the element writer.
//
// `import XMLCodable` sees both; `import XMLCodableCore` sees everything but those few functions.
//
// XMLModelInference, a third library on XMLCodableCore, infers Codable models from sample
// documents and renders them as Swift source (`xmlc generate swift`); the coders never need it.

import CompilerPluginSupport
import PackageDescription

// XMLCODABLE_INTERNAL_CHECKS=1 in the environment of a build keeps the unchecked types' checks
// (`internalCheck`, Sources/XMLCodableReader/Bytes/InternalCheck.swift) in optimized code: the Fuzz
// package is built so (Docs/Fuzzing.md). Without it, release builds check nothing there. A define
// is not an unsafe flag, so the package stays usable as a dependency either way.
let coreSettings: [SwiftSetting] =
    Context.environment["XMLCODABLE_INTERNAL_CHECKS"] == "1" ? [.define("XMLCODABLE_INTERNAL_CHECKS")] : []

// XMLCODABLE_TESTS=concurrent in the environment of a build leaves only the test files whose suites
// run the coders, readers and documents from several tasks at once: the ThreadSanitizer step of
// .ci/run builds these alone (`Scripts/sanitizers thread` without it builds and runs every test).
// Its filter, `concurrent_suites` in .ci/run, names the suites these files hold.
let concurrentTestFiles = [
    "Decoding/DecoderAsyncChunksTests.swift", "Decoding/DecoderBasicsTests.swift",
    "Decoding/DecoderElementsTests.swift", "Decoding/DecoderReuseTests.swift",
    "Document/XMLTreeStoreTests.swift", "Encoding/EncoderAsyncWriterTests.swift",
    "Encoding/EncoderReuseTests.swift", "Encoding/EncoderWriterTests.swift",
    "RoundTrip/ConcurrencyTests.swift", "RoundTrip/KeyTypesTests.swift",
    // What they use: random generation (`SplitMix64`).
    "RoundTrip/Generation.swift",
]
// The same for the reader's tests; what they use: the traces of read events (`ReaderTrace`).
let concurrentReaderTestFiles = [
    "Reader/AsyncChunkReaderTests.swift", "Reader/StreamingReaderTests.swift", "Reader/StreamingSupport.swift",
]
let onlyConcurrentTests = Context.environment["XMLCODABLE_TESTS"] == "concurrent"

let package = Package(
    name: "XMLCodable",
    products: [
        .library(name: "XMLCodable", targets: ["XMLCodable"]),
        .library(name: "XMLCodableCore", targets: ["XMLCodableCore"]),
        .library(name: "XMLModelInference", targets: ["XMLModelInference"]),
        .executable(name: "xmlc", targets: ["xmlc"]),
        // The opt-in `@XMLFieldDecodable` macro (with the trait FieldMacros, below).
        .library(name: "XMLFieldMacros", targets: ["XMLFieldMacros"]),
    ],
    // The trait FieldMacros, off by default, guards the package's one dependency, swift-syntax,
    // which only the macro's implementation uses: a client that does not enable it neither
    // fetches nor pins swift-syntax (SwiftPM leaves out what only disabled traits use;
    // Scripts/check-field-macros checks it). A client that wants the macro writes
    // `.package(url: …, from: …, traits: ["FieldMacros"])` and depends on XMLFieldMacros
    // (the documentation's "Generated Decoding" article). 602 and 603 both work; 603 is what
    // Swift 6.3's compiler speaks without a warning ("Internal Error: … Corrupted JSON", printed
    // by a 602 plugin at every build that loads it, though the build succeeds).
    traits: [
        .trait(name: "FieldMacros", description: "The @XMLFieldDecodable macro (depends on swift-syntax)."),
        .default(enabledTraits: []),
    ],
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-syntax", "602.0.0"..<"604.0.0")
    ],
    targets: [
        // The reader: scanning, encodings, the DTD, the prolog's types, the byte views. The layer
        // below everything else, with a `package` API for the layers above (XMLCodableCore
        // re-exports its public API: users never import it by name).
        .target(
            name: "XMLCodableReader",
            swiftSettings: coreSettings
        ),
        .target(
            name: "XMLCodableCore",
            dependencies: ["XMLCodableReader"],
            swiftSettings: coreSettings
        ),
        .target(
            name: "XMLCodable",
            dependencies: ["XMLCodableCore"]
        ),
        .target(
            name: "XMLModelInference",
            dependencies: ["XMLCodableCore"]
        ),
        .executableTarget(
            name: "xmlc",
            dependencies: ["XMLCodableCore", "XMLModelInference"]
        ),
        // A test target per module, and one for xmlc. Fixture documents (Tests/Fixtures) are read
        // from their paths, found through #filePath, not bundled.
        // What the test targets share: decoding and encoding helpers, error accessors, xmllint.
        .target(
            name: "XMLCodableTestSupport",
            dependencies: ["XMLCodableCore", "XMLCodableReader"],
            path: "Tests/XMLCodableTestSupport"
        ),
        // The reader's own tests, with the W3C conformance suite; a few also check that the layers
        // above read what the reader reads (the index, the document model, the decoder).
        .testTarget(
            name: "XMLCodableReaderTests",
            // XMLCodable too: the streaming suites read from a FileHandle.
            dependencies: ["XMLCodableReader", "XMLCodableCore", "XMLCodable", "XMLCodableTestSupport"],
            sources: onlyConcurrentTests ? concurrentReaderTestFiles : nil
        ),
        .testTarget(
            name: "XMLCodableCoreTests",
            // XMLCodable too: a few suites use its DateFormatter strategies and FileHandle API.
            dependencies: ["XMLCodableReader", "XMLCodableCore", "XMLCodable", "XMLCodableTestSupport"],
            sources: onlyConcurrentTests ? concurrentTestFiles : nil
        ),
    ] + (onlyConcurrentTests ? [] : otherTestTargets) + macroTargets,
    swiftLanguageModes: [.v6]
)

/// The test targets but XMLCodableReader's and XMLCodableCore's (left out when XMLCODABLE_TESTS=concurrent).
var otherTestTargets: [Target] {
    [
        .testTarget(
            name: "XMLCodableTests",
            dependencies: ["XMLCodable", "XMLCodableTestSupport"]
        ),
        .testTarget(
            name: "XMLModelInferenceTests",
            dependencies: ["XMLModelInference", "XMLCodableCore"]
        ),
        // xmlc's tests run the xmlc this build made (a dependency, so `swift test` builds it first).
        .testTarget(
            name: "XMLCTests",
            dependencies: ["xmlc", "XMLCodableReader", "XMLCodableCore", "XMLModelInference", "XMLCodableTestSupport"]
        ),
    ]
}

/// The `@XMLFieldDecodable` macro: its declaration (XMLFieldMacros), its implementation (the
/// compiler plugin, the one target that depends on swift-syntax, only with the trait FieldMacros)
/// and its tests (Scripts/check-field-macros runs them with the trait).
var macroTargets: [Target] {
    [
        .macro(
            name: "XMLFieldMacrosPlugin",
            dependencies: [
                Target.Dependency.product(
                    name: "SwiftSyntaxMacros", package: "swift-syntax", condition: .when(traits: ["FieldMacros"])),
                Target.Dependency.product(
                    name: "SwiftCompilerPlugin", package: "swift-syntax", condition: .when(traits: ["FieldMacros"])),
            ]
        ),
        .target(
            name: "XMLFieldMacros",
            dependencies: ["XMLCodableCore", "XMLFieldMacrosPlugin"]
        ),
        .testTarget(
            name: "XMLFieldMacrosTests",
            // Its sources are `#if FieldMacros`: without the trait it is empty.
            dependencies: [
                Target.Dependency.target(name: "XMLFieldMacros", condition: .when(traits: ["FieldMacros"])),
                // XMLCodable for the "Generated Decoding" article's examples (ArticleExamplesTests.swift).
                "XMLCodableCore", "XMLCodable",
                // The expansion tests (MacroExpansionTests.swift) run the macro's implementation.
                Target.Dependency.target(name: "XMLFieldMacrosPlugin", condition: .when(traits: ["FieldMacros"])),
                Target.Dependency.product(
                    name: "SwiftSyntaxMacrosTestSupport", package: "swift-syntax",
                    condition: .when(traits: ["FieldMacros"])),
            ]
        ),
    ]
}
