// Vapor with XML content: a server on 127.0.0.1 that reads and writes `application/xml` through
// XMLVapor's content coders and answers errors with XMLVapor's error bodies, called over HTTP by
// AsyncHTTPClient.

import AsyncHTTPClient
import Foundation
import NIOCore
import Testing
import Vapor
import XMLCodable
import XMLVapor

extension Book: Content, Validatable {
    static var defaultContentType: HTTPMediaType { .xml }

    static func validations(_ validations: inout Validations) {
        validations.add("title", as: String.self, is: !.empty)
    }
}

@Suite struct VaporTests {
    /// The XML coders, registered once for the process (Vapor's configuration is global).
    static let xmlContent: Void = {
        ContentConfiguration.global.use(encoder: XMLContentEncoder(), for: .xml)
        ContentConfiguration.global.use(decoder: XMLContentDecoder(), for: .xml)
    }()

    /// Runs `body` against a Vapor server on 127.0.0.1 with the XML coders and routes of a bookshop.
    func withServer(_ body: (String) async throws -> Void) async throws {
        _ = Self.xmlContent
        let app = try await Application.make(.testing)
        app.middleware = .init()
        app.middleware.use(XMLErrorMiddleware(environment: app.environment))
        app.post("books") { request -> Book in
            try Book.validate(content: request)
            var book = try request.content.decode(Book.self)
            book.id = "stored-" + book.id
            return book
        }
        app.get("books", ":id") { request -> Book in
            throw Abort(.notFound, reason: "No book \(request.parameters.get("id") ?? "")")
        }
        app.get("broken") { _ -> Book in throw CocoaError(.fileNoSuchFile) }
        do {
            try await app.server.start(address: .hostname("127.0.0.1", port: 0))
            let port = try #require(app.http.server.shared.localAddress?.port)
            try await body("http://127.0.0.1:\(port)")
        } catch {
            await app.server.shutdown()
            try await app.asyncShutdown()
            throw error
        }
        await app.server.shutdown()
        try await app.asyncShutdown()
    }

    @Test func aBookIsReadFromXMLAndWrittenBackAsXML() async throws {
        try await withServer { base in
            let (status, type, body) = try await send(.POST, base + "/books", xml: Fixtures.bookXML)
            #expect(status == .ok)
            #expect(type == "application/xml; charset=utf-8")
            #expect(body == Fixtures.bookXML.replacingOccurrences(of: #"id="b1""#, with: #"id="stored-b1""#))
        }
    }

    @Test func errorsAreXMLBodiesWithTheirStatus() async throws {
        try await withServer { base in
            let (status, type, body) = try await send(.GET, base + "/books/42")
            #expect(status == .notFound)
            #expect(type == "application/xml; charset=utf-8")
            #expect(body == #"<error status="404"><reason>No book 42</reason></error>"#)
            let decoded = try XMLDecoder().decode(XMLErrorBody.self, from: body)
            #expect(decoded == XMLErrorBody(status: 404, reason: "No book 42"))
        }
    }

    @Test func anInternalErrorIsA500WithItsDescriptionOutsideProduction() async throws {
        try await withServer { base in
            let (status, _, body) = try await send(.GET, base + "/broken")
            #expect(status == .internalServerError)
            let decoded = try XMLDecoder().decode(XMLErrorBody.self, from: body)
            #expect(decoded.status == 500)
            #expect(decoded.reason.contains("fileNoSuchFile") || decoded.reason.contains("4"))
        }
    }

    @Test func aBodyThatIsNotWellFormedIsA400SayingWhereItBroke() async throws {
        try await withServer { base in
            let (status, _, body) = try await send(.POST, base + "/books", xml: #"<book id="b1"><title>Dune</book>"#)
            #expect(status == .badRequest)
            let decoded = try XMLDecoder().decode(XMLErrorBody.self, from: body)
            #expect(decoded.reason.contains("line 1"), "\(decoded.reason)")
        }
    }

    @Test func aBodyOfTheWrongShapeIsA400NamingTheKey() async throws {
        try await withServer { base in
            let (status, _, body) = try await send(
                .POST, base + "/books", xml: #"<book id="b1"><title>Dune</title></book>"#)
            #expect(status == .badRequest)
            let decoded = try XMLDecoder().decode(XMLErrorBody.self, from: body)
            #expect(decoded.reason.contains("authors"), "\(decoded.reason)")
        }
    }

    @Test func validationsReadTheXMLBodyThroughTheCodersUserInfo() async throws {
        try await withServer { base in
            let xml = #"<book id="b1"><title></title><authors><author>A</author></authors></book>"#
            let (status, _, body) = try await send(.POST, base + "/books", xml: xml)
            #expect(status == .badRequest)
            let decoded = try XMLDecoder().decode(XMLErrorBody.self, from: body)
            #expect(decoded.reason.contains("title is empty"), "\(decoded.reason)")
        }
    }

    @Test func theContentEncoderAddsVaporsUserInfoToANewEncoder() throws {
        let key = try #require(CodingUserInfoKey(rawValue: "tone"))
        struct Tone: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                try container.encode(encoder.userInfo[CodingUserInfoKey(rawValue: "tone")!] as? String ?? "none")
            }
        }
        let coder = XMLContentEncoder()
        var body = ByteBuffer()
        var headers = HTTPHeaders()
        try coder.encode(Tone(), to: &body, headers: &headers, userInfo: [key: "loud"])
        #expect(String(buffer: body) == "<Tone>loud</Tone>")
        #expect(headers.contentType == .xml)
        body.clear()
        try coder.encode(Tone(), to: &body, headers: &headers)
        #expect(String(buffer: body) == "<Tone>none</Tone>")
    }
}

/// Sends a request with an XML body (if any) and collects the response.
func send(_ method: HTTPMethod, _ url: String, xml: String? = nil) async throws
    -> (status: HTTPResponseStatus, contentType: String?, body: String)
{
    var request = HTTPClientRequest(url: url)
    request.method = method
    if let xml {
        request.headers.add(name: "Content-Type", value: "application/xml")
        request.body = .bytes(ByteBuffer(string: xml))
    }
    let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
    let body = try await response.body.collect(upTo: 1 << 20)
    return (response.status, response.headers.first(name: "Content-Type"), String(buffer: body))
}
