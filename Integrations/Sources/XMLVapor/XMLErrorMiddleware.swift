// XMLErrorMiddleware: Vapor's errors as XML bodies, for an API whose clients read XML only.
//
//     app.middleware = .init()
//     app.middleware.use(XMLErrorMiddleware(environment: app.environment))
//
//     throw Abort(.notFound, reason: "No book 42")
//     // HTTP/1.1 404 Not Found
//     // content-type: application/xml; charset=utf-8
//     // <error status="404"><reason>No book 42</reason></error>
//
// Like Vapor's `ErrorMiddleware`, it takes the status, reason and headers of an `AbortError`, and
// for any other error answers 500 with the error's description in development and "Something
// went wrong." in production, so that no internal detail reaches a client of a deployed server.

import Vapor
import XMLCodable

/// The XML body of an error response: `<error status="404"><reason>…</reason></error>`.
public struct XMLErrorBody: Codable, Sendable, Equatable, XMLElementNaming {
    /// The root element's name, `error`.
    public static let xmlElementName = "error"

    /// The HTTP status code, an attribute.
    @Attribute public var status: Int

    /// What went wrong, for a person to read.
    public var reason: String

    /// An error body with `status` and `reason`.
    public init(status: Int, reason: String) {
        self._status = Attribute(status)
        self.reason = reason
    }
}

/// A middleware that turns the errors of the responders after it into XML error responses.
public struct XMLErrorMiddleware: AsyncMiddleware {
    /// Whether internal errors are described to the client: only outside production.
    public let describesInternalErrors: Bool

    /// A middleware that describes internal errors unless `environment` is a release one.
    public init(environment: Environment) {
        self.describesInternalErrors = !environment.isRelease
    }

    /// Answers the request, or, when the responder after it throws, an XML error response.
    public func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        do {
            return try await next.respond(to: request)
        } catch {
            let status: HTTPResponseStatus
            let reason: String
            var headers: HTTPHeaders = [:]
            if let abort = error as? any AbortError {
                (status, reason, headers) = (abort.status, abort.reason, abort.headers)
            } else {
                status = .internalServerError
                reason = describesInternalErrors ? String(describing: error) : "Something went wrong."
            }
            request.logger.report(error: error)
            let body = XMLErrorBody(status: Int(status.code), reason: reason)
            headers.contentType = .xml
            return Response(status: status, headers: headers, body: .init(data: try XMLEncoder().encode(body)))
        }
    }
}
