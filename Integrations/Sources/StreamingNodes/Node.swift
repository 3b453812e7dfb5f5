// The long list the streaming recipes send and receive, shared by the tests and the http-streaming
// benchmark so that both measure and check the same elements: `<node id lat lon>` with 0–2
// `<tag k v/>`, as in an OpenStreetMap extract. Not a product: only this package's targets use it.
//
//     Node.numbered(2)   // <node id="2" lat="50.002" lon="0.02"><tag k="k0" v="value 2 &amp; &lt;0&gt;"/>
//                        //   <tag k="k1" v="value 2 &amp; &lt;1&gt;"/></node>
//     NodeSource(count: 3)               // nodes 0, 1, 2, one per `next()`
//     NodeSource(count: 3, failAfter: 1) // node 0, then throws `NodeSource.SourceFailed`

import XMLCodable

/// One element of a long streamed list: `<node id="…" lat="…" lon="…"><tag k="…" v="…"/></node>`.
public struct Node: Codable, Equatable, Sendable {
    @Attribute public var id: Int
    @Attribute public var lat: Double
    @Attribute public var lon: Double
    public var tag: [Tag]

    /// A `<tag k="…" v="…"/>` of a node.
    public struct Tag: Codable, Equatable, Sendable {
        @Attribute public var k: String
        @Attribute public var v: String

        public init(k: String, v: String) {
            (_k, _v) = (Attribute(k), Attribute(v))
        }
    }

    public init(id: Int, lat: Double, lon: Double, tag: [Tag]) {
        (_id, _lat, _lon, self.tag) = (Attribute(id), Attribute(lat), Attribute(lon), tag)
    }

    /// The `index`th node of a made-up map, with 0–2 tags whose values need escaping.
    public static func numbered(_ index: Int) -> Node {
        Node(
            id: index, lat: 50 + Double(index % 1000) / 1000, lon: Double(index % 977) / 100,
            tag: (0..<(index % 3)).map { Tag(k: "k\($0)", v: "value \(index) & <\($0)>") })
    }
}

/// Nodes `0..<count`, produced one at a time as an asynchronous sequence, failing with
/// `SourceFailed` after `failAfter` of them if given.
public struct NodeSource: AsyncSequence, Sendable {
    public typealias Element = Node

    public let count: Int
    public var failAfter: Int?

    /// What the sequence throws after `failAfter` nodes.
    public struct SourceFailed: Error {}

    public init(count: Int, failAfter: Int? = nil) {
        self.count = count
        self.failAfter = failAfter
    }

    public struct AsyncIterator: AsyncIteratorProtocol {
        let source: NodeSource
        var next = 0

        public mutating func next() async throws -> Node? {
            if let failAfter = source.failAfter, next == failAfter { throw SourceFailed() }
            guard next < source.count else { return nil }
            defer { next += 1 }
            return Node.numbered(next)
        }
    }

    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(source: self) }
}
