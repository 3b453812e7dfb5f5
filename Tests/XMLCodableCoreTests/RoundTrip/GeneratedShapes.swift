// Model types for the generated round trips (GeneratedModelRoundTripTests): small generic types,
// each exercising one container shape, that the test composes at random into real static types
// (`Pair<[Int?], Sub<String, Grid<Bool>>>`, …) by opening existential metatypes. Because the
// composed types are ordinary generic Swift types, the coders meet exactly what they meet in user
// code: synthesized Codable, property wrappers, `Array`, `Optional`, `Dictionary`, and hand-written
// `encode(to:)`/`init(from:)` using every container call.
//
//   shape                        type                       containers used
//   keyed (synthesized)          Pair<A, B>                 container(keyedBy:) with encode/decode
//   attribute + element          Tagged<S, B>               @Attribute, an element
//   attribute + text             Intrinsic<S, V>            @Attribute, the "" key
//   attribute + optional text    OptionalIntrinsic<S, V>    @Attribute, the "" key, nil as no text
//   nested keyed                 NestedKeyed<A, B>          nestedContainer(keyedBy:forKey:)
//   nested unkeyed under a key   NestedList<T>              nestedUnkeyedContainer(forKey:), encode per item
//   the same, keyed items        NestedListOfKeyed<T>       nestedUnkeyedContainer(forKey:), nestedContainer per item
//   unkeyed in unkeyed           Grid<T>                    unkeyedContainer(), nestedUnkeyedContainer()
//   single value                 Single<T>                  singleValueContainer()
//   class inheritance            Sub<A, B>                  superEncoder() / superDecoder()
//   the same, under a key        SubKeyed<A, B>             superEncoder(forKey:) / superDecoder(forKey:)
//   lists, optionals, maps       [T], T?, [String: T]       the standard library's own Codable
//   raw-value enum               GenSuit                       a scalar (its raw value)
//   enum with associated values  Choice<S>                  synthesized: a case key, nested keyed values
//   the same, payload any shape  Union<T>                   the same; `_0` alone, `_0` and `_1`, a label
//   formatted scalar             Formatted<F>               single value: the format's text (any scalar's place)
//   optional formatted value     OptionalFormatted<F>       single value: the text, or nil
//   formatted properties         Stamped<F>                 @Formatted, @OptionalFormatted, each also @Attribute
//   formatted own text           StampedText<F>             @Attribute @OptionalFormatted, the "" key
//   maps of entries              Mapped<K, V, F, G>         XMLMapCoding: a map in format F, an optional one in G
//
// F is any date or data format of `@Formatted` (with values it writes exactly); a map's format is
// wrapped or flattened, its key an element or an attribute, its value an element or the entry's
// content, its names renamed or namespaced (`WrappedEntries`, `ContentEntries`, …); its keys are
// `String` (the empty one and non-names too) or `Int`.
//
// A few values the library writes but does not read back are left out, each at the place that
// makes it, naming the test in ReducedModelRoundTripTests that holds it.

import Foundation
import XMLCodableCore

/// A type the generated round trips can compose and fill.
protocol GenShape: Codable, Equatable {
    /// A random value, with `depth` levels of nesting left to use.
    static func make(_ rng: inout SplitMix64, depth: Int) -> Self
    /// Whether a value of the type can itself encode as `nil` (so that `Optional<Self>` would have
    /// two nils, which neither XML nor JSON can tell apart): never composed inside `Optional`.
    static var canBeNil: Bool { get }
    /// Whether a value of the type can be a map entry's own content (`XMLMapFormat.value` `nil`):
    /// not a list, nor a dictionary (see `ShapeTypes.mapped`).
    static var canBeEntryContent: Bool { get }
    /// Whether the value encodes as `nil`.
    var isNil: Bool { get }
    /// Whether the value is an empty string (or a type holding one, as `Single<String>` does).
    var isEmptyString: Bool { get }
    /// Whether the value is an optional holding an empty string.
    var isOptionalEmptyString: Bool { get }
    /// Whether the value is a list of one `nil` item.
    var isListOfOneNil: Bool { get }
    /// Whether the value is an empty `Array` (which writes nothing under a key).
    var isEmptyList: Bool { get }
    /// Whether the value may write nothing under a key (an empty `Array`, or `nil` under the
    /// default nil strategy).
    var mayWriteNothing: Bool { get }
    /// Whether the value, as a list item, may be an empty element (an empty string, list or
    /// dictionary, a struct whose values write nothing).
    var writesEmptyElement: Bool { get }
    /// Whether the value is a list of one item that is an empty element.
    var isListOfOneEmptyElement: Bool { get }
    /// Whether the value, as a map's value, is written as another is (see `Mapped.entries`).
    var isAmbiguousMapValue: Bool { get }
}

extension GenShape {
    static var canBeNil: Bool { false }
    static var canBeEntryContent: Bool { true }
    var isNil: Bool { false }
    var isEmptyString: Bool { false }
    var isOptionalEmptyString: Bool { false }
    var isListOfOneNil: Bool { false }
    var isEmptyList: Bool { false }
    var mayWriteNothing: Bool { false }
    var writesEmptyElement: Bool { false }
    var isListOfOneEmptyElement: Bool { false }
    var isAmbiguousMapValue: Bool { false }
}

/// A type whose values are text, usable for attributes and the `""` key.
protocol GenScalarShape: GenShape {}

