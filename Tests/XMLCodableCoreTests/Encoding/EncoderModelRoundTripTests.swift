// Whole models, encoded and decoded back: the Book catalog (with a `name` attribute), a class
// hierarchy through superEncoder(forKey:), renamed CodingKeys with a flattened nested container,
// and a model written with nestedUnkeyedContainer. (Replaces the first smoke test.)

import Foundation
import Testing
@testable import XMLCodableCore
import XMLCodableTestSupport

struct ModelBook: Codable, Equatable {
    @Attribute var name: String
    var author: String
    var tags: [String]
    var price: Price?
    struct Price: Codable, Equatable {
        @Attribute var currency: String
        var value: Double
        enum CodingKeys: String, CodingKey { case currency, value = "" }
    }
}

struct ModelCatalog: Codable, Equatable { var book: [ModelBook] }

let sampleModelCatalog = ModelCatalog(book: [
    ModelBook(
        name: "A & <B>", author: "Jon \"J\" Hoffman", tags: ["swift", " padded "],
        price: .init(currency: "EUR", value: 12.5)),
    ModelBook(name: "Café", author: "Ann", tags: [], price: nil),
])

class ModelPerson: Codable, Equatable, @unchecked Sendable {
    var name: String
    var age: Int
    @Attribute var id: Int

    init(name: String, age: Int, id: Int) {
        self.name = name
        self.age = age
        _id = Attribute(id)
    }

    static func == (lhs: ModelPerson, rhs: ModelPerson) -> Bool {
        type(of: lhs) == type(of: rhs) && lhs.isEqual(to: rhs)
    }

    func isEqual(to other: ModelPerson) -> Bool { name == other.name && age == other.age && id == other.id }
}

final class ModelEmployee: ModelPerson, @unchecked Sendable {
    var company: String
    var skills: [String]

    enum CodingKeys: String, CodingKey { case company, skill, person }

    init(name: String, age: Int, id: Int, company: String, skills: [String]) {
        self.company = company
        self.skills = skills
        super.init(name: name, age: age, id: id)
    }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        company = try container.decode(String.self, forKey: .company)
        skills = try container.decode([String].self, forKey: .skill)
        try super.init(from: container.superDecoder(forKey: .person))
    }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(company, forKey: .company)
        try super.encode(to: container.superEncoder(forKey: .person))
        try container.encode(skills, forKey: .skill)
    }

    override func isEqual(to other: ModelPerson) -> Bool {
        guard let other = other as? ModelEmployee else { return false }
        return super.isEqual(to: other) && company == other.company && skills == other.skills
    }
}

/// Renamed keys, and a nested `<address>` element flattened into the struct.
struct ModelCustomer: Codable, Equatable {
    var id: Int
    var fullName: String
    var street: String
    var city: String
    var vip: Bool

    enum CodingKeys: String, CodingKey { case id = "customer-id", fullName = "name", address, vip = "is-vip" }
    enum AddressKeys: String, CodingKey { case street = "street-line", city }

    init(id: Int, fullName: String, street: String, city: String, vip: Bool) {
        self.id = id; self.fullName = fullName; self.street = street; self.city = city; self.vip = vip
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(Int.self, forKey: .id)
        fullName = try c.decode(String.self, forKey: .fullName)
        let address = try c.nestedContainer(keyedBy: AddressKeys.self, forKey: .address)
        street = try address.decode(String.self, forKey: .street)
        city = try address.decode(String.self, forKey: .city)
        vip = try c.decode(Bool.self, forKey: .vip)
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(fullName, forKey: .fullName)
        var address = c.nestedContainer(keyedBy: AddressKeys.self, forKey: .address)
        try address.encode(street, forKey: .street)
        try address.encode(city, forKey: .city)
        try c.encode(vip, forKey: .vip)
    }
}

/// A route written through nestedUnkeyedContainer: each stop an element with x/y children.
struct ModelRoute: Codable, Equatable {
    var name: String
    var stops: [(x: Int, y: Int)]

    enum CodingKeys: String, CodingKey { case name, stop }
    enum StopKeys: String, CodingKey { case x, y }

