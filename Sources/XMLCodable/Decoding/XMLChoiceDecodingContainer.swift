// The keyed container for a choice element: `<int>1</int>` decoded into `case int(Int)`. Its one
// key is the element's own name, and that key's value is the element itself, so Swift's
// synthesized enum decoding (one key, then a nested container for the associated values) reads
// the case from the name and the values from the content.

internal struct XMLChoiceDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: XMLDecoderImpl
    let element: Int32
    let path: CodingPathNode

    var codingPath: [any CodingKey] { path.path }

    var allKeys: [Key] {
        Key(stringValue: decoder.matchName(decoder.index[element].name)).map { [$0] } ?? []
    }

    func contains(_ key: Key) -> Bool { isCase(key) }

    private func isCase(_ key: Key) -> Bool {
        key.stringValue == decoder.matchName(decoder.index[element].name)
    }

    private func value(_ key: Key) throws -> XMLValue {
        guard isCase(key) else {
            throw DecodingError.keyNotFound(
                key,
                DecodingError.Context(
                    codingPath: path.path,
                    debugDescription:
                        "The choice element \(decoder.describe(.element(element))) is not the case \"\(key.stringValue)\", at \(decoder.location(of: .element(element)))."
                ))
        }
        return .element(element)
    }

    func decodeNil(forKey key: Key) throws -> Bool { !isCase(key) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decoder.unwrap(try value(key), as: type, path: path.appending(key))
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        let found = try value(key)
        return KeyedDecodingContainer(
            XMLKeyedDecodingContainer<NestedKey>(
                decoder: decoder, element: { if case .element(let node) = found { return node } else { return element } }(),
                path: path.appending(key)))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        let found = try value(key)
        return try decoder.with(value: found, path: path.appending(key)) { try decoder.unkeyedContainer() }
    }

    func superDecoder() throws -> any Decoder {
        XMLDecoderImpl(sharing: decoder, value: .element(element), path: path.appending(XMLKey.super))
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        XMLDecoderImpl(sharing: decoder, value: try value(key), path: path.appending(key))
    }
}
