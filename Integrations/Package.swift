// swift-tools-version: 6.0
//
// XMLCodable with servers and HTTP clients: the glue a Vapor, Hummingbird, Swift OpenAPI or
// AsyncHTTPClient program needs to speak XML, each recipe a small module of its own, tested end
// to end on 127.0.0.1. This is a package of its own so that none of these frameworks ever
// becomes a dependency of the library; one package rather than four, so that CI builds SwiftNIO
// once. The DocC article "Servers and Streams" shows each recipe; `.ci/run` builds and tests
// this package.
//
// - XMLVapor: `XMLEncoder`/`XMLDecoder` as Vapor's `ContentEncoder`/`ContentDecoder` for `.xml`,
//   and XML error bodies.
// - XMLHummingbird: Hummingbird's `RequestDecoder`/`ResponseEncoder` for XML, XML error bodies,
//   and a response body streamed through the asynchronous element writer.
// - XMLOpenAPI: a `CustomCoder` and `HTTPBody` helpers for Swift OpenAPI's `application/xml`
//   bodies, which the generator leaves as raw bytes.
// - The AsyncHTTPClient recipe (a streamed response read element by element) needs no module:
//   its one expression is in the tests and the article.
//
// The OpenAPI test's client and server code (Tests/IntegrationTests/OpenAPI/Generated) was written
// once by swift-openapi-generator from openapi.yaml and committed, so that CI never builds the
// generator; `Scripts/regenerate-openapi` writes it again.

import PackageDescription

let package = Package(
    name: "XMLCodableIntegrations",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "XMLVapor", targets: ["XMLVapor"]),
        .library(name: "XMLHummingbird", targets: ["XMLHummingbird"]),
        .library(name: "XMLOpenAPI", targets: ["XMLOpenAPI"]),
    ],
    dependencies: [
        .package(name: "XMLCodable", path: ".."),
        .package(url: "https://github.com/vapor/vapor", from: "4.122.3"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.4"),
        .package(url: "https://github.com/hummingbird-project/swift-openapi-hummingbird", from: "2.1.0"),
        .package(url: "https://github.com/swift-server/swift-openapi-async-http-client", from: "1.5.0"),
    ],
    targets: [
        .target(
            name: "XMLVapor",
            dependencies: [
                .product(name: "XMLCodable", package: "XMLCodable"),
                .product(name: "Vapor", package: "vapor"),
            ]
        ),
        .target(
            name: "XMLHummingbird",
            dependencies: [
                .product(name: "XMLCodable", package: "XMLCodable"),
                .product(name: "Hummingbird", package: "hummingbird"),
            ]
        ),
        .target(
            name: "XMLOpenAPI",
            dependencies: [
                .product(name: "XMLCodable", package: "XMLCodable"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
            ]
        ),
        // The long list of `<node>`s the streaming tests and http-streaming share (not a product).
        .target(
            name: "StreamingNodes",
            dependencies: [.product(name: "XMLCodable", package: "XMLCodable")]
        ),
        // Benchmark-only (Scripts/http-streaming): a long document through HTTP against a file.
        .executableTarget(
            name: "http-streaming",
            dependencies: [
                "XMLHummingbird", "StreamingNodes",
                .product(name: "XMLCodable", package: "XMLCodable"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),
        .testTarget(
            name: "IntegrationTests",
            dependencies: [
                "XMLVapor", "XMLHummingbird", "XMLOpenAPI", "StreamingNodes",
                .product(name: "XMLCodable", package: "XMLCodable"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "OpenAPIHummingbird", package: "swift-openapi-hummingbird"),
                .product(name: "OpenAPIAsyncHTTPClient", package: "swift-openapi-async-http-client"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
