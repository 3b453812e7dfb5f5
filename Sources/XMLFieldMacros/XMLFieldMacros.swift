// XMLFieldMacros: the `@XMLFieldDecodable` macro, opt-in (PROTOTYPE, issue 36). Its
// implementation (XMLFieldMacrosPlugin) needs swift-syntax; XMLCodable and XMLCodableCore do not.
//
// A file that uses the macro also says `@_spi(FieldStream) import XMLCodableCore`, since the
// generated code names the field stream (an SPI while it is a prototype).

#if FieldMacros
@_exported import XMLCodableCore

/// Generates a field-stream reader for a struct (`init(xmlFields:)` and a table of its fields'
/// names) and its conformance to `XMLFieldDecodable`, which `XMLDecoder.decode(_:from:)` then
/// uses when its settings allow. The struct stays `Decodable` as before.
@attached(extension, conformances: XMLCodableCore.XMLFieldDecodable, names: named(init), named(xmlFieldNames))
public macro XMLFieldDecodable() = #externalMacro(module: "XMLFieldMacrosPlugin", type: "XMLFieldDecodableMacro")
#else
#error("XMLFieldMacros needs the package trait FieldMacros: .package(url: …, traits: [\"FieldMacros\"])")
#endif
