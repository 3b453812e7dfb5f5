// The corpus: values of every shape XMLCoder 0.18.2 encodes, each encoded under the settings given.
// This one file is compiled twice (see Package.swift): against XMLCodable in CorpusXMLCodable and
// against XMLCoder in CorpusXMLCoder, so every name below means that module's type. Values on
// which XMLCoder stops the process (top-level scalars, nil at the top level, a choice container
// nested under a key) are left out.

import CompatSettings
import Foundation

#if CORPUS_XMLCODER
import XMLCoder
#else
import XMLCodable
#endif

// MARK: - Models

struct Box<T: Encodable>: Encodable { var value: T }

struct Scalars: Codable {
    var bool = true
    var int = -42
    var int8: Int8 = -8
    var int16: Int16 = 16
    var int32: Int32 = -32
    var int64: Int64 = 64
    var uint: UInt = 42
    var uint8: UInt8 = 8
    var uint16: UInt16 = 16
    var uint32: UInt32 = 32
    var uint64: UInt64 = 64
    var float: Float = 3.25
    var double = -0.5
    var string = "text"
    var decimal = Decimal(string: "12.345")!
    var url = URL(string: "https://example.com/a?b=c&d=e")!
    var date = Date(timeIntervalSince1970: 1_000_000)
    var data = Data([0, 1, 2, 250])
}

struct Address: Codable, Equatable { var street: String; var city: String }
struct Person: Codable { var name: String; var age: Int; var address: Address }
struct Empty: Codable {}
struct HoldsEmpty: Codable { var empty = Empty(); var after = 1 }

struct Optionals: Codable {
    var int: Int?
    var string: String?
    var address: Address?
    var list: [Int]?
}

struct Book: Codable, DynamicNodeEncoding {
    var id: Int
    var title: String
    var tag: String
    var note: String?
    static func nodeEncoding(for key: CodingKey) -> XMLEncoder.NodeEncoding {
        switch key.stringValue {
        case "id", "note": return .attribute
        case "tag": return .both
        default: return .element
        }
    }
}

struct Library: Codable { var name: String; var books: [Book] }

struct AttrBox: Codable, DynamicNodeEncoding {
    var value: String
    static func nodeEncoding(for key: CodingKey) -> XMLEncoder.NodeEncoding { .attribute }
}

struct Wrapped: Codable {
    @Attribute var id: Int
    @Element var name: String
    @ElementAndAttribute var both: String
}

struct Prefixed: Codable {
    var aId: Int
    var bBoth: String
    var cElement: String
    var dItems: [Address]
}

struct Price: Codable, DynamicNodeEncoding {
    var currency: String
    var value: Double
    enum CodingKeys: String, CodingKey { case currency, value = "" }
    static func nodeEncoding(for key: CodingKey) -> XMLEncoder.NodeEncoding { key.stringValue == "currency" ? .attribute : .element }
}

struct Label: Codable, DynamicNodeEncoding {
    var lang: String
    var text: String
    enum CodingKeys: String, CodingKey { case lang, text = "" }
    static func nodeEncoding(for key: CodingKey) -> XMLEncoder.NodeEncoding { key.stringValue == "lang" ? .attribute : .element }
}

struct Inner: Codable, DynamicNodeEncoding {
    var kind: String
    var x: Int
    var y: Int
    static func nodeEncoding(for key: CodingKey) -> XMLEncoder.NodeEncoding { key.stringValue == "kind" ? .attribute : .element }
}

struct OnlyAttributes: Codable, DynamicNodeEncoding {
    var kind: String
    static func nodeEncoding(for key: CodingKey) -> XMLEncoder.NodeEncoding { .attribute }
}

struct Outer: Codable, DynamicNodeEncoding {
    var id: Int
    var inner: Inner
    var other: Int
    enum CodingKeys: String, CodingKey { case id, inner = "", other }
    static func nodeEncoding(for key: CodingKey) -> XMLEncoder.NodeEncoding { key.stringValue == "id" ? .attribute : .element }
}

struct OuterAttributesOnly: Codable {
    var inner: OnlyAttributes
    var other: Int
    enum CodingKeys: String, CodingKey { case inner = "", other }
}

enum IntOrString: Codable, Equatable {
    case int(Int)
    case string(String)
    enum CodingKeys: String, XMLChoiceCodingKey { case int, string }
    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let value = try? container.decode(Int.self, forKey: .int) { self = .int(value) } else { self = .string(try container.decode(String.self, forKey: .string)) }
    }
    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .int(let value): try container.encode(value, forKey: .int)
        case .string(let value): try container.encode(value, forKey: .string)
        }
    }
}

