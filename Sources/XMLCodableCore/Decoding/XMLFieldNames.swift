// XMLFieldNames: a type's field names for the field stream (XMLFieldStream.swift), declared once
// per type by the code `@XMLFieldDecodable` generates, and matched against each attribute's and
// child element's name as the stream meets them: by length first, then byte by byte, so that a
// name matches in a few comparisons, like the `match` on field names serde's derive generates.
//
//     XMLFieldNames(for: Node.self, [
//         Field("id", placement: .attribute),   // 0: @Attribute var id: Int
//         Field("tag", isList: true),           // 1: var tags: [Tag] (CodingKeys: tags = "tag")
//     ])
//     attributesByLength[2] == [0], elementsByLength[3] == [1]
//     <node id="7"><tag …/><tag …/></node>   →   next(in:) gives 0, then 1, then 1
//
// A field that holds one value has its bit in `single`, so that the stream can tell a second
// child element for it; a list's bit in `lists`, so that an attribute of its name is refused.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The names of a type's fields, in the order of the numbers ``XMLFieldStream/next(in:)``
/// returns, and where each is read from.
///
/// What the code the `@XMLFieldDecodable` macro generates declares once per type
/// (`static let xmlFieldNames`); you rarely make one yourself.
public final class XMLFieldNames: Sendable {
    /// A field: its name as written in the XML, whether it is a list (repeated child elements),
    /// and where its value is read from.
    public struct Field: Sendable {
        let name: StaticString
        let isList: Bool
        let placement: XMLDecoder.NodeDecoding

        /// A field named `name`: a list when `isList` (its child elements, in order), else one
        /// value; read from a child element or else an attribute, or only from one of them (as
        /// ``Attribute`` and ``Element`` place a property).
        public init(
            _ name: StaticString, isList: Bool = false, placement: XMLDecoder.NodeDecoding = .elementOrAttribute
        ) {
            self.name = name
            self.isList = isList
            self.placement = placement
        }
    }

    /// The names (a string literal's bytes live as long as the program).
    let names: [StaticString]
    /// For each name length up to `maxLength`, the numbers of the fields of that length read from
    /// attributes, and those read from child elements.
    let attributesByLength: [[Int]]
    let elementsByLength: [[Int]]
    /// Where each field is read from (for names longer than `maxLength`).
    let placements: [XMLDecoder.NodeDecoding]
    /// Bit `n`: field `n` holds one value, so that a second child element for it is an error.
    let single: UInt64
    /// Bit `n`: field `n` is a list, which an attribute cannot hold.
    let lists: UInt64
    /// Whether the type's values are decoded through Codable whatever its generated reader: a
    /// type that places its keys itself (`DynamicNodeDecoding`) or has wrapped lists or maps.
    @usableFromInline let decodesThroughCodable: Bool
    /// The longest name matched through the tables by length; longer ones are compared one by one.
    static let maxLength = 64
    /// The most fields a table with `single` and `lists` holds.
    public static let maxFields = 64

    /// The fields of `type`, numbered from 0 in the order given (at most ``maxFields``).
    public init(for type: Any.Type, _ fields: [Field]) {
        precondition(fields.count <= Self.maxFields, "XMLFieldNames: more than \(Self.maxFields) fields")
        var single: UInt64 = 0
        var lists: UInt64 = 0
        for (number, field) in fields.enumerated() {
            if field.isList { lists |= 1 << UInt64(number) } else { single |= 1 << UInt64(number) }
        }
        self.single = single
        self.lists = lists
        decodesThroughCodable =
            type is any DynamicNodeDecoding.Type || type is any XMLListCoding.Type || type is any XMLMapCoding.Type
        names = fields.map(\.name)
        placements = fields.map(\.placement)
        (attributesByLength, elementsByLength) = Self.tables(names, placements)
    }

    /// The names, numbered from 0 in the order given, each read from a child element or an
    /// attribute and each allowed to repeat (for a reader written by hand).
    public init(_ names: StaticString...) {
        self.names = names
        placements = Array(repeating: .elementOrAttribute, count: names.count)
        single = 0
        lists = 0
        decodesThroughCodable = false
        (attributesByLength, elementsByLength) = Self.tables(names, placements)
    }

    private static func tables(_ names: [StaticString], _ placements: [XMLDecoder.NodeDecoding]) -> ([[Int]], [[Int]]) {
        var attributes = Array(repeating: [Int](), count: Self.maxLength + 1)
        var elements = attributes
        for (number, name) in names.enumerated() where name.utf8CodeUnitCount <= Self.maxLength {
            if placements[number] != .element { attributes[name.utf8CodeUnitCount].append(number) }
            if placements[number] != .attribute { elements[name.utf8CodeUnitCount].append(number) }
        }
        return (attributes, elements)
    }

    /// The number of the field read from an attribute (`attribute`) or from a child element whose
    /// name equals `bytes`, or `nil`.
    @inline(__always)
    func number(of bytes: UncheckedBytes, attribute: Bool) -> Int? {
        let count = bytes.count
        guard count <= Self.maxLength else { return longNumber(of: bytes, attribute: attribute) }
        for number in (attribute ? attributesByLength : elementsByLength)[count]
        where bytes.elementsEqual(UncheckedBytes(names[number])) {
            return number
        }
        return nil
    }

    @inline(never)
    private func longNumber(of bytes: UncheckedBytes, attribute: Bool) -> Int? {
        names.indices.first { number in
            placements[number] != (attribute ? .element : .attribute)
                && bytes.elementsEqual(UncheckedBytes(names[number]))
        }
    }
}