/// How many items a generated list has: 0, 1 and 2 often (the cases where lists are ambiguous),
/// sometimes more.
func itemCount(_ rng: inout SplitMix64) -> Int {
    switch rng.next() % 8 {
    case 0, 1: return 0
    case 2, 3, 4: return 1
    case 5, 6: return 2
    default: return Int.random(in: 3...5, using: &rng)
    }
}

// MARK: - Scalars

extension Int: GenScalarShape {
    static func make(_ rng: inout SplitMix64, depth: Int) -> Int {
        switch rng.next() % 4 {
        case 0: return [0, 1, -1, .max, .min].randomElement(using: &rng)!
        default: return Int.random(in: -1_000_000...1_000_000, using: &rng)
        }
    }
}

extension Bool: GenScalarShape {
    static func make(_ rng: inout SplitMix64, depth: Int) -> Bool { rng.next() % 2 == 0 }
}

extension Double: GenScalarShape {
    static func make(_ rng: inout SplitMix64, depth: Int) -> Double {
        switch rng.next() % 4 {
        case 0: return [0, -0.0, 1.5, 1e300, -2.5e-300, .ulpOfOne].randomElement(using: &rng)!
        default: return Double(bitPattern: rng.next() & 0x7FEF_FFFF_FFFF_FFFF) * (rng.next() % 2 == 0 ? 1 : -1)
        }
    }
}

extension String: GenScalarShape {
    static func make(_ rng: inout SplitMix64, depth: Int) -> String { StringGenerator.string(&rng) }
    var isEmptyString: Bool { isEmpty }
    var writesEmptyElement: Bool { isEmpty }
}

/// A raw-value enum: written as its raw value, like any scalar.
enum GenSuit: String, GenScalarShape, CaseIterable {
    case hearts, spades, diamonds = "Diamonds & co"
    static func make(_ rng: inout SplitMix64, depth: Int) -> GenSuit { allCases.randomElement(using: &rng)! }
}

// MARK: - The standard library's containers

extension Optional: GenShape where Wrapped: GenShape {
    static func make(_ rng: inout SplitMix64, depth: Int) -> Wrapped? {
        rng.next() % 3 == 0 ? nil : Wrapped.make(&rng, depth: depth)
    }
    static var canBeNil: Bool { true }
    static var canBeEntryContent: Bool { Wrapped.canBeEntryContent }
    var isNil: Bool { self == nil }
    var isOptionalEmptyString: Bool { self?.isEmptyString ?? false }
    var mayWriteNothing: Bool { self == nil }
    /// (A nil item is marked `xsi:nil`.)
    var writesEmptyElement: Bool { self?.writesEmptyElement ?? false }
    var isAmbiguousMapValue: Bool {
        self.map { $0.isAmbiguousMapValue || $0.isListOfOneNil || $0.isListOfOneEmptyElement } ?? false
    }
}

extension Array: GenShape where Element: GenShape {
    static func make(_ rng: inout SplitMix64, depth: Int) -> [Element] {
        (0..<itemCount(&rng)).map { _ in Element.make(&rng, depth: depth - 1) }
    }
    static var canBeEntryContent: Bool { false }
    var isListOfOneNil: Bool { count == 1 && self[0].isNil }
    var isEmptyList: Bool { isEmpty }
    var mayWriteNothing: Bool { isEmpty }
    var writesEmptyElement: Bool { isEmpty }
    var isListOfOneEmptyElement: Bool { count == 1 && self[0].writesEmptyElement }
}

extension Dictionary: GenShape where Key == String, Value: GenShape {
    static func make(_ rng: inout SplitMix64, depth: Int) -> [String: Value] {
        var map: [String: Value] = [:]
        for _ in 0..<itemCount(&rng) { map["k\(rng.next() % 4)"] = Value.make(&rng, depth: depth - 1) }
        return map
    }
    static var canBeEntryContent: Bool { false }
    var writesEmptyElement: Bool { isEmpty }
}

// MARK: - Keyed

struct Pair<A: GenShape, B: GenShape>: GenShape {
    var a: A
    var b: B
    static func make(_ rng: inout SplitMix64, depth: Int) -> Pair {
        Pair(a: .make(&rng, depth: depth - 1), b: .make(&rng, depth: depth - 1))
    }
    var writesEmptyElement: Bool { a.mayWriteNothing && b.mayWriteNothing }
}

struct Tagged<S: GenScalarShape, B: GenShape>: GenShape {
    @Attribute var tag: S
    var body: B
    static func make(_ rng: inout SplitMix64, depth: Int) -> Tagged {
        Tagged(tag: Attribute(.make(&rng, depth: 0)), body: .make(&rng, depth: depth - 1))
    }
}

struct Intrinsic<S: GenScalarShape, V: GenScalarShape>: GenShape {
    @Attribute var unit: S
    var value: V
    enum CodingKeys: String, CodingKey {
        case unit
        case value = ""
    }
    static func make(_ rng: inout SplitMix64, depth: Int) -> Intrinsic {
        Intrinsic(unit: Attribute(.make(&rng, depth: 0)), value: .make(&rng, depth: 0))
    }
}

/// An attribute and the element's own text as an optional: `nil` is no text.
struct OptionalIntrinsic<S: GenScalarShape, V: GenScalarShape>: GenShape {
    @Attribute var unit: S
    var value: V?
    enum CodingKeys: String, CodingKey {
        case unit
        case value = ""
    }
    static func make(_ rng: inout SplitMix64, depth: Int) -> OptionalIntrinsic {
        OptionalIntrinsic(
            unit: Attribute(.make(&rng, depth: 0)), value: rng.next() % 3 == 0 ? nil : .make(&rng, depth: 0))
    }
}

