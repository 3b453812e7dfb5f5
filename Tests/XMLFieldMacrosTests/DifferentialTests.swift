// The generated readers against Codable on random documents: for a few models with
// `@XMLFieldDecodable`, thousands of documents made by a seeded generator (so that a failure can be
// reproduced from its seed), each decoded by `XMLDecoder().decode` (the generated reader) and by
// a decoder whose `userInfo` is not empty (so Codable). Both must give equal values, or both
// throw the same `DecodingError` case with the same coding path.
//
// The documents vary what a reader can meet: a field present, absent or repeated, as an attribute
// or an element or both, empty, padded with white space, in CDATA, with entity and character
// references, split by comments and processing instructions, marked `xsi:nil` (under two
// prefixes), with a value of the wrong type; unknown children and attributes, text between the
// fields, and an element from an entity's replacement text.

#if FieldMacros
import Foundation
import Testing
import XMLCodableCore
import XMLFieldMacros

// MARK: - Models

enum RColor: String, Codable, Equatable {
    case red, green
}

@XMLFieldDecodable
struct RLeaf: Codable, Equatable {
    var name: String
    var count: Int?
}

@XMLFieldDecodable
struct RScalars: Codable, Equatable {
    var s: String
    var i: Int
    var d: Double
    var b: Bool
    var os: String?
    var oi: Int?
    var od: Double?
    var ob: Bool?
}

@XMLFieldDecodable
struct RTree: Codable, Equatable {
    var title: String
    var leaf: RLeaf
    var extra: RLeaf?
    var leaves: [RLeaf]
    var words: [String]
    var nums: [Int]
    var when: Date
    var color: RColor?

    enum CodingKeys: String, CodingKey {
        case title = "t-itle"
        case leaf, extra
        case leaves = "lf"
        case words = "w"
        case nums = "n"
        case when, color
    }
}

@XMLFieldDecodable
struct RWidths: Codable, Equatable {
    var i8: Int8
    var u16: UInt16
    var u: UInt?
    var i64: Int64
    var f: Float?
    var u8s: [UInt8]
    var hue: RColor
}

#if true
@XMLFieldDecodable
struct RPlaced: Codable, Equatable {
    @Attribute var id: Int
    @Element var label: String
    @Attribute var note: String?
    @ElementAndAttribute var code: Int
    @Element var when: Date?
    @Element var leaf: RLeaf?
}
#endif

// MARK: - What the generator knows of the models

private indirect enum Kind: Sendable {
    case string, int, double, bool, int8, uint16, uint, int64, float, uint8, date, color
    case record([Field])
}

private enum Placement: Sendable { case either, attribute, element }

private struct Field: Sendable {
    var name: String
    var kind: Kind
    var optional = false
    var list = false
    var placement = Placement.either
}

private let leafFields = [Field(name: "name", kind: .string), Field(name: "count", kind: .int, optional: true)]

private let scalarsFields = [
    Field(name: "s", kind: .string), Field(name: "i", kind: .int), Field(name: "d", kind: .double),
    Field(name: "b", kind: .bool), Field(name: "os", kind: .string, optional: true),
    Field(name: "oi", kind: .int, optional: true), Field(name: "od", kind: .double, optional: true),
    Field(name: "ob", kind: .bool, optional: true),
]

private let treeFields = [
    Field(name: "t-itle", kind: .string), Field(name: "leaf", kind: .record(leafFields)),
    Field(name: "extra", kind: .record(leafFields), optional: true),
    Field(name: "lf", kind: .record(leafFields), list: true), Field(name: "w", kind: .string, list: true),
    Field(name: "n", kind: .int, list: true), Field(name: "when", kind: .date),
    Field(name: "color", kind: .color, optional: true),
]

private let widthsFields = [
    Field(name: "i8", kind: .int8), Field(name: "u16", kind: .uint16), Field(name: "u", kind: .uint, optional: true),
    Field(name: "i64", kind: .int64), Field(name: "f", kind: .float, optional: true),
    Field(name: "u8s", kind: .uint8, list: true), Field(name: "hue", kind: .color),
]

private let placedFields = [
    Field(name: "id", kind: .int, placement: .attribute), Field(name: "label", kind: .string, placement: .element),
    Field(name: "note", kind: .string, optional: true, placement: .attribute), Field(name: "code", kind: .int),
    Field(name: "when", kind: .date, optional: true, placement: .element),
    Field(name: "leaf", kind: .record(leafFields), optional: true, placement: .element),
]

// MARK: - The generator

/// SplitMix64 (as in XMLCodableCoreTests' RoundTrip/Generation.swift): small, fast, seedable.
private struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

private struct DocumentGenerator {
    var rng: SplitMix64
    /// The chance, in percent, of each fault (a missing or repeated field, a wrong value, …).
    var faults = 0

