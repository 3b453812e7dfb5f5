// The keyed container for a choice: `<int>1</int>` decoded into `case int(Int)`. Its one key is
// the case the value names, and that key's value is the value itself, so Swift's synthesized
// enum decoding (one key, then a nested container for the associated values) reads the case from
// the name and the values from the content. The value is a choice element (the case is its name),
// or a run of text among mixed content (the case is the `""` key: `first<b>bold</b>second` read as
// `[.text("first"), .bold("bold"), .text("second")]`).

internal struct XMLChoiceDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: XMLDecoderImpl
    /// The choice: an element, or a run of character data.
    let value: XMLValue
    /// The case it names: the element's name as keys match it, or `""` for character data.
    let caseName: String
    let path: CodingPathNode

    init(decoder: XMLDecoderImpl, value: XMLValue, caseName: String, path: CodingPathNode) {
        self.decoder = decoder
        self.value = value
        self.caseName = caseName
        self.path = path
    }

    var codingPath: [any CodingKey] { path.path }

    var allKeys: [Key] {
        Key(stringValue: caseName).map { [$0] } ?? []
    }

    func contains(_ key: Key) -> Bool { isCase(key) }

    private func isCase(_ key: Key) -> Bool {
        key.stringValue == caseName
    }

    private func value(_ key: Key) throws -> XMLValue {
        try decoder.checkInUse()
        guard isCase(key) else {
            throw DecodingError.keyNotFound(
                key,
                DecodingError.Context(
                    codingPath: path.path,
                    debugDescription:
                        "The choice \(decoder.describe(value)) is not the case \"\(key.stringValue)\", at "
                        + "\(decoder.location(of: value))."
                ))
        }
        return value
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        try decoder.checkInUse()
        return !isCase(key)
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decoder.unwrap(try value(key), as: type, path: path.appending(key, decoder: decoder))
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        let found = try value(key)
        if case .element(let node) = found {
            // The case's associated values, read from the choice element (not another choice).
            return XMLKeyedDecodingContainer<NestedKey>.boxed(
                decoder: decoder, element: node, path: path.appending(key, decoder: decoder))
        }
        return try decoder.with(value: found, path: path.appending(key, decoder: decoder)) {
            try decoder.container(keyedBy: type)
        }
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        let found = try value(key)
        return try decoder.with(value: found, path: path.appending(key, decoder: decoder)) {
            try decoder.unkeyedContainer()
        }
    }

    func superDecoder() throws -> any Decoder {
        try decoder.checkInUse()
        return XMLDecoderImpl(sharing: decoder, value: value, path: path.appending(XMLKey.super))
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        XMLDecoderImpl(sharing: decoder, value: try value(key), path: path.appending(key))
    }
}