struct NestedKeyed<A: GenShape, B: GenShape>: GenShape {
    var a: A
    var b: B
    enum Keys: String, CodingKey { case inner }
    enum InnerKeys: String, CodingKey { case x, y }

    init(a: A, b: B) {
        self.a = a
        self.b = b
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        var inner = container.nestedContainer(keyedBy: InnerKeys.self, forKey: .inner)
        try inner.encode(a, forKey: .x)
        try inner.encode(b, forKey: .y)
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        let inner = try container.nestedContainer(keyedBy: InnerKeys.self, forKey: .inner)
        a = try inner.decode(A.self, forKey: .x)
        b = try inner.decode(B.self, forKey: .y)
    }

    static func make(_ rng: inout SplitMix64, depth: Int) -> NestedKeyed {
        NestedKeyed(a: .make(&rng, depth: depth - 1), b: .make(&rng, depth: depth - 1))
    }
}

// MARK: - Unkeyed

struct NestedList<T: GenShape>: GenShape {
    var items: [T]
    enum Keys: String, CodingKey { case items }

    init(items: [T]) { self.items = items }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        var list = container.nestedUnkeyedContainer(forKey: .items)
        for item in items { try list.encode(item) }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        var list = try container.nestedUnkeyedContainer(forKey: .items)
        var items: [T] = []
        while !list.isAtEnd { items.append(try list.decode(T.self)) }
        self.items = items
    }

    static func make(_ rng: inout SplitMix64, depth: Int) -> NestedList { NestedList(items: .make(&rng, depth: depth)) }
    var writesEmptyElement: Bool { items.isEmpty }
}

/// A list under a key whose items each go through `nestedContainer(keyedBy:)` (the shape that,
/// with one item, is an element of the key's name holding the item's keys).
struct NestedListOfKeyed<T: GenShape>: GenShape {
    var items: [T]
    enum Keys: String, CodingKey { case reviews }
    enum ItemKeys: String, CodingKey { case rating }

    init(items: [T]) { self.items = items }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        var list = container.nestedUnkeyedContainer(forKey: .reviews)
        for item in items {
            var itemContainer = list.nestedContainer(keyedBy: ItemKeys.self)
            try itemContainer.encode(item, forKey: .rating)
        }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        var list = try container.nestedUnkeyedContainer(forKey: .reviews)
        var items: [T] = []
        while !list.isAtEnd {
            let itemContainer = try list.nestedContainer(keyedBy: ItemKeys.self)
            items.append(try itemContainer.decode(T.self, forKey: .rating))
        }
        self.items = items
    }

    static func make(_ rng: inout SplitMix64, depth: Int) -> NestedListOfKeyed {
        NestedListOfKeyed(items: .make(&rng, depth: depth))
    }
    var writesEmptyElement: Bool { items.isEmpty }
}

struct Grid<T: GenShape>: GenShape {
    var rows: [[T]]

    init(rows: [[T]]) { self.rows = rows }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for row in rows {
            var nested = container.nestedUnkeyedContainer()
            for item in row { try nested.encode(item) }
        }
    }

    init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        var rows: [[T]] = []
        while !container.isAtEnd {
            var nested = try container.nestedUnkeyedContainer()
            var row: [T] = []
            while !nested.isAtEnd { row.append(try nested.decode(T.self)) }
            rows.append(row)
        }
        self.rows = rows
    }

    static func make(_ rng: inout SplitMix64, depth: Int) -> Grid {
        Grid(rows: (0..<itemCount(&rng)).map { _ in .make(&rng, depth: depth - 1) })
    }
    static var canBeEntryContent: Bool { false }
    var writesEmptyElement: Bool { rows.isEmpty }
    /// One empty row: as a map's value, read back as no rows (see `Mapped.entries`).
    var isAmbiguousMapValue: Bool { rows.count == 1 && rows[0].isEmpty }
}

// MARK: - Single value

struct Single<T: GenShape>: GenShape {
    var value: T

    init(value: T) { self.value = value }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }

    init(from decoder: any Decoder) throws {
        value = try decoder.singleValueContainer().decode(T.self)
    }

    static func make(_ rng: inout SplitMix64, depth: Int) -> Single { Single(value: .make(&rng, depth: depth - 1)) }
    static var canBeNil: Bool { T.canBeNil }
    static var canBeEntryContent: Bool { T.canBeEntryContent }
    var isNil: Bool { value.isNil }
    var isEmptyString: Bool { value.isEmptyString }
    var isOptionalEmptyString: Bool { value.isOptionalEmptyString }
    var isListOfOneNil: Bool { value.isListOfOneNil }
    var mayWriteNothing: Bool { value.mayWriteNothing }
    var writesEmptyElement: Bool { value.writesEmptyElement }
    var isListOfOneEmptyElement: Bool { value.isListOfOneEmptyElement }
    /// Also a list of one empty item: through this single-value container, as a map's value, it is
    /// read back as an empty list (see `Mapped.entries`).
    var isAmbiguousMapValue: Bool { value.isAmbiguousMapValue || value.isListOfOneEmptyElement }
}

// MARK: - Class inheritance

