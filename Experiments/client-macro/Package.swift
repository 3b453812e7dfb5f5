// swift-tools-version: 6.1
// A client that opts in to the macro, by a git URL and the trait FieldMacros: swift-syntax is
// fetched and built.
import PackageDescription

let package = Package(
    name: "ClientMacro",
    dependencies: [.package(url: "file:///work/wt-macro/.build/xmlcodable.git", branch: "helper-28", traits: ["FieldMacros"])],
    targets: [
        .executableTarget(
            name: "ClientMacro",
            dependencies: [
                .product(name: "XMLCodable", package: "xmlcodable"), .product(name: "XMLFieldMacros", package: "xmlcodable"),
            ])
    ]
)
