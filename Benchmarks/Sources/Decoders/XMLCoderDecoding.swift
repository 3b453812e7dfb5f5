// XMLCoder 0.18.2's decoder, in a file of its own (see XMLCodableDecoding.swift).

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Workloads
import XMLCoder

enum XMLCoderDecoding {
    /// The decoder the workloads tool checks the documents with (`XMLCoderSetup.decoder()`).
    static func decoder() -> XMLDecoder {
        XMLCoderSetup.decoder()
    }

    @inline(never)
    static func decode<Model: Decodable>(_ type: Model.Type, from data: Data, with decoder: XMLDecoder) throws -> Model {
        try decoder.decode(type, from: data)
    }
}