enum Shape: Encodable {
    case circle(Address)
    case nested(IntOrString)
    case empty(Empty)
    enum CodingKeys: String, XMLChoiceCodingKey { case circle, nested, empty }
    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .circle(let value): try container.encode(value, forKey: .circle)
        case .nested(let value): try container.encode(value, forKey: .nested)
        case .empty(let value): try container.encode(value, forKey: .empty)
        }
    }
}

enum Run: Encodable {
    case text(String)
    case bold(String)
    case link(Address)
    enum CodingKeys: String, XMLChoiceCodingKey { case text = "", bold = "b", link }
    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .text(let value): try container.encode(value, forKey: .text)
        case .bold(let value): try container.encode(value, forKey: .bold)
        case .link(let value): try container.encode(value, forKey: .link)
        }
    }
}

struct Paragraph: Encodable { var runs: [Run] }

/// Choices under the `""` key, beside an attribute: the element's own children.
struct Drawing: Encodable, DynamicNodeEncoding {
    var id: Int
    var shapes: [IntOrString]
    enum CodingKeys: String, CodingKey { case id, shapes = "" }
    static func nodeEncoding(for key: CodingKey) -> XMLEncoder.NodeEncoding { key.stringValue == "id" ? .attribute : .element }
}

/// Mixed content under the `""` key, beside an attribute.
struct Sentence: Encodable, DynamicNodeEncoding {
    var lang: String
    var runs: [Run]
    enum CodingKeys: String, CodingKey { case lang, runs = "" }
    static func nodeEncoding(for key: CodingKey) -> XMLEncoder.NodeEncoding { key.stringValue == "lang" ? .attribute : .element }
}

/// Structs (not choices) under the `""` key.
struct Addresses: Encodable {
    var items: [Address]
    enum CodingKeys: String, CodingKey { case items = "" }
}

class Animal: Encodable {
    var legs = 4
    var name = "animal"
}

final class Dog: Animal {
    var breed = "collie"
    enum CodingKeys: String, CodingKey { case breed }
    override func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(breed, forKey: .breed)
        try super.encode(to: container.superEncoder())
    }
}

final class Cat: Animal {
    var lives = 9
    enum CodingKeys: String, CodingKey { case lives, base }
    override func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try super.encode(to: container.superEncoder(forKey: .base))
        try container.encode(lives, forKey: .lives)
    }
}

struct Handwritten: Encodable {
    enum Keys: String, CodingKey { case first, nested, list, grid, last }
    enum NestedKeys: String, CodingKey { case x, y }
    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(1, forKey: .first)
        var nested = container.nestedContainer(keyedBy: NestedKeys.self, forKey: .nested)
        try nested.encode("x", forKey: .x)
        try nested.encode(2, forKey: .y)
        var list = container.nestedUnkeyedContainer(forKey: .list)
        try list.encode(1)
        try list.encode("two")
        var item = list.nestedContainer(keyedBy: NestedKeys.self)
        try item.encode("in", forKey: .x)
        var grid = container.nestedUnkeyedContainer(forKey: .grid)
        var row = grid.nestedUnkeyedContainer()
        try row.encode(1)
        try row.encode(2)
        var row2 = grid.nestedUnkeyedContainer()
        try row2.encode(3)
        try container.encode(true, forKey: .last)
    }
}

/// Encodes as a list without being an array.
struct Stack: Encodable {
    var items: [Int]
    func encode(to encoder: Encoder) throws {
        var container = encoder.unkeyedContainer()
        for item in items { try container.encode(item) }
    }
}

struct CamelKeys: Codable {
    var firstName = "a"
    var myURLProperty = "b"
    var aB = "c"
    var lower = "d"
    var XMLHTTPRequest = "e"
    var value2Go = "f"
}

enum Color: String, Codable { case red, darkBlue }

struct AttrScalars: Codable, DynamicNodeEncoding {
    var date = Date(timeIntervalSince1970: 12)
    var url = URL(string: "https://a.b/c?d=e&f=g")!
    var decimal = Decimal(string: "1.25")!
    var data = Data([1, 2, 3])
    var bool = false
    var double = 2.5
    static func nodeEncoding(for key: CodingKey) -> XMLEncoder.NodeEncoding { .attribute }
}

