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

import Foundation
import XMLCodable

/// A type the generated round trips can compose and fill.
protocol GenShape: Codable, Equatable {
    /// A random value, with `depth` levels of nesting left to use.
    static func make(_ rng: inout SplitMix64, depth: Int) -> Self
    /// Whether a value of the type can itself encode as `nil` (so that `Optional<Self>` would have
    /// two nils, which neither XML nor JSON can tell apart): never composed inside `Optional`.
    static var canBeNil: Bool { get }
}

extension GenShape {
    static var canBeNil: Bool { false }
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
}

extension Array: GenShape where Element: GenShape {
    static func make(_ rng: inout SplitMix64, depth: Int) -> [Element] {
        (0..<itemCount(&rng)).map { _ in Element.make(&rng, depth: depth - 1) }
    }
}

extension Dictionary: GenShape where Key == String, Value: GenShape {
    static func make(_ rng: inout SplitMix64, depth: Int) -> [String: Value] {
        var map: [String: Value] = [:]
        for _ in 0..<itemCount(&rng) { map["k\(rng.next() % 4)"] = Value.make(&rng, depth: depth - 1) }
        return map
    }
}

// MARK: - Keyed

struct Pair<A: GenShape, B: GenShape>: GenShape {
    var a: A
    var b: B
    static func make(_ rng: inout SplitMix64, depth: Int) -> Pair { Pair(a: .make(&rng, depth: depth - 1), b: .make(&rng, depth: depth - 1)) }
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
        OptionalIntrinsic(unit: Attribute(.make(&rng, depth: 0)), value: rng.next() % 3 == 0 ? nil : .make(&rng, depth: 0))
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

    static func make(_ rng: inout SplitMix64, depth: Int) -> NestedKeyed { NestedKeyed(a: .make(&rng, depth: depth - 1), b: .make(&rng, depth: depth - 1)) }
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

    static func make(_ rng: inout SplitMix64, depth: Int) -> NestedListOfKeyed { NestedListOfKeyed(items: .make(&rng, depth: depth)) }
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
    static func make(_ rng: inout SplitMix64, depth: Int) -> Sub { Sub(a: .make(&rng, depth: depth - 1), b: .make(&rng, depth: depth - 1)) }
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
    static func make(_ rng: inout SplitMix64, depth: Int) -> SubKeyed { SubKeyed(a: .make(&rng, depth: depth - 1), b: .make(&rng, depth: depth - 1)) }
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

// MARK: - Composing types at random

/// Random compositions of the shapes above, as metatypes.
enum ShapeTypes {
    static var scalars: [any GenScalarShape.Type] { [Int.self, Bool.self, Double.self, String.self, GenSuit.self] }

    static func scalar(_ rng: inout SplitMix64) -> any GenScalarShape.Type { scalars.randomElement(using: &rng)! }

    /// A random type with at most `depth` levels of nesting.
    static func random(_ rng: inout SplitMix64, depth: Int) -> any GenShape.Type {
        if depth <= 0 || rng.next() % 4 == 0 { return scalar(&rng) }
        switch rng.next() % 17 {
        case 16: return choice(scalar(&rng))
        case 0, 1: return optional(random(&rng, depth: depth - 1), &rng, depth: depth)
        case 2, 3: return array(random(&rng, depth: depth - 1))
        case 4: return dictionary(random(&rng, depth: depth - 1))
        case 5, 6: return pair(random(&rng, depth: depth - 1), random(&rng, depth: depth - 1))
        case 7: return tagged(scalar(&rng), random(&rng, depth: depth - 1))
        case 8: return rng.next() % 2 == 0 ? intrinsic(scalar(&rng), scalar(&rng)) : optionalIntrinsic(scalar(&rng), scalar(&rng))
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