class Base<A: GenShape>: Codable {
    var a: A
    init(a: A) { self.a = a }
}

/// A subclass whose base class's values go under `<super>`.
final class Sub<A: GenShape, B: GenShape>: Base<A>, GenShape {
    var b: B
    enum Keys: String, CodingKey { case b }

    init(a: A, b: B) {
        self.b = b
        super.init(a: a)
    }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(b, forKey: .b)
        try super.encode(to: container.superEncoder())
    }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        b = try container.decode(B.self, forKey: .b)
        try super.init(from: container.superDecoder())
    }

    static func == (lhs: Sub, rhs: Sub) -> Bool { lhs.a == rhs.a && lhs.b == rhs.b }
    static func make(_ rng: inout SplitMix64, depth: Int) -> Sub {
        Sub(a: .make(&rng, depth: depth - 1), b: .make(&rng, depth: depth - 1))
    }
}

/// A subclass whose base class's values go under a key of its choosing.
final class SubKeyed<A: GenShape, B: GenShape>: Base<A>, GenShape {
    var b: B
    enum Keys: String, CodingKey { case b, base }

    init(a: A, b: B) {
        self.b = b
        super.init(a: a)
    }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try super.encode(to: container.superEncoder(forKey: .base))
        try container.encode(b, forKey: .b)
    }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        b = try container.decode(B.self, forKey: .b)
        try super.init(from: container.superDecoder(forKey: .base))
    }

    static func == (lhs: SubKeyed, rhs: SubKeyed) -> Bool { lhs.a == rhs.a && lhs.b == rhs.b }
    static func make(_ rng: inout SplitMix64, depth: Int) -> SubKeyed {
        SubKeyed(a: .make(&rng, depth: depth - 1), b: .make(&rng, depth: depth - 1))
    }
}

// MARK: - Enums with associated values

/// An enum with associated values, synthesized Codable: one key (the case) holding a nested keyed
/// container of the values (`_0` for an unnamed one), an empty one for a case without values.
enum Choice<S: GenScalarShape>: GenShape {
    case value(S)
    case labeled(x: S, count: Int)
    case empty
    static func make(_ rng: inout SplitMix64, depth: Int) -> Choice {
        switch rng.next() % 3 {
        case 0: return .value(.make(&rng, depth: 0))
        case 1: return .labeled(x: .make(&rng, depth: 0), count: .make(&rng, depth: 0))
        default: return .empty
        }
    }
}

// MARK: - Enums with a payload of any shape

/// An enum whose payload is any shape, synthesized Codable: under
/// `enumPayloadEncodingStrategy = .caseElement` the one unlabeled value of `one` is the case
/// element's own content (`<one><a>…</a><b>…</b></one>`), while `both` keeps its `_0` and `_1`.
enum Union<T: GenShape>: GenShape {
    case one(T)
    case both(T, Int)
    case labeled(item: T)
    case none
    static func make(_ rng: inout SplitMix64, depth: Int) -> Union {
        switch rng.next() % 7 {
        case 0, 1, 2:
            let payload = T.make(&rng, depth: depth - 1)
            // As the case element's content, an optional empty string through the generic payload
            // would be no text, which reads as nil: the encoder refuses it
            // (ReducedModelRoundTripTests.anEmptyOptionalStringThroughAGenericPayload), so it is kept
            // under a label, to keep refusals rare.
            return payload.isOptionalEmptyString ? .labeled(item: payload) : .one(payload)
        case 3:
            // (An empty list beside a second value: ReducedModelRoundTripTests.anEmptyListBesideASecondPayload.)
            return .both(T.make(&rng, depth: depth - 1), .make(&rng, depth: 0))
        case 4, 5: return .labeled(item: .make(&rng, depth: depth - 1))
        default: return .none
        }
    }
}

// MARK: - Formats per property

/// A format of `@Formatted`, with values it writes exactly (so that a round trip gives back an
/// equal value: whole seconds for the formats that write seconds, milliseconds for the ones that
/// write milliseconds).
///
/// `makeValue` never makes a value whose text is empty: an optional one is written as an empty
/// element (or no text) and reads back as `nil` (ReducedModelRoundTripTests
/// .anEmptyDataInAnOptionalIsReadBackAsNil), so only the properties that are not optional, or
/// are attributes, use `emptyTextValue` (the empty data).
protocol GenValueFormat: XMLValueFormat where Value: Equatable {
    static func makeValue(_ rng: inout SplitMix64) -> Value
    static var emptyTextValue: Value? { get }
}

extension GenValueFormat {
    static var emptyTextValue: Value? { nil }
    /// A value, or one time in four the value with the empty text, if the format has one.
    static func makeValueOrEmpty(_ rng: inout SplitMix64) -> Value {
        if rng.next() % 4 == 0, let empty = emptyTextValue { return empty }
        return makeValue(&rng)
    }
}

/// Dates a format can write exactly.
enum DateGenerator {
    /// 0001-01-01T00:00:00Z and 9999-12-31T23:59:59Z, the range of the calendar formats.
    static let firstSecond: Int64 = -62_135_596_800
    static let lastSecond: Int64 = 253_402_300_799
    /// 0000-01-01T00:00:00Z, which ISO 8601 writes too.
    static let yearZero: Int64 = -62_167_219_200
    /// Dates at the edges: 1970, a second before, RFC 9110's example, a leap day, 1900 (no leap
    /// year), the first and last seconds of the calendar formats.
    static let specialSeconds: [Int64] = [0, -1, 784_111_777, 951_782_400, -2_203_891_200, firstSecond, lastSecond]

