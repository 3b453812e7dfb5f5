// swift-tools-version: 6.0
//
// The differential check against XMLCoder 0.18.2: `swift run xmlcoder-diff` encodes one corpus of
// values with XMLCodable's XMLEncoder and with XMLCoder's, under a matrix of settings, and compares
// the bytes. Both libraries name their types alike (`XMLEncoder`, `Attribute`, …), so no file
// imports both: the corpus (Sources/Corpus) is compiled twice, by CorpusXMLCodable against
// XMLCodable and by CorpusXMLCoder against XMLCoder, through symbolic links; the executable only
// calls each one's `encodeAll(_:)`. Never a dependency of the library.

import PackageDescription

let package = Package(
    name: "XMLCodableCompat",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "XMLCodable", path: ".."),
        .package(url: "https://github.com/CoreOffice/XMLCoder", exact: "0.18.2"),
    ],
    targets: [
        .target(name: "CompatSettings"),
        .target(
            name: "CorpusXMLCodable",
            dependencies: ["CompatSettings", .product(name: "XMLCodable", package: "XMLCodable")]
        ),
        .target(
            name: "CorpusXMLCoder",
            dependencies: ["CompatSettings", .product(name: "XMLCoder", package: "XMLCoder")],
            swiftSettings: [.define("CORPUS_XMLCODER")]
        ),
        .executableTarget(
            name: "xmlcoder-diff",
            dependencies: ["CompatSettings", "CorpusXMLCodable", "CorpusXMLCoder"]
        ),
    ],
    swiftLanguageModes: [.v5]
)