struct Stamp: Codable, DynamicNodeEncoding {
    var zone: String
    var value: Date
    enum CodingKeys: String, CodingKey { case zone, value = "" }
    static func nodeEncoding(for key: CodingKey) -> XMLEncoder.NodeEncoding { key.stringValue == "zone" ? .attribute : .element }
}

struct OptionalStrings: Codable { var list: [String]? }

struct RenamedKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

// MARK: - Settings

func makeEncoder(_ settings: Settings) -> XMLEncoder {
    let encoder = XMLEncoder()
    var formatting: XMLEncoder.OutputFormatting = []
    if settings.prettyPrinted { formatting.insert(.prettyPrinted) }
    if settings.sortedKeys { formatting.insert(.sortedKeys) }
    if settings.noEmptyElements { formatting.insert(.noEmptyElements) }
    encoder.outputFormatting = formatting
    switch settings.indentation {
    case .spaces(let count): encoder.prettyPrintIndentation = .spaces(count)
    case .tabs(let count): encoder.prettyPrintIndentation = .tabs(count)
    }
    encoder.dateEncodingStrategy = .secondsSince1970
    switch settings.nodeStrategy {
    case .deferred: encoder.nodeEncodingStrategy = .deferredToEncoder
    case .byPrefix:
        encoder.nodeEncodingStrategy = .custom { _, _ in
            { key in
                if key.stringValue.hasPrefix("a") { return .attribute }
                if key.stringValue.hasPrefix("b") { return .both }
                return nil
            }
        }
    case .arraysAsAttributes:
        encoder.nodeEncodingStrategy = .custom { type, _ in
            guard type is [Address].Type || type is [Book].Type else { return { _ in nil } }
            return { _ in .attribute }
        }
    }
    encoder.stringEncodingStrategy = settings.cdata ? .cdata : .deferredToString
    switch settings.keyStrategy {
    case .useDefaultKeys: encoder.keyEncodingStrategy = .useDefaultKeys
    case .convertToSnakeCase: encoder.keyEncodingStrategy = .convertToSnakeCase
    case .convertToKebabCase: encoder.keyEncodingStrategy = .convertToKebabCase
    case .capitalized: encoder.keyEncodingStrategy = .capitalized
    case .uppercased: encoder.keyEncodingStrategy = .uppercased
    case .lowercased: encoder.keyEncodingStrategy = .lowercased
    case .custom: encoder.keyEncodingStrategy = .custom { path in RenamedKey(stringValue: "k-" + (path.last?.stringValue ?? "")) }
    }
    if settings.escapeNewlinesInAttributes { encoder.charactersEscapedInAttributes.append(("\n", "&#10;")) }
    return encoder
}

// MARK: - Cases

struct Case {
    let name: String
    /// Dictionaries of more than one key: XMLCoder's order is random without `.sortedKeys`.
    var needsSortedKeys = false
    let encode: (XMLEncoder) throws -> Data
}

func value<T: Encodable>(_ name: String, _ value: T, root: String? = "root", needsSortedKeys: Bool = false) -> Case {
    Case(name: name, needsSortedKeys: needsSortedKeys) { encoder in try encoder.encode(value, withRootKey: root) }
}