    /// A whole second in `first...lastSecond`.
    static func second(_ rng: inout SplitMix64, from first: Int64 = firstSecond) -> Date {
        if rng.next() % 4 == 0 {
            return Date(timeIntervalSince1970: Double(specialSeconds.randomElement(using: &rng)!))
        }
        return Date(timeIntervalSince1970: Double(Int64.random(in: first...lastSecond, using: &rng)))
    }

    /// A whole millisecond in `first...lastSecond`, or a whole second.
    static func millisecond(_ rng: inout SplitMix64, from first: Int64 = firstSecond) -> Date {
        if rng.next() % 4 == 0 { return second(&rng, from: first) }
        let millis = Int64.random(in: first * 1000...lastSecond * 1000 + 999, using: &rng)
        return Date(timeIntervalSince1970: Double(millis) / 1000)
    }
}

extension ISO8601DateFormat: GenValueFormat {
    static func makeValue(_ rng: inout SplitMix64) -> Date { DateGenerator.second(&rng, from: DateGenerator.yearZero) }
}

extension ISO8601FractionalDateFormat: GenValueFormat {
    static func makeValue(_ rng: inout SplitMix64) -> Date {
        DateGenerator.millisecond(&rng, from: DateGenerator.yearZero)
    }
}

extension EpochSecondsDateFormat: GenValueFormat {
    static func makeValue(_ rng: inout SplitMix64) -> Date {
        // Any finite number of seconds: far beyond the calendar too.
        rng.next() % 8 == 0
            ? Date(timeIntervalSince1970: [1e300, -1e300, 1.5, -0.25].randomElement(using: &rng)!)
            : DateGenerator.millisecond(&rng)
    }
}

extension EpochMillisecondsDateFormat: GenValueFormat {
    static func makeValue(_ rng: inout SplitMix64) -> Date { DateGenerator.millisecond(&rng) }
}

extension HTTPDateFormat: GenValueFormat {
    static func makeValue(_ rng: inout SplitMix64) -> Date { DateGenerator.second(&rng) }
}

extension RFC822DateFormat: GenValueFormat {
    static func makeValue(_ rng: inout SplitMix64) -> Date { DateGenerator.second(&rng) }
}

/// Bytes: a few, or more (never none: see `GenValueFormat`).
func makeData(_ rng: inout SplitMix64) -> Data {
    let count = rng.next() % 3 == 0 ? Int.random(in: 4...40, using: &rng) : Int.random(in: 1...3, using: &rng)
    return Data((0..<count).map { _ in UInt8.random(in: 0...255, using: &rng) })
}

extension Base64DataFormat: GenValueFormat {
    static func makeValue(_ rng: inout SplitMix64) -> Data { makeData(&rng) }
    static var emptyTextValue: Data? { Data() }
}

extension HexDataFormat: GenValueFormat {
    static func makeValue(_ rng: inout SplitMix64) -> Data { makeData(&rng) }
    static var emptyTextValue: Data? { Data() }
}

/// A formatted value composed like any scalar: a list item, a dictionary value, an attribute
/// (`Attribute<Formatted<F>>` is `@Attribute @Formatted<F>`), the `""` key.
extension Formatted: GenShape, GenScalarShape where Format: GenValueFormat {
    static func make(_ rng: inout SplitMix64, depth: Int) -> Formatted { Formatted(Format.makeValue(&rng)) }
}

/// An optional formatted value composed like an optional: a list item, a dictionary or map value,
/// a generic property (never an attribute: see `ShapeTypes.scalar`).
extension OptionalFormatted: GenShape where Format: GenValueFormat {
    static func make(_ rng: inout SplitMix64, depth: Int) -> OptionalFormatted {
        OptionalFormatted(rng.next() % 3 == 0 ? nil : Format.makeValue(&rng))
    }
    static var canBeNil: Bool { true }
    var isNil: Bool { wrappedValue == nil }
}

/// Formatted properties as a model declares them, so that the overloads for optional wrappers
/// are chosen at compile time: plain and optional, as elements and as attributes.
struct Stamped<F: GenValueFormat>: GenShape {
    @Formatted<F> var value: F.Value
    @OptionalFormatted<F> var maybe: F.Value?
    @Attribute @Formatted<F> var at: F.Value
    @Attribute @OptionalFormatted<F> var maybeAt: F.Value?
    static func make(_ rng: inout SplitMix64, depth: Int) -> Stamped {
        Stamped(
            value: F.makeValueOrEmpty(&rng), maybe: rng.next() % 3 == 0 ? nil : F.makeValue(&rng),
            at: Attribute(Formatted(F.makeValueOrEmpty(&rng))),
            maybeAt: Attribute(OptionalFormatted(rng.next() % 3 == 0 ? nil : F.makeValueOrEmpty(&rng))))
    }
}

/// An optional formatted value as the element's own text, beside an optional formatted attribute.
struct StampedText<F: GenValueFormat>: GenShape {
    @Attribute @OptionalFormatted<F> var at: F.Value?
    @OptionalFormatted<F> var text: F.Value?
    enum CodingKeys: String, CodingKey {
        case at
        case text = ""
    }
    static func make(_ rng: inout SplitMix64, depth: Int) -> StampedText {
        StampedText(
            at: Attribute(OptionalFormatted(rng.next() % 3 == 0 ? nil : F.makeValueOrEmpty(&rng))),
            text: rng.next() % 3 == 0 ? nil : F.makeValue(&rng))
    }
    var writesEmptyElement: Bool { at == nil && text == nil }
}