    init(name: String, stops: [(x: Int, y: Int)]) { self.name = name; self.stops = stops }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decode(String.self, forKey: .name)
        var list = try c.nestedUnkeyedContainer(forKey: .stop)
        stops = []
        while !list.isAtEnd {
            let stop = try list.nestedContainer(keyedBy: StopKeys.self)
            stops.append((try stop.decode(Int.self, forKey: .x), try stop.decode(Int.self, forKey: .y)))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        var list = c.nestedUnkeyedContainer(forKey: .stop)
        for (x, y) in stops {
            var stop = list.nestedContainer(keyedBy: StopKeys.self)
            try stop.encode(x, forKey: .x)
            try stop.encode(y, forKey: .y)
        }
    }

    static func == (lhs: ModelRoute, rhs: ModelRoute) -> Bool {
        lhs.name == rhs.name && lhs.stops.count == rhs.stops.count && zip(lhs.stops, rhs.stops).allSatisfy { $0 == $1 }
    }
}

@Suite struct EncoderModelRoundTripTests {
    @Test func bookCatalog() throws {
        try roundTrip(
            sampleModelCatalog,
            expectedXML: """
                <?xml version="1.0" encoding="UTF-8"?>
                <books><book name="A &amp; &lt;B&gt;"><author>Jon &quot;J&quot; Hoffman</author><tags>swift</tags><tags> padded </tags><price currency="EUR">12.5</price></book><book name="Café"><author>Ann</author></book></books>
                """, rootKey: "books", header: XMLHeader(version: 1.0, encoding: "UTF-8"),
            decoder: { $0.trimValueWhitespaces = false })
    }

    @Test func bookCatalogPrettyAndSorted() throws {
        try roundTrip(
            sampleModelCatalog,
            expectedXML: """
                <books>
                    <book name="A &amp; &lt;B&gt;">
                        <author>Jon &quot;J&quot; Hoffman</author>
                        <price currency="EUR">12.5</price>
                        <tags>swift</tags>
                        <tags> padded </tags>
                    </book>
                    <book name="Café">
                        <author>Ann</author>
                    </book>
                </books>
                """, rootKey: "books", encoder: { $0.outputFormatting = [.prettyPrinted, .sortedKeys] },
            decoder: { $0.trimValueWhitespaces = false })
    }

    @Test func classHierarchyThroughSuperEncoderForKey() throws {
        let employee = ModelEmployee(
            name: "Ada", age: 36, id: 7, company: "Analytical Engines", skills: ["math", "poetry"])
        let xml = try encodeXML(employee, rootKey: "employee")
        #expect(
            xml == """
                <employee><company>Analytical Engines</company><person id="7"><name>Ada</name><age>36</age></person><skill>math</skill><skill>poetry</skill></employee>
                """)
        let decoded = try XMLDecoder().decode(ModelEmployee.self, from: Data(xml.utf8))
        #expect(decoded == employee)
        // A list of subclasses, and the base class alone.
        struct Staff: Codable, Equatable { var employee: [ModelEmployee] }
        try roundTrip(
            Staff(employee: [employee, ModelEmployee(name: "Grace", age: 45, id: 8, company: "Navy", skills: [])]),
            rootKey: "staff")
        try roundTrip(
            ModelPerson(name: "Linus", age: 30, id: 1),
            expectedXML: """
                <person id="1"><name>Linus</name><age>30</age></person>
                """, rootKey: "person")
    }

    @Test func renamedKeysAndFlattenedNestedContainer() throws {
        try roundTrip(
            ModelCustomer(id: 5, fullName: "Ann Bee", street: "1 Main St", city: "Oslo", vip: true),
            expectedXML: """
                <customer><customer-id>5</customer-id><name>Ann Bee</name><address><street-line>1 Main St</street-line><city>Oslo</city></address><is-vip>true</is-vip></customer>
                """, rootKey: "customer")
        // The same model through JSON.
        let customer = ModelCustomer(id: 1, fullName: "x", street: "y", city: "z", vip: false)
        #expect(try JSONDecoder().decode(ModelCustomer.self, from: JSONEncoder().encode(customer)) == customer)
    }

    @Test func nestedUnkeyedContainerModel() throws {
        try roundTrip(
            ModelRoute(name: "loop", stops: [(1, 2), (3, 4), (-5, 0)]),
            expectedXML: """
                <route><name>loop</name><stop><x>1</x><y>2</y></stop><stop><x>3</x><y>4</y></stop><stop><x>-5</x><y>0</y></stop></route>
                """, rootKey: "route")
        try roundTrip(
            ModelRoute(name: "none", stops: []), expectedXML: "<route><name>none</name></route>", rootKey: "route")
    }
}
