// XMLCustomCoder: `XMLEncoder` and `XMLDecoder` as Swift OpenAPI's coder for `application/xml`.
//
//     let configuration = Configuration(xmlCoder: XMLCustomCoder())
//     let client = Client(serverURL: url, configuration: configuration, transport: transport)
//
// The runtime calls a configuration's `xmlCoder` for the XML bodies of the code it generates with
// typed XML bodies. swift-openapi-generator 1.14 generates no such code yet: it hands XML bodies
// over as raw `HTTPBody` values, which `HTTPBody.xml(_:)` and `HTTPBody.decodeXML(_:upTo:)` (in
// HTTPBody+XML.swift) turn into models and back. Configure this coder anyway, so that generated
// code that does call it finds XML rather than `missingCoderForCustomContentType`.

import Foundation
import OpenAPIRuntime
import XMLCodable

/// Swift OpenAPI's `CustomCoder` for XML bodies, with a new encoder or decoder per call.
public struct XMLCustomCoder: CustomCoder {
    /// Makes the encoder for one call; set its strategies here.
    public let makeEncoder: @Sendable () -> XMLEncoder

    /// Makes the decoder for one call; set its strategies here.
    public let makeDecoder: @Sendable () -> XMLDecoder

    /// A coder with the given encoder and decoder makers (new default coders unless given).
    public init(
        makeEncoder: @escaping @Sendable () -> XMLEncoder = { XMLEncoder() },
        makeDecoder: @escaping @Sendable () -> XMLDecoder = { XMLDecoder() }
    ) {
        self.makeEncoder = makeEncoder
        self.makeDecoder = makeDecoder
    }

    /// `value` as an XML document, its root named by `XMLElementNaming` or by its type.
    public func customEncode<T: Encodable>(_ value: T) throws -> Data {
        try makeEncoder().encode(value)
    }

    /// A `T` read from the XML document in `data`.
    public func customDecode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try makeDecoder().decode(T.self, from: data)
    }
}
