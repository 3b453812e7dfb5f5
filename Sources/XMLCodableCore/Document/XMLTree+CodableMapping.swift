// The JSON mapping of `xmlc to-json`, for subtrees encoded and decoded by other coders than the
// XML ones (JSONEncoder, JSONDecoder, PropertyListEncoder…).
//
// The mapping (README.md, `xmlc to-json --help`; the tool's own implementation streams it in
// Sources/xmlc): an element is `{"name": VALUE}`, and VALUE is
//
//   <a>text</a>, <a/>        "text", ""                      no attributes, no child elements
//   attributes               "@name": "value"                (xmlns ones too)
//   <a x="1">text</a>        {"@x": "1", "#text": "text"}    "#text" left out when there is none
//   child elements           "name": VALUE                   for a name that occurs once
//   repeated elements        "name": [VALUE, VALUE, …]
//   mixed content, or        "#content": ["text", {"b": VALUE}, …]
//   several names                                            everything in document order
//
// Written here: "#content" whenever the child elements have more than one name (to-json writes
// members then unless the names interleave), because a keyed container need not keep the order
// of its keys — Foundation's JSONDecoder does not — and the order of elements is content. So an
// element encoded with JSONEncoder and decoded with JSONDecoder keeps its elements and text in
// order. Read here: everything from-json reads. Members in another form come in the order the
// decoder lists them (`allKeys`).
//
// Not carried, as the mapping documents: comments and processing instructions (left out),
// CDATA sections (text), white space that only lays out element content (between child
// elements, outside `xml:space="preserve"`), the order of attributes (keys), and namespace URIs
// beyond the `xmlns` attributes that declare them. JSON numbers and booleans read as attribute
// values or text become their text (`1`, `2.5`, `true`), and `null` an empty element.

struct XMLTreeMapping {
    /// A member name of the mapping.
    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    // MARK: Encoding

    /// `{"name": VALUE}`.
    static func encode(_ element: XMLTree.Element, to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(Value(element: element, preserve: false), forKey: Key(element.name.qualifiedName))
    }

    /// A node as a "#content" item.
    static func encode(_ node: XMLTree.Node, to encoder: any Encoder) throws {
        switch node {
        case .element(let element):
            try encode(element, to: encoder)
        case .text(let text), .cdata(let text):
            var container = encoder.singleValueContainer()
            try container.encode(text)
        case .comment, .processingInstruction:
            throw EncodingError.invalidValue(
                node,
                EncodingError.Context(
                    codingPath: encoder.codingPath,
                    debugDescription:
                        "The JSON mapping of XML has no form for comments and processing instructions; an "
                        + "XMLTree.Node holding one cannot be encoded."
                ))
        }
    }

    /// An element's VALUE in the mapping (its name is the member's).
    struct Value: Encodable {
        var element: XMLTree.Element
        /// Whether `xml:space="preserve"` is in force around the element.
        var preserve: Bool

