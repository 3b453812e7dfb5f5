// The XMLCodable module: everything in XMLCodableCore, re-exported, plus the API that needs
// Foundation proper rather than FoundationEssentials.
//
// Design: the library is XMLCodableCore, which imports FoundationEssentials only (Foundation on
// Darwin), so that on Linux a program using it links neither libFoundation nor the ICU data of
// FoundationInternationalization: it starts faster and is smaller when linked statically. Two
// types of XMLCoder-compatible API cannot live there, `DateFormatter` and `FileHandle`; this module
// adds what takes them, as extensions of the core's types with the signatures they always had:
//
// - `XMLDecoder.DateDecodingStrategy.formatted(_:)` and `XMLEncoder.DateEncodingStrategy.formatted(_:)`
//   (DateFormatterStrategies.swift): static functions returning `.custom` strategies, as
//   Foundation does for `JSONDecoder` on Linux;
// - `XMLReader(fileHandle:)`, `XMLDecoder.decodeElements(_:at:from:_:)` with a `FileHandle`, and
//   `XMLEncoder.elementWriter(…to: FileHandle)` (FileHandleAPI.swift).
//
// Code that imports XMLCodable sees all of it, as before the split:
//
//     import XMLCodable                     // links Foundation: every API
//     decoder.dateDecodingStrategy = .formatted(formatter)
//
//     import XMLCodableCore                 // FoundationEssentials only: all but the above
//     decoder.dateDecodingStrategy = .iso8601
//
// `case .formatted(let formatter)` no longer matches a strategy: a formatted strategy is a
// `.custom` one.

@_exported import XMLCodableCore
