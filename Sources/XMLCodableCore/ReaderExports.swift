// The reader's public API, re-exported: `import XMLCodableCore` (or `import XMLCodable`) sees
// `XMLReader`, `XMLEvent`, `XMLParsingError`, `XMLDeclaration` and the rest as before the reader
// became a module of its own (XMLCodableReader, the layer below this one). Users never import
// XMLCodableReader by name; the files of this module import it where they use its `package` API:
//
//     import XMLCodableCore
//     var reader = XMLReader(data: data)      // declared in XMLCodableReader
//     while let event = try reader.next() { … }

@_exported import XMLCodableReader
