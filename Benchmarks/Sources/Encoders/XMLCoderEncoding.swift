// XMLCoder 0.18.2's encoder, in a file of its own (see XMLCodableEncoding.swift). The models'
// attribute placement for XMLCoder is their `DynamicNodeEncoding` conformance in
// Workloads/XMLCoderConformances.swift.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Workloads
import XMLCoder

enum XMLCoderEncoding {
    /// The encoder as a user would make it: default settings (compact output).
    static func encoder() -> XMLEncoder {
        XMLEncoder()
    }

    @inline(never)
    static func encode<Model: Encodable>(_ value: Model, rootKey: String, with encoder: XMLEncoder) throws -> Data {
        try encoder.encode(value, withRootKey: rootKey, header: XMLHeader(version: 1.0, encoding: "UTF-8"))
    }
}