        func encode(to encoder: any Encoder) throws {
            var preserve = self.preserve
            if let space = element.attributes["xml:space"] { preserve = space == "preserve" }
            // Runs of character data (text and CDATA side by side are one run) and elements.
            var items: [Item] = []
            var names: [String] = []
            var mixed = false
            var run = ""
            var runIsKept = false
            func endRun() {
                guard !run.isEmpty || runIsKept else { return }
                if runIsKept { mixed = true }
                items.append(.text(run, kept: runIsKept))
                run = ""
                runIsKept = false
            }
            for child in element.children {
                switch child {
                case .element(let inner):
                    endRun()
                    items.append(.element(inner))
                    if !names.contains(inner.name.qualifiedName) { names.append(inner.name.qualifiedName) }
                case .text(let text):
                    run += text
                    if preserve || !text.utf8.allSatisfy(ScalarParsing.isSpace) { runIsKept = true }
                case .cdata(let text):
                    run += text
                    runIsKept = true
                case .comment, .processingInstruction:
                    continue
                }
            }
            endRun()
            let attributes = Array(element.attributes)
            if attributes.isEmpty, names.isEmpty {
                var container = encoder.singleValueContainer()
                try container.encode(element.text)
                return
            }
            var container = encoder.container(keyedBy: Key.self)
            for attribute in attributes {
                try container.encode(attribute.value, forKey: Key("@" + attribute.name.qualifiedName))
            }
            if names.isEmpty {
                let text = items.reduce(into: "") { if case .text(let run, _) = $1 { $0 += run } }
                if !text.isEmpty { try container.encode(text, forKey: Key("#text")) }
            } else if mixed || names.count > 1 {
                // In document order; white space between elements is layout unless text is mixed in.
                let content = items.filter { if case .text(_, let kept) = $0 { mixed || kept } else { true } }
                try container.encode(content.map { ContentItem(item: $0, preserve: preserve) }, forKey: Key("#content"))
            } else {
                let values = items.compactMap { item -> Value? in
                    if case .element(let inner) = item { return Value(element: inner, preserve: preserve) }
                    return nil
                }
                if values.count == 1 {
                    try container.encode(values[0], forKey: Key(names[0]))
                } else {
                    try container.encode(values, forKey: Key(names[0]))
                }
            }
        }
    }

    enum Item {
        case text(String, kept: Bool)
        case element(XMLTree.Element)
    }

    /// A "#content" item: a string, or `{"name": VALUE}`.
    struct ContentItem: Encodable {
        var item: Item
        var preserve: Bool

        func encode(to encoder: any Encoder) throws {
            switch item {
            case .text(let text, _):
                var container = encoder.singleValueContainer()
                try container.encode(text)
            case .element(let element):
                var container = encoder.container(keyedBy: Key.self)
                try container.encode(
                    Value(element: element, preserve: preserve), forKey: Key(element.name.qualifiedName))
            }
        }
    }

    // MARK: Decoding

    /// `{"name": VALUE}`.
    static func decodeElement(from decoder: any Decoder) throws -> XMLTree.Element {
        let container = try object(
            in: decoder,
            else: "Expected an element in the JSON mapping of XML, an object with one member: {\"name\": …}")
        let keys = container.allKeys
        guard keys.count == 1, let key = keys.first else {
            throw corrupted(
                decoder.codingPath,
                "Expected an element in the JSON mapping of XML, an object with one member ({\"name\": …}), "
                    + "but found \(keys.count) members"
            )
        }
        let elements = try decodeElements(named: key, in: container)
        guard elements.count == 1, let element = elements.first else {
            throw corrupted(
                decoder.codingPath + [key],
                "Expected one element <\(key.stringValue)> but found an array of \(elements.count)")
        }
        return element
    }

    /// A "#content" item.
    static func decodeNode(from decoder: any Decoder) throws -> XMLTree.Node {
        if let text = try scalarText(decoder) { return .text(text) }
        return .element(try decodeElement(from: decoder))
    }

    /// The elements a member stands for: one, or an array of them.
    private static func decodeElements(named key: Key, in container: KeyedDecodingContainer<Key>) throws -> [XMLTree
        .Element]
    {
        let name = key.stringValue
        guard !name.isEmpty, !name.hasPrefix("@"), !name.hasPrefix("#") else {
            throw corrupted(
                container.codingPath + [key], "\"\(name)\" cannot be an element name in the JSON mapping of XML")
        }
        let items: any UnkeyedDecodingContainer
        do {
            items = try container.nestedUnkeyedContainer(forKey: key)
        } catch DecodingError.typeMismatch, DecodingError.valueNotFound {
            // Not an array: one element (`null` is an empty one).
            return [try decodeValue(named: name, from: try container.superDecoder(forKey: key))]
        }
        var list = items
        var elements: [XMLTree.Element] = []
        while !list.isAtEnd {
            let decoder = try list.superDecoder()
            if (try? decoder.unkeyedContainer()) != nil {
                throw corrupted(
                    decoder.codingPath,
                    "Nested arrays cannot be mapped to XML: an array holds the repeated elements <\(name)>")
            }
            elements.append(try decodeValue(named: name, from: decoder))
        }
        return elements
    }

