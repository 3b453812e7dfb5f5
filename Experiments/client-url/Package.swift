// swift-tools-version: 6.0
// A client that uses only XMLCodable (not the macro), by a git URL (this repository, the branch
// with the macro): does it fetch swift-syntax?
import PackageDescription

let package = Package(
    name: "ClientURL",
    dependencies: [.package(url: "file:///work/wt-macro/.build/xmlcodable.git", branch: "helper-28")],
    targets: [.executableTarget(name: "ClientURL", dependencies: [.product(name: "XMLCodable", package: "xmlcodable")])]
)