    init(seed: UInt64) { rng = SplitMix64(seed: seed) }

    mutating func percent(_ chance: Int) -> Bool { Int(rng.next() % 100) < chance }
    mutating func pick<T>(_ items: [T]) -> T { items[Int(rng.next() % UInt64(items.count))] }

    /// A document whose root is `name`, holding `fields`.
    mutating func document(root name: String, _ fields: [Field]) -> String {
        faults = percent(40) ? 0 : pick([3, 8, 15])
        var prolog = "<?xml version=\"1.0\"?>\n"
        prolog +=
            "<!DOCTYPE \(name) [<!ENTITY e \"&#x3C;e&amp;\"><!ENTITY empty \"\"><!ENTITY sub \"<name>E</name>\">]>\n"
        let namespaces =
            " xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\""
            + " xmlns:i=\"http://www.w3.org/2001/XMLSchema-instance\" xmlns:o=\"urn:other\""
        return prolog + element(name, fields, extraAttributes: namespaces)
    }

    /// An element holding `fields`: its attributes and children, shuffled, with noise between.
    mutating func element(_ name: String, _ fields: [Field], extraAttributes: String = "") -> String {
        var attributes: [String] = []
        var children: [String] = []
        for field in fields {
            occurrences(of: field, attributes: &attributes, children: &children)
        }
        if percent(20) { attributes.append("unknown=\"1\"") }
        if percent(10) { attributes.append("o:\(pick(fields).name)=\"other\"") }
        if percent(20) {
            let name = pick(fields).name
            children.append("<zz a=\"1\"><\(name)>inner</\(name)></zz>")
        }
        if percent(15) { children.append(pick(["<!-- c -->", "<?pi data?>", "text", " \n ", "&e;"])) }
        if percent(5) { children.append("&sub;") }
        children.shuffle(using: &rng)
        attributes.shuffle(using: &rng)
        let start = attributes.isEmpty ? "" : " " + attributes.joined(separator: " ")
        if children.isEmpty, percent(50) { return "<\(name)\(extraAttributes)\(start)/>" }
        return "<\(name)\(extraAttributes)\(start)>" + children.joined(separator: pick(["", "\n  ", "<!--x-->"]))
            + "</\(name)>"
    }

    mutating func occurrences(of field: Field, attributes: inout [String], children: inout [String]) {
        let scalar: Bool
        if case .record = field.kind { scalar = false } else { scalar = true }
        var count: Int
        if field.list {
            count = Int(rng.next() % 4)
        } else if field.optional {
            count = percent(30) ? 0 : 1
        } else {
            count = percent(faults) ? 0 : 1
        }
        if !field.list, count == 1, percent(faults) { count = 2 }
        var asAttribute = 0
        var asElements = count
        switch field.placement {
        case .either where scalar && !field.list:
            if count == 1, percent(35) { (asAttribute, asElements) = (1, 0) }
        case .attribute:
            (asAttribute, asElements) = (min(count, 1), percent(faults) ? 1 : 0)
        default:
            break
        }
        // The wrong place, or both places.
        if percent(faults) || (field.placement == .either && percent(4)) { asAttribute = 1 }
        if asAttribute == 1 {
            attributes.append("\(field.name)=\"\(attributeText(value(field.kind)))\"")
        }
        for _ in 0..<asElements { children.append(child(field)) }
    }

    /// A value's text: mostly valid, sometimes not.
    mutating func value(_ kind: Kind) -> String {
        let wrong = percent(faults)
        switch kind {
        case .string: return pick(["a", "Zoë", "x y", "<&>", "\"q\" 'r'", "  pad  ", "a]]>b", "", " ", "1"])
        case .int, .int64:
            return wrong
                ? pick(["x", "1.5", "99999999999999999999", "", " ", "0x1"]) : pick(["0", "42", "-7", "+3", " 12 "])
        case .double, .float:
            return wrong ? pick(["abc", "", "NaN", "INF", "1e400"]) : pick(["1.5", "-0.25", "1e3", ".5", "-0", "7"])
        case .bool: return wrong ? pick(["maybe", "", "2"]) : pick(["true", "false", "1", "0", "yes", "N", "TRUE"])
        case .int8: return wrong ? pick(["128", "-129", "x"]) : pick(["127", "-128", "5"])
        case .uint16: return wrong ? pick(["65536", "-1", "1e2"]) : pick(["65535", "0", "7"])
        case .uint: return wrong ? pick(["-1", "y"]) : pick(["18446744073709551615", "3"])
        case .uint8: return wrong ? pick(["256", "-1"]) : pick(["255", "0"])
        case .date: return wrong ? pick(["nope", "1970-01-01", ""]) : pick(["86400", "0", "-1.5", " 12 "])
        case .color: return wrong ? pick(["blue", "", "Red"]) : pick(["red", "green"])
        case .record: return "record"
        }
    }

