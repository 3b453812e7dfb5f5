// XMLFieldMacros: the `@XMLFieldDecodable` macro, opt-in. Its implementation
// (XMLFieldMacrosPlugin) needs swift-syntax; XMLCodable and XMLCodableCore do not. A client enables
// the package trait FieldMacros and depends on this product:
//
//     .package(url: "…/XMLCodable", from: "…", traits: ["FieldMacros"])
//     .product(name: "XMLFieldMacros", package: "XMLCodable")
//
//     import XMLFieldMacros
//
//     @XMLFieldDecodable
//     struct Book: Codable {
//         @Attribute var id: Int
//         var title: String
//         var authors: [String]
//     }
//
//     let book = try XMLDecoder().decode(Book.self, from: data)   // the generated reader
//
// The struct stays `Codable`: with settings the generated reader does not follow (a key strategy,
// namespaces, a `userInfo`), `decode` uses its `Decodable` conformance as before.

#if FieldMacros
@_exported import XMLCodableCore

/// Generates a field-stream reader for a struct (`init(xmlFields:)` and a table of its fields'
/// names) and its conformance to `XMLFieldDecodable`, which `XMLDecoder.decode(_:from:)` then
/// uses when its settings allow. The struct stays `Decodable` as before.
@attached(extension, conformances: XMLCodableCore.XMLFieldDecodable, names: named(init), named(xmlFieldNames))
public macro XMLFieldDecodable() = #externalMacro(module: "XMLFieldMacrosPlugin", type: "XMLFieldDecodableMacro")
#else
@_exported import XMLCodableCore

/// Without the package trait FieldMacros the macro has no implementation: using it is an error
/// that says how to enable the trait.
@available(
    *, unavailable,
    message:
        "@XMLFieldDecodable needs the package trait FieldMacros: .package(url: …, from: …, traits: [\"FieldMacros\"])"
)
@attached(extension, conformances: XMLCodableCore.XMLFieldDecodable, names: named(init), named(xmlFieldNames))
public macro XMLFieldDecodable() = #externalMacro(module: "XMLFieldMacrosPlugin", type: "XMLFieldDecodableMacro")
#endif