// MARK: - Maps of entries

/// The key of a map (`XMLMapCoding`): data, not a name.
protocol GenMapKey: Hashable, Codable {
    static func makeKey(_ rng: inout SplitMix64) -> Self
}

extension String: GenMapKey {
    /// Names, the empty key, keys that are no XML name, and any string XML can carry.
    static func makeKey(_ rng: inout SplitMix64) -> String {
        switch rng.next() % 6 {
        case 0: return "k\(rng.next() % 4)"
        case 1: return ["", " ", "1 not a name", "a:b", "<&>\"'", "_0", "entry"].randomElement(using: &rng)!
        default: return StringGenerator.string(&rng)
        }
    }
}

extension Int: GenMapKey {
    static func makeKey(_ rng: inout SplitMix64) -> Int { make(&rng, depth: 0) }
}

/// A map format, as a type (the format is the type's choice, `XMLMapCoding` being static).
protocol GenMapFormat {
    static var format: XMLMapFormat { get }
}

/// `<map><entry><key>…</key><value>…</value></entry></map>` (AWS restXml).
enum WrappedEntries: GenMapFormat {
    static var format: XMLMapFormat { .wrapped }
}

/// `<entry><key>…</key><value>…</value></entry>…` in the parent (restXml's `@xmlFlattened`).
enum FlatEntries: GenMapFormat {
    static var format: XMLMapFormat { .flattened }
}

/// Renamed entry, key and value elements.
enum RenamedEntries: GenMapFormat {
    static var format: XMLMapFormat { XMLMapFormat(entry: "Tag", key: "Key", value: "Value") }
}

/// `<map><limit name="…"><max>…</max></limit></map>`: the key as an attribute.
enum KeyAttributeEntries: GenMapFormat {
    static var format: XMLMapFormat {
        XMLMapFormat(entry: "limit", key: "name", value: "max", keyPlacement: .attribute)
    }
}

/// `<item k="…"><v>…</v></item>…` in the parent.
enum FlatKeyAttributeEntries: GenMapFormat {
    static var format: XMLMapFormat {
        XMLMapFormat(entry: "item", key: "k", value: "v", keyPlacement: .attribute, isFlattened: true)
    }
}

/// `<string name="…">…</string>…` in the parent: the value is the entry's content (Android).
enum ContentEntries: GenMapFormat {
    static var format: XMLMapFormat {
        XMLMapFormat(entry: "string", key: "name", value: nil, keyPlacement: .attribute, isFlattened: true)
    }
}

/// `<map><e key="…">…</e></map>`: the value is the entry's content.
enum WrappedContentEntries: GenMapFormat {
    static var format: XMLMapFormat { XMLMapFormat(entry: "e", key: "key", value: nil, keyPlacement: .attribute) }
}

/// Names in Clark notation, written with a prefix the encoder declares.
enum NamespacedEntries: GenMapFormat {
    static var format: XMLMapFormat {
        XMLMapFormat(entry: "{urn:gen}entry", key: "{urn:gen}key", value: "{urn:gen}value")
    }
}

/// Names in Clark notation, the key a namespaced attribute, the value the content, flattened.
enum NamespacedContentEntries: GenMapFormat {
    static var format: XMLMapFormat {
        XMLMapFormat(entry: "{urn:gen}e", key: "{urn:other}id", value: nil, keyPlacement: .attribute, isFlattened: true)
    }
}

/// A map and an optional map in the formats `F` and `G`, beside an ordinary property. The
/// optional map's entries are renamed (`o` before the local name), so that two flattened maps in
/// the one element do not read each other's entries.
struct Mapped<K: GenMapKey, V: GenShape, F: GenMapFormat, G: GenMapFormat>: GenShape, XMLMapCoding {
    var map: [K: V]
    var maybe: [K: V]?
    var after: Int

    static func xmlMapFormat(for key: any CodingKey) -> XMLMapFormat? {
        switch key.stringValue {
        case "map": return F.format
        case "maybe":
            var format = G.format
            // (No name: the entries are named by the key, `maybe`, already apart from `map`.)
            if var entry = format.entry {
                if let close = entry.firstIndex(of: "}") {
                    entry.insert("o", at: entry.index(after: close))
                } else {
                    entry = "o" + entry
                }
                format.entry = entry
            }
            return format
        default: return nil
        }
    }

    /// Entries, 0, 1, 2 or more. A value the encoder refuses as a map's value, since it would read
    /// back as another, is left out to keep refusals rare: an optional list of one nil item
    /// (ReducedModelRoundTripTests.anOptionalListOfOneNilAsAMapValue) or of one item that is an empty
    /// element (.anOptionalListOfOneEmptyItemAsAMapValue), and a list that is not an `Array`
    /// holding one such item (.aCollectionOfOneEmptyListAsAMapValue).
    static func entries(_ rng: inout SplitMix64, count: Int, depth: Int) -> [K: V] {
        var map: [K: V] = [:]
        for _ in 0..<count {
            let value = V.make(&rng, depth: depth - 1)
            if !value.isAmbiguousMapValue { map[K.makeKey(&rng)] = value }
        }
        return map
    }

