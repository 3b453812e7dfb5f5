// XMLContentCoders: `XMLEncoder` and `XMLDecoder` as Vapor's content coders for `application/xml`.
//
//     ContentConfiguration.global.use(encoder: XMLContentEncoder(), for: .xml)
//     ContentConfiguration.global.use(decoder: XMLContentDecoder(), for: .xml)
//
//     struct Book: Content, XMLElementNaming {
//         static let defaultContentType = HTTPMediaType.xml
//         static let xmlElementName = "book"
//         @Attribute var id: String
//         var title: String
//     }
//     app.post("books") { req in try req.content.decode(Book.self) }   // <book id="1"><title>…
//
// Each call makes its coders with the closure given (a new `XMLEncoder()` or `XMLDecoder()` by
// default), as most code does, so that the `userInfo` Vapor passes for one request (its
// validations pass theirs) is set on coders no other request sees. The root element is named as
// `XMLEncoder.encode(_:)` names it: by the type's `XMLElementNaming.xmlElementName`, else by the
// type's name.

import Vapor
import XMLCodable

/// Encodes Vapor content as XML, with a new ``XMLCodable/XMLEncoder`` per call.
public struct XMLContentEncoder: ContentEncoder {
    /// Makes the encoder for one call; set its strategies here.
    public let makeEncoder: @Sendable () -> XMLEncoder

    /// The media type written in the response's or request's `Content-Type` header.
    public let mediaType: HTTPMediaType

    /// A content encoder that writes what `makeEncoder`'s encoder writes, as `mediaType`.
    public init(
        mediaType: HTTPMediaType = .xml, makeEncoder: @escaping @Sendable () -> XMLEncoder = { XMLEncoder() }
    ) {
        self.mediaType = mediaType
        self.makeEncoder = makeEncoder
    }

    /// Writes `encodable` as an XML document to `body`, and sets the `Content-Type` header.
    public func encode<E: Encodable>(_ encodable: E, to body: inout ByteBuffer, headers: inout HTTPHeaders) throws {
        try encode(encodable, to: &body, headers: &headers, userInfo: [:])
    }

    /// Writes `encodable` as an XML document to `body` with `userInfo` added to the encoder's.
    public func encode<E: Encodable>(
        _ encodable: E, to body: inout ByteBuffer, headers: inout HTTPHeaders,
        userInfo: [CodingUserInfoKey: Sendable]
    ) throws {
        let encoder = makeEncoder()
        if !userInfo.isEmpty { encoder.userInfo.merge(userInfo) { $1 } }
        body.writeBytes(try encoder.encode(encodable))
        headers.contentType = mediaType
    }
}

/// Decodes Vapor content from XML, with a new ``XMLCodable/XMLDecoder`` per call.
public struct XMLContentDecoder: ContentDecoder {
    /// Makes the decoder for one call; set its strategies here.
    public let makeDecoder: @Sendable () -> XMLDecoder

    /// A content decoder that reads with `makeDecoder`'s decoder.
    public init(makeDecoder: @escaping @Sendable () -> XMLDecoder = { XMLDecoder() }) {
        self.makeDecoder = makeDecoder
    }

    /// Reads a `D` from the XML document in `body`.
    public func decode<D: Decodable>(_ decodable: D.Type, from body: ByteBuffer, headers: HTTPHeaders) throws -> D {
        try decode(decodable, from: body, headers: headers, userInfo: [:])
    }

    /// Reads a `D` from the XML document in `body`, with `userInfo` added to the decoder's.
    public func decode<D: Decodable>(
        _ decodable: D.Type, from body: ByteBuffer, headers: HTTPHeaders, userInfo: [CodingUserInfoKey: Sendable]
    ) throws -> D {
        let decoder = makeDecoder()
        if !userInfo.isEmpty { decoder.userInfo.merge(userInfo) { $1 } }
        return try decoder.decode(D.self, from: Array(body.readableBytesView))
    }
}
