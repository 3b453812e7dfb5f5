// XMLCodable's decoder, in a file of its own: XMLCodable and XMLCoder both name their decoder
// `XMLDecoder`, so no file here imports both.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import XMLCodable

enum XMLCodableDecoding {
    /// The decoder as a user would make it: default settings (values trimmed, names as written).
    static func decoder() -> XMLDecoder {
        XMLDecoder()
    }

    /// Frees the working memory XMLCodable keeps for the next call (the memory tool's "model"
    /// measure must not count it).
    static func releaseWorkingMemory() {
        XMLDecoder.releaseWorkingMemory()
    }

    @inline(never)
    static func decode<Model: Decodable>(_ type: Model.Type, from data: Data, with decoder: XMLDecoder) throws -> Model {
        try decoder.decode(type, from: data)
    }
}