    static func make(_ rng: inout SplitMix64, depth: Int) -> Mapped {
        let map = entries(&rng, count: itemCount(&rng), depth: depth)
        var maybe: [K: V]? = nil
        if rng.next() % 3 != 0 {
            // Empty and flattened, an optional map is refused (it writes nothing, as nil does):
            // one time in four, so that refusals stay rare.
            var count = itemCount(&rng)
            if count == 0, G.format.isFlattened, rng.next() % 4 != 0 { count = 1 }
            maybe = entries(&rng, count: count, depth: depth)
        }
        return Mapped(map: map, maybe: maybe, after: .make(&rng, depth: 0))
    }
}

// MARK: - Composing types at random

/// Random compositions of the shapes above, as metatypes.
enum ShapeTypes {
    static var scalars: [any GenScalarShape.Type] { [Int.self, Bool.self, Double.self, String.self, GenSuit.self] }

    /// The formats of `@Formatted`: every date and data format.
    static var valueFormats: [any GenValueFormat.Type] {
        [
            ISO8601DateFormat.self, ISO8601FractionalDateFormat.self, EpochSecondsDateFormat.self,
            EpochMillisecondsDateFormat.self,
            HTTPDateFormat.self, RFC822DateFormat.self, Base64DataFormat.self, HexDataFormat.self,
        ]
    }

    /// The formats of maps.
    static var mapFormats: [any GenMapFormat.Type] {
        [
            WrappedEntries.self, FlatEntries.self, RenamedEntries.self, KeyAttributeEntries.self,
            FlatKeyAttributeEntries.self,
            ContentEntries.self, WrappedContentEntries.self, NamespacedEntries.self, NamespacedContentEntries.self,
        ]
    }

    /// A scalar: one of `scalars`, or (one time in six) a formatted date or data.
    static func scalar(_ rng: inout SplitMix64) -> any GenScalarShape.Type {
        if rng.next() % 6 == 0 { return formatted(valueFormats.randomElement(using: &rng)!) }
        return scalars.randomElement(using: &rng)!
    }

    /// A random type with at most `depth` levels of nesting.
    static func random(_ rng: inout SplitMix64, depth: Int) -> any GenShape.Type {
        if depth <= 0 || rng.next() % 4 == 0 { return scalar(&rng) }
        switch rng.next() % 21 {
        case 16: return choice(scalar(&rng))
        case 17: return union(random(&rng, depth: depth - 1))
        case 18, 19: return mapped(random(&rng, depth: depth - 1), &rng)
        case 20:
            let format = valueFormats.randomElement(using: &rng)!
            switch rng.next() % 4 {
            case 0: return optionalFormatted(format)
            default: return stamped(format, text: rng.next() % 3 == 0)
            }
        case 0, 1: return optional(random(&rng, depth: depth - 1), &rng, depth: depth)
        case 2, 3: return array(random(&rng, depth: depth - 1))
        case 4: return dictionary(random(&rng, depth: depth - 1))
        case 5, 6: return pair(random(&rng, depth: depth - 1), random(&rng, depth: depth - 1))
        case 7: return tagged(scalar(&rng), random(&rng, depth: depth - 1))
        case 8:
            return rng.next() % 2 == 0
                ? intrinsic(scalar(&rng), scalar(&rng)) : optionalIntrinsic(scalar(&rng), scalar(&rng))
        case 9: return nestedKeyed(random(&rng, depth: depth - 1), random(&rng, depth: depth - 1))
        case 10: return nestedList(random(&rng, depth: depth - 1))
        case 11: return nestedListOfKeyed(random(&rng, depth: depth - 1))
        case 12: return grid(random(&rng, depth: depth - 1))
        case 13: return single(random(&rng, depth: depth - 1))
        case 14: return sub(random(&rng, depth: depth - 1), random(&rng, depth: depth - 1))
        default: return subKeyed(random(&rng, depth: depth - 1), random(&rng, depth: depth - 1))
        }
    }

    /// `Optional<T>`, unless `T` can itself be nil (then another type).
    static func optional(_ type: any GenShape.Type, _ rng: inout SplitMix64, depth: Int) -> any GenShape.Type {
        func make<T: GenShape>(_: T.Type) -> (any GenShape.Type)? { T.canBeNil ? nil : Optional<T>.self }
        return make(type) ?? array(type)
    }

    static func array(_ type: any GenShape.Type) -> any GenShape.Type {
        func make<T: GenShape>(_: T.Type) -> any GenShape.Type { [T].self }
        return make(type)
    }

    static func dictionary(_ type: any GenShape.Type) -> any GenShape.Type {
        func make<T: GenShape>(_: T.Type) -> any GenShape.Type { [String: T].self }
        return make(type)
    }

    static func pair(_ a: any GenShape.Type, _ b: any GenShape.Type) -> any GenShape.Type {
        func make<A: GenShape>(_: A.Type) -> any GenShape.Type {
            func make<B: GenShape>(_: B.Type) -> any GenShape.Type { Pair<A, B>.self }
            return make(b)
        }
        return make(a)
    }

    static func tagged(_ s: any GenScalarShape.Type, _ b: any GenShape.Type) -> any GenShape.Type {
        func make<S: GenScalarShape>(_: S.Type) -> any GenShape.Type {
            func make<B: GenShape>(_: B.Type) -> any GenShape.Type { Tagged<S, B>.self }
            return make(b)
        }
        return make(s)
    }