    mutating func attributeText(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "<": out += "&lt;"
            case "&": out += "&amp;"
            case "\"": out += pick(["&quot;", "&#34;"])
            case "a" where percent(20): out += "&#x61;"
            default: out.append(character)
            }
        }
        return out
    }

    mutating func elementText(_ text: String) -> String {
        switch rng.next() % 6 {
        case 0 where !text.contains("]]>"):
            return "<![CDATA[\(text)]]>"
        case 1:
            // Split by a comment or a processing instruction after the first character.
            guard let first = text.first else { return "<!--empty-->" }
            return escaped(String(first)) + pick(["<!--c-->", "<?p?>", "&empty;"]) + escaped(String(text.dropFirst()))
        case 2:
            return text.unicodeScalars.map { "&#\($0.value);" }.joined()
        default:
            return escaped(text)
        }
    }

    func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: "]]>", with: "]]&gt;")
    }

    /// One child element for a field.
    mutating func child(_ field: Field) -> String {
        var attributes = ""
        if percent(field.optional ? 12 : 4) {
            attributes += pick([
                " xsi:nil=\"true\"", " i:nil=\"1\"", " xsi:nil=\"false\"", " o:nil=\"true\"",
            ])
        }
        if percent(5) { attributes += " junk=\"j\"" }
        let name = field.name
        if case .record(let fields) = field.kind {
            if percent(faults) { return "<\(name)\(attributes)/>" }
            if percent(faults) { return "<\(name)\(attributes)>text only</\(name)>" }
            return element(name, fields, extraAttributes: attributes)
        }
        if percent(faults) { return "<\(name)\(attributes)/>" }
        if percent(faults) { return "<\(name)\(attributes)>1<b>2</b></\(name)>" }
        let text = value(field.kind)
        let padding = percent(10) ? pick([" ", "\n\t"]) : ""
        return "<\(name)\(attributes)>\(padding)\(elementText(text))\(padding)</\(name)>"
    }
}

// MARK: - The comparison

private let forceCodable = CodingUserInfoKey(rawValue: "forceCodable")!

/// Decodes `count` documents made from `seed` both ways; returns the ones that differ (at most a few).
private func differences<T: Decodable & Equatable>(
    _ type: T.Type, root: String, _ fields: [Field], seed: UInt64, count: Int, trim: Bool = true
) -> [String] {
    var generator = DocumentGenerator(seed: seed)
    let generated = XMLDecoder(trimValueWhitespaces: trim)
    let codable = XMLDecoder(trimValueWhitespaces: trim)
    codable.userInfo[forceCodable] = true
    var found: [String] = []
    for _ in 0..<count {
        let xml = generator.document(root: root, fields)
        let data = Data(xml.utf8)
        let fast = DecodingOutcome { try generated.decode(type, from: data) }
        let slow = DecodingOutcome { try codable.decode(type, from: data) }
        if fast != slow, found.count < 5 {
            found.append("\(xml)\n  generated: \(fast)\n  codable:   \(slow)")
        }
    }
    return found
}

@Suite("XMLFieldDecodable against Codable on random documents")
struct DifferentialTests {
    static let documents = 600

    @Test("scalars and optional scalars")
    func scalars() {
        let found = differences(RScalars.self, root: "r", scalarsFields, seed: 1, count: Self.documents)
        #expect(found.isEmpty, "\(found.joined(separator: "\n\n"))")
    }

    @Test("nested, optional and repeated structs, lists, renamed keys, fall-backs")
    func tree() {
        let found = differences(RTree.self, root: "tree", treeFields, seed: 2, count: Self.documents)
        #expect(found.isEmpty, "\(found.joined(separator: "\n\n"))")
    }

    @Test("integer widths, Float, an enum")
    func widths() {
        let found = differences(RWidths.self, root: "w", widthsFields, seed: 3, count: Self.documents)
        #expect(found.isEmpty, "\(found.joined(separator: "\n\n"))")
    }

    #if true
    @Test("values left untrimmed (trimValueWhitespaces = false)")
    func untrimmed() {
        var found = differences(RScalars.self, root: "r", scalarsFields, seed: 5, count: Self.documents, trim: false)
        found += differences(RTree.self, root: "tree", treeFields, seed: 6, count: Self.documents, trim: false)
        #expect(found.isEmpty, "\(found.joined(separator: "\n\n"))")
    }

    @Test("placement wrappers")
    func placed() {
        let found = differences(RPlaced.self, root: "p", placedFields, seed: 4, count: Self.documents)
        #expect(found.isEmpty, "\(found.joined(separator: "\n\n"))")
    }
    #endif
}
#endif
