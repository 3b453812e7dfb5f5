// XMLStreamedResponse: a response whose XML document is written as its items arrive, through
// `XMLEncoder.encodedChunks`, with the client's pace as back-pressure and one item and 64 KiB of
// output in memory, however long the document.
//
//     router.get("nodes") { _, _ in
//         Response.xmlDocument(of: database.nodes(), withRootKey: "osm", itemKey: "node")
//     }
//     // <osm><node id="1" …/><node id="2" …/>…</osm>, sent in blocks of about 64 KiB
//
// The status line and headers go first, so an error after them (an item that cannot be encoded,
// the items' sequence failing, the task cancelled) cannot become an error status: the body ends
// there, without the root's end tag, and the connection is closed, so that a client never takes a
// cut document for a whole one.

import Hummingbird
import XMLCodable

extension Response {
    /// A `200 OK` response whose body is the document `<rootKey><itemKey>…</itemKey>…</rootKey>`,
    /// encoded and sent as `items` produces them.
    ///
    /// - Parameters:
    ///   - items: The list's items, pulled one at a time as the client reads.
    ///   - rootKey: The root element's name.
    ///   - itemKey: Each item's element name.
    ///   - makeEncoder: Makes the encoder whose settings and header are used.
    public static func xmlDocument<Items: AsyncSequence & Sendable>(
        of items: Items, withRootKey rootKey: String, itemKey: String,
        makeEncoder: @escaping @Sendable () -> XMLEncoder = { XMLEncoder() }
    ) -> Response where Items.Element: Encodable {
        let body = ResponseBody { writer in
            let chunks = makeEncoder().encodedChunks(of: items, withRootKey: rootKey, itemKey: itemKey)
            for try await chunk in chunks {
                try await writer.write(ByteBuffer(bytes: chunk))
            }
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: [.contentType: "application/xml; charset=utf-8"], body: body)
    }
}
