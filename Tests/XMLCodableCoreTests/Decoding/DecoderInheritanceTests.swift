// Class inheritance through superDecoder(): a base class's fields under a <super> element (what
// superEncoder() writes), or under an element of the subclass's choosing; without that element,
// keyNotFound, as in XMLCoder. A base class reads fields beside the subclass's when the subclass
// passes its own decoder (Contractor).

import Foundation
import Testing
@testable import XMLCodableCore
import XMLCodableTestSupport

private class Person: Decodable, @unchecked Sendable {
    var name: String
    var age: Int
    @Attribute var id: Int

    enum CodingKeys: String, CodingKey { case name, age, id }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        age = try container.decode(Int.self, forKey: .age)
        _id = try container.decode(Attribute<Int>.self, forKey: .id)
    }
}

/// Uses `superDecoder()` (the key "super").
private final class Employee: Person, @unchecked Sendable {
    var company: String
    var skills: [String]

    enum CodingKeys: String, CodingKey { case company, skill }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        company = try container.decode(String.self, forKey: .company)
        skills = try container.decode([String].self, forKey: .skill)
        try super.init(from: container.superDecoder())
    }
}

/// Uses `superDecoder(forKey:)`.
private final class Manager: Person, @unchecked Sendable {
    var reports: Int

    enum CodingKeys: String, CodingKey { case reports, person }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        reports = try container.decode(Int.self, forKey: .reports)
        try super.init(from: container.superDecoder(forKey: .person))
    }
}

/// Passes its own decoder to the base class (the other common pattern).
private final class Contractor: Person, @unchecked Sendable {
    var rate: Double
    enum CodingKeys: String, CodingKey { case rate }
    required init(from decoder: any Decoder) throws {
        rate = try decoder.container(keyedBy: CodingKeys.self).decode(Double.self, forKey: .rate)
        try super.init(from: decoder)
    }
}

