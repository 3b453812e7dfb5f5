// HTTPBody+XML: the XML bodies that swift-openapi-generator hands over as raw `HTTPBody`
// (`.xml(HTTPBody)` cases), made from models and read into them.
//
//     // a server handler
//     func getBook(_ input: Operations.GetBook.Input) async throws -> Operations.GetBook.Output {
//         .ok(.init(body: .xml(try .xml(book))))            // <book id="1"><title>…</title></book>
//     }
//     // a client
//     case .ok(let ok) = try await client.getBook(path: .init(id: "1"))
//     let book = try await ok.body.xml.decodeXML(Book.self, upTo: 1 << 20)
//
// A body is collected up to a limit the caller gives, as `HTTPBody`'s own collecting
// initializers require, so that a client or a peer cannot make the process hold an unbounded
// body. A long list is better read without collecting it: an `HTTPBody` is an asynchronous
// sequence of byte chunks, which `XMLDecoder.decodeElements(_:at:from:)` reads element by element.

import Foundation
import OpenAPIRuntime
import XMLCodable

extension HTTPBody {
    /// A body holding `value` as an XML document, of known length.
    ///
    /// - Parameters:
    ///   - value: The value; its root element is named `rootKey`, else by `XMLElementNaming`, else
    ///     by its type's name.
    ///   - rootKey: The root element's name, if not the type's.
    ///   - encoder: The encoder; a new default one unless given.
    public static func xml(_ value: some Encodable, rootKey: String? = nil, encoder: XMLEncoder = XMLEncoder())
        throws -> HTTPBody
    {
        HTTPBody(try encoder.encode(value, withRootKey: rootKey))
    }

    /// A `T` read from the XML document in this body, which is collected first.
    ///
    /// - Parameters:
    ///   - type: The type to read.
    ///   - maxBytes: The most bytes to collect; a longer body throws the runtime's
    ///     `TooManyBytesError` before anything is decoded.
    ///   - decoder: The decoder; a new default one unless given.
    public func decodeXML<T: Decodable>(_ type: T.Type, upTo maxBytes: Int, decoder: XMLDecoder = XMLDecoder())
        async throws -> T
    {
        try decoder.decode(T.self, from: try await [UInt8](collecting: self, upTo: maxBytes))
    }
}
