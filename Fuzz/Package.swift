// swift-tools-version: 6.0
//
// The fuzzing package for XMLCodable, kept apart from the root package on purpose: its executable
// has no `main` (libFuzzer supplies one, and only exists under `-sanitize=fuzzer`), so building it
// with a plain `swift build` would fail. Being a separate package, it is built only on demand and
// the root package's `swift build` / `swift test` never see it. See Docs/Fuzzing.md.
//
//   cd Fuzz && XMLCODABLE_INTERNAL_CHECKS=1 swift build -c release --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address
//
// XMLCODABLE_INTERNAL_CHECKS=1 keeps the library's internal checks (bounds of its unchecked reads,
// liveness of unretained references) in these optimized builds; the root Package.swift reads it.

import PackageDescription

let package = Package(
    name: "XMLCodableFuzz",
    dependencies: [
        .package(name: "XMLCodable", path: "..")
    ],
    targets: [
        .executableTarget(
            name: "FuzzReader",
            dependencies: [.product(name: "XMLCodable", package: "XMLCodable")]
        ),
        .executableTarget(
            name: "FuzzDecoder",
            // XMLCodableCore too, for the `Testing` SPI (`keepsLayoutWhitespace`).
            dependencies: [.product(name: "XMLCodable", package: "XMLCodable"), .product(name: "XMLCodableCore", package: "XMLCodable")]
        ),
        .executableTarget(
            name: "FuzzTree",
            dependencies: [.product(name: "XMLCodable", package: "XMLCodable")]
        ),
        // The readings in memory and in pieces that FuzzChunks and FuzzEncodings compare.
        .target(
            name: "FuzzSupport",
            dependencies: [.product(name: "XMLCodable", package: "XMLCodable")]
        ),
        .executableTarget(
            name: "FuzzChunks",
            dependencies: ["FuzzSupport", .product(name: "XMLCodable", package: "XMLCodable")]
        ),
        // The legacy-encoding decoders, whole and in pieces (see its header).
        .executableTarget(
            name: "FuzzEncodings",
            dependencies: ["FuzzSupport", .product(name: "XMLCodable", package: "XMLCodable")]
        ),
        // The model shapes of the generated round-trip tests, compiled here through links to
        // Tests/XMLCodableCoreTests/RoundTrip/GeneratedShapes.swift and Generation.swift.
        .executableTarget(
            name: "FuzzStructured",
            dependencies: [.product(name: "XMLCodable", package: "XMLCodable")]
        ),
        // The field stream (the runtime of `@XMLFieldDecodable`'s generated readers) against the
        // Codable path, with readers written in the generated code's shape (no swift-syntax here).
        .executableTarget(
            name: "FuzzFieldStream",
            dependencies: [.product(name: "XMLCodable", package: "XMLCodable")]
        ),
        // libxml2, for the differential target only: the library and its tests never see it.
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        .executableTarget(
            name: "FuzzDifferential",
            dependencies: [.product(name: "XMLCodable", package: "XMLCodable"), "CLibXML2"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