    /// An element from its VALUE.
    private static func decodeValue(named name: String, from decoder: any Decoder) throws -> XMLTree.Element {
        var element = XMLTree.Element(XMLTree.Name(name))
        if let text = try scalarText(decoder) {
            if !text.isEmpty { element.children = [.text(text)] }
            return element
        }
        let container = try object(
            in: decoder,
            else: "An array is not the value of <\(name)> in the JSON mapping of XML: arrays hold the repeated "
                + "elements of a member")
        for key in container.allKeys {
            let member = key.stringValue
            if member.hasPrefix("@") {
                guard let value = try scalarText(try container.superDecoder(forKey: key)) else {
                    throw corrupted(
                        container.codingPath + [key],
                        "The attribute \"\(member.dropFirst())\" needs a string, number or boolean value")
                }
                element.attributes.append(XMLTree.Attribute(XMLTree.Name(String(member.dropFirst())), value: value))
            } else if member == "#text" {
                guard let text = try scalarText(try container.superDecoder(forKey: key)) else {
                    throw corrupted(container.codingPath + [key], "\"#text\" needs a string, number or boolean value")
                }
                if !text.isEmpty { element.children.append(.text(text)) }
            } else if member == "#content" {
                var items: any UnkeyedDecodingContainer
                do {
                    items = try container.nestedUnkeyedContainer(forKey: key)
                } catch DecodingError.typeMismatch {
                    throw corrupted(
                        container.codingPath + [key], "\"#content\" needs an array of strings and one-member objects")
                }
                while !items.isAtEnd {
                    let item = try items.superDecoder()
                    if let text = try scalarText(item) {
                        if !text.isEmpty { element.children.append(.text(text)) }
                        continue
                    }
                    let notAnElement = "A \"#content\" item must be a string or an object with one member (an element)"
                    let inner = try object(in: item, else: notAnElement)
                    guard inner.allKeys.count == 1, let only = inner.allKeys.first else {
                        throw corrupted(item.codingPath, notAnElement)
                    }
                    element.children += try decodeElements(named: only, in: inner).map { .element($0) }
                }
            } else if member.hasPrefix("#") {
                throw corrupted(
                    container.codingPath + [key],
                    "Unknown member \"\(member)\" (the mapping knows \"#text\" and \"#content\")")
            } else {
                element.children += try decodeElements(named: key, in: container).map { .element($0) }
            }
        }
        return element
    }

    /// The text of a string, number or boolean value (`nil` is the empty string); `nil` for an
    /// object or an array.
    private static func scalarText(_ decoder: any Decoder) throws -> String? {
        guard let container = try? decoder.singleValueContainer() else { return nil }
        if container.decodeNil() { return "" }
        if let text = try? container.decode(String.self) { return text }
        if let flag = try? container.decode(Bool.self) { return flag ? "true" : "false" }
        if let number = try? container.decode(Int64.self) { return String(number) }
        if let number = try? container.decode(UInt64.self) { return String(number) }
        if let number = try? container.decode(Double.self), number.isFinite { return String(number) }
        return nil
    }

    /// The object `decoder` holds, as a keyed container; when it holds something else (an array),
    /// the data-corrupted error `message` says.
    private static func object(in decoder: any Decoder, else message: @autoclosure () -> String) throws
        -> KeyedDecodingContainer<Key>
    {
        do {
            return try decoder.container(keyedBy: Key.self)
        } catch DecodingError.typeMismatch {
            throw corrupted(decoder.codingPath, message())
        }
    }

    /// A data-corrupted error at `path`: `message`, with a full stop.
    private static func corrupted(_ path: [any CodingKey], _ message: String) -> DecodingError {
        DecodingError.dataCorrupted(DecodingError.Context(codingPath: path, debugDescription: message + "."))
    }
}
