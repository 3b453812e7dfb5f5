// XMLCoding: `XMLDecoder` and `XMLEncoder` as Hummingbird's request decoder and response encoder.
//
//     struct Book: ResponseCodable, XMLElementNaming {
//         static let xmlElementName = "book"
//         @Attribute var id: String
//         var title: String
//     }
//     let router = Router(context: XMLRequestContext.self)
//     router.post("books") { request, context in
//         try await request.decode(as: Book.self, context: context)   // reads <book id="1">…
//     }
//
// A route's context chooses its coders: `XMLRequestContext` is Hummingbird's basic context with
// these two; a context of your own returns them from `requestDecoder` and `responseEncoder`. Each
// call makes its coder with the closure given (a new `XMLEncoder()` or `XMLDecoder()` by default).
// The request body is read up to the context's `maxUploadSize`; the root element of a response is
// named as `XMLEncoder.encode(_:)` names it, by `XMLElementNaming.xmlElementName` or the type's
// name.

import Hummingbird
import XMLCodable

/// Decodes request bodies from XML, with a new ``XMLCodable/XMLDecoder`` per call.
public struct XMLRequestDecoder: RequestDecoder, Sendable {
    /// Makes the decoder for one call; set its strategies here.
    public let makeDecoder: @Sendable () -> XMLDecoder

    /// A request decoder that reads with `makeDecoder`'s decoder.
    public init(makeDecoder: @escaping @Sendable () -> XMLDecoder = { XMLDecoder() }) {
        self.makeDecoder = makeDecoder
    }

    /// Reads a `T` from the request's XML body, of at most the context's `maxUploadSize` bytes.
    public func decode<T: Decodable>(_ type: T.Type, from request: Request, context: some RequestContext)
        async throws -> T
    {
        let buffer = try await request.body.collect(upTo: context.maxUploadSize)
        return try makeDecoder().decode(T.self, from: Array(buffer.readableBytesView))
    }
}

/// Encodes response bodies as XML, with a new ``XMLCodable/XMLEncoder`` per call.
public struct XMLResponseEncoder: ResponseEncoder, Sendable {
    /// Makes the encoder for one call; set its strategies here.
    public let makeEncoder: @Sendable () -> XMLEncoder

    /// The `Content-Type` of the responses.
    public let contentType: String

    /// A response encoder that writes what `makeEncoder`'s encoder writes, as `contentType`.
    public init(
        contentType: String = "application/xml; charset=utf-8",
        makeEncoder: @escaping @Sendable () -> XMLEncoder = { XMLEncoder() }
    ) {
        self.contentType = contentType
        self.makeEncoder = makeEncoder
    }

    /// A `200 OK` response whose body is `value` as an XML document.
    public func encode(_ value: some Encodable, from request: Request, context: some RequestContext) throws
        -> Response
    {
        let data = try makeEncoder().encode(value)
        return Response(
            status: .ok,
            headers: [.contentType: contentType, .contentLength: String(data.count)],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}

/// Hummingbird's basic request context with the XML coders.
public struct XMLRequestContext: RequestContext {
    /// The context's storage, which Hummingbird manages.
    public var coreContext: CoreRequestContextStorage

    /// A context for one request.
    public init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
    }

    /// A new ``XMLRequestDecoder``.
    public var requestDecoder: XMLRequestDecoder { XMLRequestDecoder() }

    /// A new ``XMLResponseEncoder``.
    public var responseEncoder: XMLResponseEncoder { XMLResponseEncoder() }
}