let corpus: [Case] = [
    // Scalars.
    value("scalars", Scalars()),
    value("bool", Box(value: false)),
    value("int.min", Box(value: Int.min)),
    value("uint64.max", Box(value: UInt64.max)),
    value("double.small", Box(value: 1e-10)),
    value("double.large", Box(value: 1.5e300)),
    value("float.fraction", Box(value: Float(0.1))),
    value("decimal", Box(value: Decimal(string: "-0.001")!)),
    value("url", Box(value: URL(string: "file:///tmp/a%20b")!)),
    value("date", Box(value: Date(timeIntervalSince1970: -1.5))),
    value("data.empty", Box(value: Data())),
    // Strings.
    value("string.markup", Box(value: "a & b < c > d ' e \" f")),
    value("string.entities", Box(value: "&amp; &lt; &#38;")),
    value("string.whitespace", Box(value: "  lead and trail  ")),
    value("string.newline.tab", Box(value: "line1\nline2\tcol")),
    value("string.cr", Box(value: "a\rb\r\nc")),
    value("string.cdata.end", Box(value: "x ]]> y")),
    value("string.unicode", Box(value: "é 中文 🎉 \u{2028}")),
    value("string.empty", Box(value: "")),
    value("string.space", Box(value: " ")),
    value("attribute.markup", AttrBox(value: "a & b < c > d ' e \" f")),
    value("attribute.whitespace", AttrBox(value: "tab\there\nnewline")),
    value("attribute.cr", AttrBox(value: "a\rb")),
    value("attribute.empty", AttrBox(value: "")),
    // Structs.
    value("person", Person(name: "Ann", age: 30, address: Address(street: "Main St", city: "Oslo"))),
    value("empty.top", Empty()),
    value("empty.nested", HoldsEmpty()),
    value("camel.keys", CamelKeys()),
    value("root.default.name", Address(street: "s", city: "c"), root: nil),
    // Arrays.
    value("array.0", Box(value: [Int]())),
    value("array.1", Box(value: [1])),
    value("array.2", Box(value: [1, 2])),
    value("array.many", Box(value: Array(1...7))),
    value("array.strings.empty", Box(value: ["", "a", ""])),
    value("array.top.0", [Int](), root: "n"),
    value("array.top.1", [1], root: "n"),
    value("array.top.2", [1, 2], root: "n"),
    value("array.top.noroot", [1, 2], root: nil),
    value("array.nested", [[1, 2], [3]], root: "element"),
    value("array.nested.empty", [[Int](), [1]], root: "element"),
    value("array.nested.keyed", Box(value: [[1, 2], [3]])),
    value("array.structs", Box(value: [Address(street: "a", city: "b"), Address(street: "c", city: "d")])),
    value("array.structs.top", [Address(street: "a", city: "b"), Address(street: "c", city: "d")], root: "list"),
    value("array.structs.empty", Box(value: [Empty(), Empty()])),
    value("array.optional.items", Box(value: [1, 2] as [Int?])),
    value("stack", Box(value: Stack(items: [1, 2, 3]))),
    value("stack.empty", Box(value: Stack(items: []))),
    // Dictionaries.
    value("dict.one", ["k": 1]),
    value("dict.many", ["b": 2, "a": 1, "c": 3], needsSortedKeys: true),
    value("dict.array", ["k": [1, 2]]),
    value("dict.array.one", ["k": [1]]),
    value("dict.array.many", ["b": [1, 2], "a": [3]], needsSortedKeys: true),
    value("dict.array.empty", ["k": [Int]()]),
    value("dict.array.empty.string", ["k": [""]]),
    value("dict.structs", ["k": Address(street: "s", city: "c")]),
    value("dict.nested", ["outer": ["inner": "v"]]),
    value("dict.in.struct", Box(value: ["k": "v"])),
    // Optionals.
    value("optional.nil", Optionals(int: nil, string: nil, address: nil, list: nil)),
    value("optional.some", Optionals(int: 1, string: "s", address: Address(street: "a", city: "b"), list: [1, 2])),
    value("optional.empty", Optionals(int: 0, string: "", address: nil, list: [])),
    value("optional.list.one", Optionals(int: nil, string: nil, address: nil, list: [5])),
    value("optional.items.nil", Box(value: [1, nil, 3] as [Int?])),
    // Attributes.
    value("book", Book(id: 1, title: "XML", tag: "t", note: nil)),
    value("book.note", Book(id: 2, title: "A & B", tag: "x'y", note: "n\"q")),
    value("library", Library(name: "City", books: [Book(id: 1, title: "A", tag: "a", note: nil), Book(id: 2, title: "B", tag: "b", note: "x")])),
    value("books.top", [Book(id: 1, title: "A", tag: "a", note: nil)], root: "books"),
    value("wrappers", Wrapped(id: 7, name: Element("n"), both: ElementAndAttribute("b"))),
    value("prefixed", Prefixed(aId: 1, bBoth: "b", cElement: "c", dItems: [Address(street: "s", city: "c")])),
    value("price", Price(currency: "EUR", value: 9.5)),
    value("label", Label(lang: "en", text: "Hello")),
    value("label.empty", Label(lang: "en", text: "")),
    value("labels", Box(value: [Label(lang: "en", text: "Hi"), Label(lang: "fr", text: "Salut")])),
    value("intrinsic.struct", Outer(id: 1, inner: Inner(kind: "k", x: 2, y: 3), other: 4)),
    value("intrinsic.attributes.only", OuterAttributesOnly(inner: OnlyAttributes(kind: "k"), other: 1)),
    Case(name: "root.attribute.given") { encoder in try encoder.encode(Box(value: 1), withRootKey: "root", rootAttributes: ["lang": "en"]) },
    Case(name: "header") { encoder in try encoder.encode(Box(value: 1), withRootKey: "root", header: XMLHeader(version: 1.0, encoding: "UTF-8")) },
    // Choices.
    value("choice.top", IntOrString.int(3), root: "c"),
    value("choice.array.top", [IntOrString.int(1), .string("a")], root: "container"),
    value("choice.array.keyed", Box(value: [IntOrString.int(1), .string("a")])),
    value("choice.keyed", Box(value: IntOrString.string("s"))),
    value("choice.nested", [Shape.nested(.int(1)), .circle(Address(street: "s", city: "c")), .empty(Empty())], root: "shapes"),
    value("choice.array.nested", [[IntOrString.int(1)], [.string("b")]], root: "grid"),
    value("choice.mixed", [Run.text("first "), .bold("b"), .text(" second")], root: "p"),
    value("choice.mixed.link", [Run.text("see "), .link(Address(street: "s", city: "c"))], root: "p"),
    value("choice.mixed.keyed", Paragraph(runs: [.text("x"), .bold("y")])),
    value("choice.array.empty", [IntOrString](), root: "container"),
    value("choice.array.nested.keyed", Box(value: [[IntOrString.int(1), .string("x")]])),
    value("choice.array.intrinsic", Drawing(id: 1, shapes: [.int(1), .string("a")])),
    value("choice.array.intrinsic.one", Drawing(id: 2, shapes: [.string("b")])),
    value("choice.array.intrinsic.empty", Drawing(id: 3, shapes: [])),
    value("choice.mixed.intrinsic", Sentence(lang: "en", runs: [.text("x"), .bold("y"), .text("z")])),
    value("array.intrinsic", Addresses(items: [Address(street: "s", city: "c"), Address(street: "t", city: "d")])),
    // Other strategies, set by the case.
    Case(name: "data.deferred") { encoder in
        encoder.dataEncodingStrategy = .deferredToData
        return try encoder.encode(Box(value: Data([1, 2])), withRootKey: "root")
    },
    Case(name: "date.iso8601") { encoder in
        encoder.dateEncodingStrategy = .iso8601
        return try encoder.encode(Box(value: Date(timeIntervalSince1970: 1_700_000_000)), withRootKey: "root")
    },
    Case(name: "date.iso8601.fraction") { encoder in
        encoder.dateEncodingStrategy = .iso8601
        return try encoder.encode(Box(value: Date(timeIntervalSince1970: 1_700_000_000.25)), withRootKey: "root")
    },
    Case(name: "date.milliseconds") { encoder in
        encoder.dateEncodingStrategy = .millisecondsSince1970
        return try encoder.encode(Box(value: Date(timeIntervalSince1970: 1.5)), withRootKey: "root")
    },
    Case(name: "float.nonconforming") { encoder in
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "INF", negativeInfinity: "-INF", nan: "NaN")
        return try encoder.encode(Box(value: [Double.infinity, -Double.infinity, 1]), withRootKey: "root")
    },
    Case(name: "root.attributes.sorted", needsSortedKeys: true) { encoder in
        try encoder.encode(Box(value: 1), withRootKey: "root", rootAttributes: ["b": "2", "a": "1'"])
    },
    // More shapes.
    value("enum.raw", Box(value: [Color.red, .darkBlue])),
    value("attribute.scalars", AttrScalars()),
    value("intrinsic.date", Stamp(zone: "UTC", value: Date(timeIntervalSince1970: 60))),
    value("array.nested.structs", Box(value: [[Address(street: "a", city: "b")], []])),
    value("array.optional.structs", Box(value: [Address(street: "a", city: "b")] as [Address?])),
    value("dict.array.structs", ["k": [Address(street: "a", city: "b"), Address(street: "c", city: "d")]]),
    value("optional.list.empty.item", OptionalStrings(list: [""])),
    value("optional.list.two.empty", OptionalStrings(list: ["", ""])),
    // Classes, hand-written containers.
    value("class.super", Dog()),
    value("class.super.key", Cat()),
    value("handwritten", Handwritten()),
]

public func encodeAll(_ settings: Settings) -> [Encoded] {
    corpus.filter { !$0.needsSortedKeys || settings.sortedKeys }.map { entry in
        do {
            return Encoded(name: entry.name, result: .success(Array(try entry.encode(makeEncoder(settings)))))
        } catch {
            return Encoded(name: entry.name, result: .failure("\(error)"))
        }
    }
}