@Suite struct DecoderInheritanceTests {
    @Test func superDecoderWithoutSuperElementIsKeyNotFound() throws {
        // As in XMLCoder: the superclass's values are read from <super> only, never guessed from
        // the subclass's own element.
        let xml = """
            <employee id="7">
              <name>Ada</name>
              <age>36</age>
              <company>Analytical Engines</company>
            </employee>
            """
        let error = try #require(decodingError(Employee.self, xml))
        guard case .keyNotFound(let key, let context) = error else {
            Issue.record("expected keyNotFound, got \(error)")
            return
        }
        #expect(key.stringValue == "super")
        #expect(context.codingPath.isEmpty)
        #expect(
            context.debugDescription
                == "No element <super> holds the superclass's values in element <employee> at line 1, column 2.")
    }

    @Test func baseFieldsUnderSuperElement() throws {
        let xml = """
            <employee>
              <company>Analytical Engines</company>
              <super id="7">
                <name>Ada</name>
                <age>36</age>
              </super>
            </employee>
            """
        let employee = try decode(Employee.self, xml)
        #expect(employee.name == "Ada")
        #expect(employee.age == 36)
        #expect(employee.id == 7)
        #expect(employee.company == "Analytical Engines")
        #expect(employee.skills == [])
    }

    @Test func superDecoderForKey() throws {
        let xml = """
            <manager>
              <reports>4</reports>
              <person id="1"><name>Grace</name><age>45</age></person>
            </manager>
            """
        let manager = try decode(Manager.self, xml)
        #expect(manager.reports == 4)
        #expect(manager.name == "Grace")
        #expect(manager.age == 45)
        #expect(manager.id == 1)
    }

    @Test func superDecoderForMissingKeyIsKeyNotFound() throws {
        let xml = """
            <manager id="2"><reports>1</reports><name>Linus</name><age>30</age></manager>
            """
        let error = try #require(decodingError(Manager.self, xml))
        guard case .keyNotFound(let key, _) = error else {
            Issue.record("expected keyNotFound, got \(error)")
            return
        }
        #expect(key.stringValue == "person")
        #expect(error.reportedLine == 1)
    }

    @Test func sameDecoderForBaseClass() throws {
        let xml = """
            <contractor id="3"><rate>99.5</rate><name>Alan</name><age>41</age></contractor>
            """
        let contractor = try decode(Contractor.self, xml)
        #expect(contractor.rate == 99.5)
        #expect(contractor.name == "Alan")
        #expect(contractor.id == 3)
    }

    @Test func subclassesInAList() throws {
        struct Staff: Decodable { var employee: [Employee] }
        let xml = """
            <staff>
              <employee><super id="1"><name>A</name><age>1</age></super><company>X</company></employee>
              <employee><company>Y</company><super id="2"><name>B</name><age>2</age></super></employee>
            </staff>
            """
        let staff = try decode(Staff.self, xml)
        #expect(staff.employee.map(\.name) == ["A", "B"])
        #expect(staff.employee.map(\.id) == [1, 2])
        #expect(staff.employee.map(\.company) == ["X", "Y"])
    }

    @Test func aListOfOneSubclassWithOnlyItsSuperclasssValues() throws {
        // One <item> holding only <super> is the one item, not a list wrapping a <super> item
        // (found by FuzzStructured: a subclass whose own fields wrote nothing).
        class Base: Codable, @unchecked Sendable {
            var a: String
            init(a: String) { self.a = a }
        }
        final class Derived: Base, @unchecked Sendable {
            var b: [Int]
            init(a: String, b: [Int]) {
                self.b = b
                super.init(a: a)
            }
            enum CodingKeys: String, CodingKey { case b }
            required init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                b = try container.decode([Int].self, forKey: .b)
                try super.init(from: container.superDecoder())
            }
            override func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(b, forKey: .b)
                try super.encode(to: container.superEncoder())
            }
        }
        struct Holder: Codable { var item: [Derived] }
        let xml = String(
            decoding: try XMLEncoder().encode(Holder(item: [Derived(a: "x", b: [])]), withRootKey: "r"), as: UTF8.self)
        #expect(xml == "<r><item><super><a>x</a></super></item></r>")
        let holder = try decode(Holder.self, xml)
        #expect(holder.item.map(\.a) == ["x"])
        #expect(holder.item.map(\.b) == [[]])
    }

    @Test func superDecoderCodingPath() throws {
        final class Probe: Decodable, @unchecked Sendable {
            var superPath: [String]
            var keyedPath: [String]
            enum K: String, CodingKey { case base }
            init(from decoder: any Decoder) throws {
                let c = try decoder.container(keyedBy: K.self)
                superPath = pathStrings(try c.superDecoder().codingPath)
                keyedPath = pathStrings(try c.superDecoder(forKey: .base).codingPath)
            }
        }
        let probe = try decode(Probe.self, "<r><super/><base/></r>")
        #expect(probe.superPath == ["super"])
        #expect(probe.keyedPath == ["base"])
    }

    @Test func errorInBaseClassUnderSuper() throws {
        let xml = """
            <employee>
              <company>X</company>
              <super id="1">
                <name>A</name>
                <age>old</age>
              </super>
            </employee>
            """
        let error = try #require(decodingError(Employee.self, xml))
        #expect(error.fullPath == ["super", "age"])
        #expect(error.reportedLine == 5, "\(error.debugDescription)")
    }

    @Test func missingBaseFieldIsKeyNotFound() throws {
        let xml = """
            <employee><company>X</company><super id="1"><name>A</name></super></employee>
            """
        let error = try #require(decodingError(Employee.self, xml))
        guard case .keyNotFound(let key, let context) = error else {
            Issue.record("expected keyNotFound, got \(error)")
            return
        }
        #expect(key.stringValue == "age")
        #expect(pathStrings(context.codingPath) == ["super"])
    }

    @Test func superElementUnderAKeyStrategy() throws {
        // The encoder's key strategy names the element (`<Super>` when capitalized, as in
        // XMLCoder): the decoder's strategy finds it by the name it converts to.
        let xml = """
            <Employee><Company>X</Company><Skill>s</Skill><Super Id="1"><Name>A</Name><Age>3</Age></Super></Employee>
            """
        let employee = try decode(Employee.self, xml) { $0.keyDecodingStrategy = .convertFromCapitalized }
        #expect(employee.name == "A")
        #expect(employee.age == 3)
        #expect(employee.id == 1)
        #expect(employee.skills == ["s"])
    }
}
