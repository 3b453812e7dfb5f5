// The keyed container: a struct's properties found among an element's children and attributes.
//
// Keys are matched by comparing the UTF-8 bytes of `key.stringValue` with the names in the
// index, so the common case makes no strings. Where a key is looked for (attributes, elements, or
// elements then attributes) comes from the type's `DynamicNodeDecoding` conformance or the
// decoder's `nodeDecodingStrategy`, else from the property wrapper the property uses. A key that
// names several sibling elements is a list when the property is an array; a missing list decodes
// as empty.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

internal struct XMLKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: XMLDecoderImpl
    let element: Int32
    let path: CodingPathNode
    /// The placement the decoded type asks for, per key, if it asks.
    let placement: ((any CodingKey) -> XMLDecoder.NodeDecoding)?
    /// Converted name → matching children and attributes, when a key decoding strategy renames.
    let renamed: [String: [XMLValue]]?
    /// The decoded type's wrapped-list properties, if it declares any.
    let listCoding: (any XMLListCoding.Type)?
    /// The decoded type is a dictionary: its list values are wrapped lists (as the encoder writes them).
    let isDictionary: Bool

    init(decoder: XMLDecoderImpl, element: Int32, path: CodingPathNode) {
        self.decoder = decoder
        self.element = element
        self.path = path
        self.placement = decoder.placement()
        self.renamed = decoder.renamedChildren(of: element, path: path)
        let traits = decoder.traits(of: decoder.currentType)
        self.listCoding = traits.listCoding
        self.isDictionary = traits.isDictionary
    }

    var codingPath: [any CodingKey] { path.path }

    var allKeys: [Key] {
        var seen = Set<String>()
        var keys: [Key] = []
        func add(_ name: String) {
            if seen.insert(name).inserted, let key = Key(stringValue: name) { keys.append(key) }
        }
        if let renamed {
            for name in renamed.keys.sorted() { add(name) }
            return keys
        }
        for child in decoder.index.children(of: element) where decoder.index[child].isElement {
            add(decoder.matchName(decoder.index[child].name))
        }
        for attribute in decoder.index.attributes(of: element) where !attribute.isNamespaceDeclaration {
            add(decoder.matchName(attribute.name))
        }
        return keys
    }

    func contains(_ key: Key) -> Bool {
        find(key, placement: .elementOrAttribute, wantsList: false) != nil
    }

    // MARK: - Finding values

    /// The value for `key`, or `nil` when the element has none.
    func find(_ key: Key, placement wrapperPlacement: XMLDecoder.NodeDecoding, wantsList: Bool) -> XMLValue? {
        if wantsList, isDictionary {
            // A dictionary's list value: the children of the element named by the key.
            guard case .element(let wrapper) = lookUp(key, placement: .element, wantsList: false) ?? .elements([]) else { return .elements([]) }
            return .element(wrapper)
        }
        if wantsList, let itemName = listCoding?.xmlListItemName(for: key) {
            // A wrapped list: the items are the children of the element named by the key.
            guard case .element(let wrapper) = find(key, placement: .element, wantsList: false) ?? .elements([]) else { return .elements([]) }
            return .elements(decoder.children(of: wrapper, named: itemName))
        }
        let found = lookUp(key, placement: wrapperPlacement, wantsList: wantsList)
        if found == nil, key.stringValue == "_0", decoder.index[element].firstChild >= 0 || decoder.index[element].attributeCount == 0 {
            // Swift's synthesized Codable for an enum case with one unnamed associated value asks
            // for `_0` inside the case's element: `<int>1</int>` holds the value itself.
            return .element(element)
        }
        return found
    }

    /// The value for `key` among the element's children and attributes.
    private func lookUp(_ key: Key, placement wrapperPlacement: XMLDecoder.NodeDecoding, wantsList: Bool) -> XMLValue? {
        var name = key.stringValue
        if name.isEmpty { return .text(ofElement: element) }
        if name.utf8.first == UInt8(ascii: "{") { return findQualified(name, placement: placement?(key) ?? wrapperPlacement, wantsList: wantsList) }
        let where_ = placement?(key) ?? wrapperPlacement
        if let renamed {
            guard let candidates = renamed[name] else { return nil }
            let elements = candidates.compactMap { value -> Int32? in if case .element(let node) = value { return node } else { return nil } }
            if where_ != .attribute, !elements.isEmpty {
                return wantsList || elements.count > 1 ? .elements(elements) : .element(elements[0])
            }
            if where_ != .element {
                for value in candidates { if case .attribute = value { return value } }
            }
            return nil
        }
        return name.withUTF8 { keyBytes in
            let key = UnsafeRawBufferPointer(keyBytes)
            if where_ != .attribute {
                var first: Int32 = -1
                var more: [Int32]?
                let index = decoder.index
                var child = index[element].firstChild
                while child >= 0 {
                    let node = index[child]
                    if node.isElement, decoder.nameMatches(node.name, key) {
                        if first < 0 {
                            first = child
                        } else if more == nil {
                            more = [first, child]
                        } else {
                            more?.append(child)
                        }
                    }
                    child = node.nextSibling
                }
                if let more { return .elements(more) }
                if first >= 0 { return wantsList ? .elements([first]) : .element(first) }
            }
            if where_ != .element {
                let base = decoder.index[element].firstAttribute
                for (offset, attribute) in decoder.index.attributes(of: element).enumerated()
                where !attribute.isNamespaceDeclaration && decoder.nameMatches(attribute.name, key) {
                    return .attribute(base + Int32(offset))
                }
            }
            return nil
        }
    }

    /// The value of a missing key: an empty sequence or a `nil` wrapper, else `keyNotFound`.
    @inline(never)
    private func absent<T>(_ type: T.Type, key: Key, traits: TypeTraits) throws -> T {
        if traits.hasAbsentValue, let empty = decoder.absentValue(type) { return empty }
        throw keyNotFound(key)
    }

    /// A key in Clark notation, `{namespace-uri}local`, matches names by namespace URI and local
    /// name, whatever prefix the document uses.
    private func findQualified(_ name: String, placement: XMLDecoder.NodeDecoding, wantsList: Bool) -> XMLValue? {
        guard let close = name.firstIndex(of: "}") else { return nil }
        let uri = String(name[name.index(after: name.startIndex)..<close])
        let local = String(name[name.index(after: close)...])
        func matches(_ candidate: XMLName) -> Bool {
            (decoder.reader.namespaceURI(candidate) ?? "") == uri && decoder.reader.slice(candidate.local, equals: local)
        }
        if placement != .attribute {
            var elements: [Int32] = []
            var child = decoder.index[element].firstChild
            while child >= 0 {
                let node = decoder.index[child]
                if node.isElement, matches(node.name) { elements.append(child) }
                child = node.nextSibling
            }
            if !elements.isEmpty { return wantsList || elements.count > 1 ? .elements(elements) : .element(elements[0]) }
        }
        if placement != .element {
            let base = decoder.index[element].firstAttribute
            for (offset, attribute) in decoder.index.attributes(of: element).enumerated() where !attribute.isNamespaceDeclaration && matches(attribute.name) {
                return .attribute(base + Int32(offset))
            }
        }
        return nil
    }

    func keyNotFound(_ key: Key) -> DecodingError {
        DecodingError.keyNotFound(key, DecodingError.Context(
            codingPath: path.path,
            debugDescription: "No attribute or element found for key \(key) (\"\(key.stringValue)\") in \(decoder.describe(.element(element))) at \(decoder.location(of: .element(element)))."))
    }

    // MARK: - Decoding

    func decodeNil(forKey key: Key) throws -> Bool {
        guard let value = find(key, placement: .elementOrAttribute, wantsList: false) else { return true }
        return decoder.isNil(value)
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let traits = decoder.traits(of: T.self)
        guard let value = find(key, placement: traits.placement, wantsList: traits.isList) else {
            return try absent(T.self, key: key, traits: traits)
        }
        return try decoder.unwrap(value, as: T.self, path: path.appending(key))
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        let traits = decoder.traits(of: T.self)
        guard let value = find(key, placement: traits.placement, wantsList: traits.isList) else { return nil }
        return try decoder.unwrapOptional(value, as: T.self, path: path.appending(key))
    }

    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try decodeIfPresent(String.self, key) }
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try decodeIfPresent(Bool.self, key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try decodeIfPresent(Int.self, key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try decodeIfPresent(Int8.self, key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try decodeIfPresent(Int16.self, key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try decodeIfPresent(Int32.self, key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try decodeIfPresent(Int64.self, key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try decodeIfPresent(UInt.self, key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try decodeIfPresent(UInt8.self, key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try decodeIfPresent(UInt16.self, key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try decodeIfPresent(UInt32.self, key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try decodeIfPresent(UInt64.self, key) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try decodeIfPresent(Double.self, key) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try decodeIfPresent(Float.self, key) }

    /// The scalar overloads all go through the generic rule for optionals (empty element, `xsi:nil`).
    @inline(__always)
    private func decodeIfPresent<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T? {
        guard let value = find(key, placement: .elementOrAttribute, wantsList: false) else { return nil }
        return try decoder.unwrapOptional(value, as: type, path: path.appending(key))
    }

    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        guard let value = find(key, placement: .elementOrAttribute, wantsList: false) else { throw keyNotFound(key) }
        return try decoder.string(value, path: PathRef(parent: path, key: key))
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decode(Bool.self, key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decodeInteger(key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decodeInteger(key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decodeInteger(key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decodeInteger(key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decodeInteger(key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decodeInteger(key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decodeInteger(key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try decodeInteger(key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decodeInteger(key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try decodeInteger(key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decodeFloat(key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try decodeFloat(key) }

    private func decode(_ type: Bool.Type, _ key: Key) throws -> Bool {
        guard let value = find(key, placement: .elementOrAttribute, wantsList: false) else { throw keyNotFound(key) }
        return try decoder.bool(value, path: PathRef(parent: path, key: key))
    }

    private func decodeInteger<T: FixedWidthInteger>(_ key: Key) throws -> T {
        guard let value = find(key, placement: .elementOrAttribute, wantsList: false) else { throw keyNotFound(key) }
        return try decoder.integer(value, as: T.self, path: PathRef(parent: path, key: key))
    }

    private func decodeFloat<T: BinaryFloatingPoint & LosslessStringConvertible>(_ key: Key) throws -> T {
        guard let value = find(key, placement: .elementOrAttribute, wantsList: false) else { throw keyNotFound(key) }
        return try decoder.floatingPoint(value, as: T.self, path: PathRef(parent: path, key: key))
    }

    // MARK: - Nested containers

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        guard let value = find(key, placement: .element, wantsList: false) else { throw keyNotFound(key) }
        return try decoder.with(value: value, path: path.appending(key)) { try decoder.container(keyedBy: type) }
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        var value = find(key, placement: .element, wantsList: true) ?? .elements([])
        // As in XMLCoder: one element named by the key, with child elements, is a wrapped list.
        if case .elements(let nodes) = value, nodes.count == 1, decoder.hasChildElements(nodes[0]) { value = .element(nodes[0]) }
        return try decoder.with(value: value, path: path.appending(key)) { try decoder.unkeyedContainer() }
    }

    func superDecoder() throws -> any Decoder {
        try superDecoder(key: XMLKey.super)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        try superDecoder(key: key)
    }

    /// A decoder for a superclass: the element named by the key if there is exactly one, else
    /// this same element (so that a base class's keys can sit beside the subclass's).
    private func superDecoder(key: any CodingKey) throws -> any Decoder {
        let named = decoder.children(of: element, named: key.stringValue)
        let value: XMLValue = named.count == 1 ? .element(named[0]) : .element(element)
        return XMLDecoderImpl(sharing: decoder, value: value, path: path.appending(key))
    }
}
