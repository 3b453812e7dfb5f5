// swift-tools-version: 6.0
//
// XMLCodable: XML as a first-class Codable format, with its own conformant XML 1.0 reader and writer.
// The library has no dependencies. Benchmarks live in their own package (Benchmarks/), so that the
// comparison libraries never become dependencies of this one.

import PackageDescription

let package = Package(
    name: "XMLCodable",
    products: [
        .library(name: "XMLCodable", targets: ["XMLCodable"]),
        .executable(name: "xmlc", targets: ["xmlc"]),
    ],
    targets: [
        .target(
            name: "XMLCodable"
        ),
        .executableTarget(
            name: "xmlc",
            dependencies: ["XMLCodable"]
        ),
        .testTarget(
            name: "XMLCodableTests",
            dependencies: ["XMLCodable"],
            // Fixture documents are read from their paths (found via #filePath), not bundled.
            exclude: ["Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
