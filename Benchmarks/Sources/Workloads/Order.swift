// A small document, as a server decodes one per request: an order of 521 bytes whose model has
// eight types (and so eight key types), most of them met once. What a decoding call costs besides
// the bytes — the decoder, its scratch memory, the first use of each type and key type — is most
// of such a call, where the 1 MB documents measure the cost per byte.
//
//     <order><id>7</id><placed>2026-11-30</placed><customer><id>31</id><name>Ann Lee</name>…

import Foundation

/// The root of the small document.
public struct Order: Codable, Equatable, Sendable {
    public var id: Int
    public var placed: String
    public var customer: Customer
    public var lines: [OrderLine]
    public var shipping: Shipping?
    public var note: String?

    enum CodingKeys: String, CodingKey {
        case id, placed, customer, shipping, note
        case lines = "line"
    }
}

public struct Customer: Codable, Equatable, Sendable {
    public var id: Int
    public var name: String
    public var email: String?
    public var address: PostalAddress
    public var phones: [Phone]?

    enum CodingKeys: String, CodingKey {
        case id, name, email, address
        case phones = "phone"
    }
}

public struct PostalAddress: Codable, Equatable, Sendable {
    public var street: String
    public var city: String
    public var postcode: String?
    public var country: String
}

public struct Phone: Codable, Equatable, Sendable {
    public var kind: String
    public var number: String
}

public struct OrderLine: Codable, Equatable, Sendable {
    public var sku: String
    public var quantity: Int
    public var price: Double
    public var discount: Discount?
}

public struct Discount: Codable, Equatable, Sendable {
    public var code: String
    public var percent: Double
}

public struct Shipping: Codable, Equatable, Sendable {
    public var method: String
    public var cost: Double
}

extension Workloads {
    /// The small order document (see the file's header).
    public static let smallOrder = Data(
        """
        <order><id>7</id><placed>2026-11-30</placed>\
        <customer><id>31</id><name>Ann Lee</name><address><street>1 Main Street</street>\
        <city>Springfield</city><country>US</country></address>\
        <phone><kind>mobile</kind><number>+1 555 0100</number></phone></customer>\
        <line><sku>A-100</sku><quantity>2</quantity><price>9.5</price></line>\
        <line><sku>B-220</sku><quantity>1</quantity><price>24</price>\
        <discount><code>WINTER</code><percent>10</percent></discount></line>\
        <shipping><method>standard</method><cost>4.95</cost></shipping></order>
        """.utf8)
}
