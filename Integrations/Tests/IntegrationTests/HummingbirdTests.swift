// Hummingbird with XML: a server on 127.0.0.1 whose context reads and writes `application/xml`
// through XMLHummingbird's coders, answers errors with its error bodies, and streams a long
// document out through `Response.xmlDocument(of:…)`, read back element by element by
// AsyncHTTPClient and `XMLDecoder.decodeElements`.

import AsyncHTTPClient
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing
import XMLCodable
import StreamingNodes
import XMLHummingbird

extension Book: ResponseCodable {}

@Suite struct HummingbirdTests {
    /// A bookshop's router with the XML context and error bodies, and a streamed list of nodes.
    func application() -> some ApplicationProtocol {
        let router = Router(context: XMLRequestContext.self)
        router.add(middleware: XMLErrorMiddleware())
        router.post("books") { request, context -> Book in
            var book = try await request.decode(as: Book.self, context: context)
            book.id = "stored-" + book.id
            return book
        }
        router.get("books/:id") { _, context -> Book in
            throw HTTPError(.notFound, message: "No book \(context.parameters.get("id") ?? "")")
        }
        router.get("broken") { _, _ -> Book in throw CocoaError(.fileNoSuchFile) }
        router.get("nodes") { request, _ in
            let count = request.uri.queryParameters.get("count", as: Int.self) ?? 0
            let failAfter = request.uri.queryParameters.get("failAfter", as: Int.self)
            return Response.xmlDocument(
                of: NodeSource(count: count, failAfter: failAfter), withRootKey: "osm", itemKey: "node")
        }
        return Application(router: router)
    }

    @Test func aBookIsReadFromXMLAndWrittenBackAsXML() async throws {
        try await application().test(.live) { client in
            let response = try await client.execute(
                uri: "/books", method: .post, headers: [.contentType: "application/xml"],
                body: ByteBuffer(string: Fixtures.bookXML))
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/xml; charset=utf-8")
            let expected = Fixtures.bookXML.replacingOccurrences(of: #"id="b1""#, with: #"id="stored-b1""#)
            #expect(String(buffer: response.body) == expected)
        }
    }

    @Test func errorsAreXMLBodiesWithTheirStatus() async throws {
        try await application().test(.live) { client in
            let response = try await client.execute(uri: "/books/42", method: .get)
            #expect(response.status == .notFound)
            #expect(response.headers[.contentType] == "application/xml; charset=utf-8")
            #expect(String(buffer: response.body) == #"<error status="404"><message>No book 42</message></error>"#)
        }
    }

    @Test func anInternalErrorSaysNothingOfItself() async throws {
        try await application().test(.live) { client in
            let response = try await client.execute(uri: "/broken", method: .get)
            #expect(response.status == .internalServerError)
            #expect(
                String(buffer: response.body)
                    == #"<error status="500"><message>Internal Server Error</message></error>"#)
        }
    }

    @Test func aBodyThatIsNotWellFormedIsA400SayingWhereItBroke() async throws {
        try await application().test(.live) { client in
            let response = try await client.execute(
                uri: "/books", method: .post, body: ByteBuffer(string: #"<book id="b1"><title>Dune</book>"#))
            #expect(response.status == .badRequest)
            let error = try XMLDecoder().decode(XMLErrorBody.self, from: String(buffer: response.body))
            #expect(error.status == 400)
            #expect(error.message.contains("line 1"), "\(error.message)")
        }
    }

    @Test func aLongListIsStreamedOutAndReadBackElementByElement() async throws {
        let count = 20_000
        try await application().test(.live) { client in
            let port = try #require(client.port)
            let request = HTTPClientRequest(url: "http://127.0.0.1:\(port)/nodes?count=\(count)")
            let response = try await HTTPClient.shared.execute(request, timeout: .seconds(60))
            #expect(response.status == .ok)
            #expect(response.headers.first(name: "Content-Type") == "application/xml; charset=utf-8")
            var read = 0
            let nodes = XMLDecoder().decodeElements(
                Node.self, at: "osm/node", from: response.body.map(\.readableBytesView))
            for try await node in nodes {
                #expect(node == Node.numbered(read))
                read += 1
            }
            #expect(read == count)
        }
    }

    @Test func theStreamedBytesAreThoseOfEncodingTheWholeList() async throws {
        let count = 3_000
        try await application().test(.live) { client in
            let response = try await client.execute(uri: "/nodes?count=\(count)", method: .get)
            let whole = try XMLEncoder().encode((0..<count).map(Node.numbered), withRootKey: "osm", itemKey: "node")
            #expect(Array(response.body.readableBytesView) == Array(whole))
            #expect(response.body.readableBytes > 64 * 1024)
        }
    }

    @Test func aStreamCutByAnErrorIsNotTakenForAWholeDocument() async throws {
        try await application().test(.live) { client in
            let port = try #require(client.port)
            let request = HTTPClientRequest(url: "http://127.0.0.1:\(port)/nodes?count=20000&failAfter=5000")
            let response = try await HTTPClient.shared.execute(request, timeout: .seconds(60))
            #expect(response.status == .ok)  // the head went before the error
            var read = 0
            let error = await #expect(throws: (any Error).self) {
                for try await _ in XMLDecoder().decodeElements(
                    Node.self, at: "osm/node", from: response.body.map(\.readableBytesView))
                {
                    read += 1
                }
            }
            // The connection closed mid-document: the body's error comes through the decoder.
            let decodingError = try #require(error as? DecodingError)
            #expect("\(decodingError)".contains("the input could not be read"), "\(decodingError)")
            #expect(read > 0 && read < 5000)
        }
    }
}
