// swift-tools-version: 6.0
// A client that uses only XMLCodable (not the macro), by path: does it fetch swift-syntax?
import PackageDescription

let package = Package(
    name: "ClientPath",
    dependencies: [.package(name: "XMLCodable", path: "../..")],
    targets: [.executableTarget(name: "ClientPath", dependencies: [.product(name: "XMLCodable", package: "XMLCodable")])]
)
