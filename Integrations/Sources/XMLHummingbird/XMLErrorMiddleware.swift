// XMLErrorMiddleware: Hummingbird's errors as XML bodies.
//
//     let router = Router(context: XMLRequestContext.self)
//     router.add(middleware: XMLErrorMiddleware())
//     router.get("books/:id") { _, _ -> Book in throw HTTPError(.notFound, message: "No book 42") }
//     // HTTP/1.1 404 Not Found
//     // content-type: application/xml; charset=utf-8
//     // <error status="404"><message>No book 42</message></error>
//
// Without it, `HTTPError` encodes its body with the context's response encoder as a type of its
// own, which XML names `CodableFormat`. An `HTTPResponseError` gives its status and headers (and
// an `HTTPError` its message); any other error is answered 500 "Internal Server Error", as
// Hummingbird answers it, with nothing of the error itself.

import Hummingbird
import XMLCodable

/// The XML body of an error response: `<error status="404"><message>…</message></error>`.
public struct XMLErrorBody: Codable, Sendable, Equatable, XMLElementNaming {
    /// The root element's name, `error`.
    public static let xmlElementName = "error"

    /// The HTTP status code, an attribute.
    @Attribute public var status: Int

    /// What went wrong, for a person to read.
    public var message: String

    /// An error body with `status` and `message`.
    public init(status: Int, message: String) {
        self._status = Attribute(status)
        self.message = message
    }
}

/// A middleware that turns the errors of the responders after it into XML error responses.
public struct XMLErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    /// A middleware for routers whose context is `Context`.
    public init() {}

    /// Answers the request, or, when the responder after it throws, an XML error response.
    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        do {
            return try await next(request, context)
        } catch {
            var status = HTTPResponse.Status.internalServerError
            var headers: HTTPFields = [:]
            var message = status.reasonPhrase
            if let error = error as? any HTTPResponseError {
                status = error.status
                message = status.reasonPhrase
            }
            if let error = error as? HTTPError {
                headers = error.headers
                message = error.body ?? message
            }
            let data = try XMLEncoder().encode(XMLErrorBody(status: status.code, message: message))
            headers[.contentType] = "application/xml; charset=utf-8"
            headers[.contentLength] = String(data.count)
            return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
        }
    }
}