    static func intrinsic(_ s: any GenScalarShape.Type, _ v: any GenScalarShape.Type) -> any GenShape.Type {
        func make<S: GenScalarShape>(_: S.Type) -> any GenShape.Type {
            func make<V: GenScalarShape>(_: V.Type) -> any GenShape.Type { Intrinsic<S, V>.self }
            return make(v)
        }
        return make(s)
    }

    static func optionalIntrinsic(_ s: any GenScalarShape.Type, _ v: any GenScalarShape.Type) -> any GenShape.Type {
        func make<S: GenScalarShape>(_: S.Type) -> any GenShape.Type {
            func make<V: GenScalarShape>(_: V.Type) -> any GenShape.Type { OptionalIntrinsic<S, V>.self }
            return make(v)
        }
        return make(s)
    }

    static func nestedKeyed(_ a: any GenShape.Type, _ b: any GenShape.Type) -> any GenShape.Type {
        func make<A: GenShape>(_: A.Type) -> any GenShape.Type {
            func make<B: GenShape>(_: B.Type) -> any GenShape.Type { NestedKeyed<A, B>.self }
            return make(b)
        }
        return make(a)
    }

    static func nestedList(_ type: any GenShape.Type) -> any GenShape.Type {
        func make<T: GenShape>(_: T.Type) -> any GenShape.Type { NestedList<T>.self }
        return make(type)
    }

    static func nestedListOfKeyed(_ type: any GenShape.Type) -> any GenShape.Type {
        func make<T: GenShape>(_: T.Type) -> any GenShape.Type { NestedListOfKeyed<T>.self }
        return make(type)
    }

    static func grid(_ type: any GenShape.Type) -> any GenShape.Type {
        func make<T: GenShape>(_: T.Type) -> any GenShape.Type { Grid<T>.self }
        return make(type)
    }

    static func choice(_ s: any GenScalarShape.Type) -> any GenShape.Type {
        func make<S: GenScalarShape>(_: S.Type) -> any GenShape.Type { Choice<S>.self }
        return make(s)
    }

    static func union(_ type: any GenShape.Type) -> any GenShape.Type {
        func make<T: GenShape>(_: T.Type) -> any GenShape.Type { Union<T>.self }
        return make(type)
    }

    static func formatted(_ format: any GenValueFormat.Type) -> any GenScalarShape.Type {
        func make<F: GenValueFormat>(_: F.Type) -> any GenScalarShape.Type { Formatted<F>.self }
        return make(format)
    }

    static func optionalFormatted(_ format: any GenValueFormat.Type) -> any GenShape.Type {
        func make<F: GenValueFormat>(_: F.Type) -> any GenShape.Type { OptionalFormatted<F>.self }
        return make(format)
    }

    /// `Stamped<F>`, or with `text` `StampedText<F>`.
    static func stamped(_ format: any GenValueFormat.Type, text: Bool) -> any GenShape.Type {
        func make<F: GenValueFormat>(_: F.Type) -> any GenShape.Type { text ? StampedText<F>.self : Stamped<F>.self }
        return make(format)
    }

    /// `Mapped<K, V, F, G>` with a random key type (`String` or `Int`) and formats.
    static func mapped(_ value: any GenShape.Type, _ rng: inout SplitMix64) -> any GenShape.Type {
        let key: any GenMapKey.Type = rng.next() % 3 == 0 ? Int.self : String.self
        // A list or a dictionary as an entry's content is refused (ReducedModelRoundTripTests
        // .aListAsAMapEntrysContent, .aDictionaryAsAMapEntrysContent): those values have a value element.
        func canBeEntryContent<V: GenShape>(_: V.Type) -> Bool { V.canBeEntryContent }
        let formats = canBeEntryContent(value) ? mapFormats : mapFormats.filter { $0.format.value != nil }
        let format = formats.randomElement(using: &rng)!
        let optionalFormat = formats.randomElement(using: &rng)!
        func withKey<K: GenMapKey>(_: K.Type) -> any GenShape.Type {
            func withValue<V: GenShape>(_: V.Type) -> any GenShape.Type {
                func withFormat<F: GenMapFormat>(_: F.Type) -> any GenShape.Type {
                    func withOptionalFormat<G: GenMapFormat>(_: G.Type) -> any GenShape.Type { Mapped<K, V, F, G>.self }
                    return withOptionalFormat(optionalFormat)
                }
                return withFormat(format)
            }
            return withValue(value)
        }
        return withKey(key)
    }

    static func single(_ type: any GenShape.Type) -> any GenShape.Type {
        func make<T: GenShape>(_: T.Type) -> any GenShape.Type { Single<T>.self }
        return make(type)
    }

    static func sub(_ a: any GenShape.Type, _ b: any GenShape.Type) -> any GenShape.Type {
        func make<A: GenShape>(_: A.Type) -> any GenShape.Type {
            func make<B: GenShape>(_: B.Type) -> any GenShape.Type { Sub<A, B>.self }
            return make(b)
        }
        return make(a)
    }

    static func subKeyed(_ a: any GenShape.Type, _ b: any GenShape.Type) -> any GenShape.Type {
        func make<A: GenShape>(_: A.Type) -> any GenShape.Type {
            func make<B: GenShape>(_: B.Type) -> any GenShape.Type { SubKeyed<A, B>.self }
            return make(b)
        }
        return make(a)
    }
}
