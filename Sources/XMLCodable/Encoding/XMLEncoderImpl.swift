// XMLEncoderImpl: the `Encoder` and single-value container that builds the element tree.
//
// A value is always encoded *into* something (`Target`): into an element (its keys become that
// element's attributes and children, a single value its text), or into a list (each item becomes
// a new element named after the list's key, inside the parent: the unwrapped list). Strings are
// checked for characters XML 1.0 cannot carry and names for being XML names as they arrive, so
// errors carry the coding path.

import Foundation

internal final class XMLEncoderImpl: Encoder {
    enum Target {
        /// Write the value's content into this element.
        case element(XMLTreeElement)
        /// The value is a list: each item is a new element named `itemName` inside `parent`.
        case list(parent: XMLTreeElement, itemName: String)
    }

    let options: XMLEncoder.Options
    @exclusivity(unchecked) var codingPathNode: CodingPathNode = .root
    @exclusivity(unchecked) var target: Target = .element(XMLTreeElement(name: "root"))
    /// The type whose `encode(to:)` is running (for `DynamicNodeEncoding` and the node strategy).
    @exclusivity(unchecked) var currentType: any Encodable.Type = Never.self
    /// Whether an `xsi:nil` attribute was written (the root then declares the namespace).
    @exclusivity(unchecked) var usesXSINil = false {
        didSet { if usesXSINil { parent?.usesXSINil = true } }
    }
    /// An error found where the Encoder protocol cannot throw (a nested container's key), thrown
    /// when encoding finishes.
    @exclusivity(unchecked) var deferredError: (any Error)? {
        didSet { if let deferredError, parent?.deferredError == nil { parent?.deferredError = deferredError } }
    }
    /// What the encoder has learnt about types.
    @exclusivity(unchecked) var traitsCache: [ObjectIdentifier: EncoderTypeTraits] = [:]
    @exclusivity(unchecked) var lastTraits: (type: ObjectIdentifier, traits: EncoderTypeTraits)?
    /// The namespace prefixes chosen for Clark-notation keys, declared on the root.
    @exclusivity(unchecked) var namespacePrefixes: [(prefix: String, uri: String)] = []
    /// Names known to be XML names.
    @exclusivity(unchecked) var checkedNames: Set<String> = []
    @exclusivity(unchecked) var lastCheckedName: String?
    /// The encoder a `superEncoder()` was made from, which reports what this one finds.
    weak var parent: XMLEncoderImpl?

    init(options: XMLEncoder.Options) {
        self.options = options
    }

    var codingPath: [any CodingKey] { codingPathNode.path }
    var userInfo: [CodingUserInfoKey: Any] { options.userInfo }

    // MARK: - Encoding values

    func encodeTopLevel<T: Encodable>(_ value: T, into root: XMLTreeElement) throws {
        try encode(value, into: .element(root), path: .root)
        if let deferredError { throw deferredError }
    }

    /// Encodes `value` into `target` at `path`.
    func encode<T: Encodable>(_ value: T, into target: Target, path: CodingPathNode) throws {
        let savedTarget = self.target
        let savedPath = codingPathNode
        let savedType = currentType
        self.target = target
        codingPathNode = path
        currentType = T.self
        defer {
            self.target = savedTarget
            codingPathNode = savedPath
            currentType = savedType
        }
        let traits = traits(of: T.self)
        if traits.isWrapper, let wrapper = value as? any XMLEncodableWrapper {
            try wrapper.encodeWrappedValue(with: self, into: target, path: path)
            return
        }
        guard traits.isSpecial else {
            try value.encode(to: self)
            return
        }
        switch try special(value) {
        case .text(let text): try writeText(text, path: path)
        case .written: break
        case .ordinary: try value.encode(to: self)
        }
    }

    enum Special {
        case text(String)
        case written
        case ordinary
    }

    /// Values with an encoding strategy (dates, data, URLs, decimals): their text, or `.written`
    /// when a custom strategy wrote them; `.ordinary` for everything else.
    private func special<T: Encodable>(_ value: T) throws -> Special {
        if T.self == Date.self, let date = value as? Date {
            switch options.dateEncodingStrategy {
            case .deferredToDate: return .ordinary
            case .secondsSince1970: return .text(try number(date.timeIntervalSince1970))
            case .millisecondsSince1970: return .text(try number(date.timeIntervalSince1970 * 1000))
            case .iso8601: return .text(ISO8601Parsing.string(from: date))
            case .formatted(let formatter): return .text(formatter.string(from: date))
            case .custom(let closure):
                try closure(date, self)
                return .written
            }
        }
        if T.self == Data.self, let data = value as? Data {
            switch options.dataEncodingStrategy {
            case .deferredToData: return .ordinary
            case .base64: return .text(data.base64EncodedString())
            case .custom(let closure):
                try closure(data, self)
                return .written
            }
        }
        if T.self == URL.self, let url = value as? URL { return .text(url.absoluteString) }
        if T.self == Decimal.self, let decimal = value as? Decimal { return .text(decimal.description) }
        return .ordinary
    }

    /// Text for a floating-point value, under the non-conforming float strategy.
    func number<F: BinaryFloatingPoint & LosslessStringConvertible>(_ value: F, path: PathRef? = nil) throws -> String {
        if value.isFinite { return value.description }
        guard case .convertToString(let positiveInfinity, let negativeInfinity, let nan) = options.nonConformingFloatEncodingStrategy else {
            throw EncodingError.invalidValue(value, EncodingError.Context(
                codingPath: path?.path ?? codingPath, debugDescription: "Unable to encode \(F.self).\(value) directly in XML; use the convertToString non-conforming float strategy."))
        }
        return value.isNaN ? nan : value > 0 ? positiveInfinity : negativeInfinity
    }

    /// Writes character data into the current target.
    func writeText(_ text: String, path: CodingPathNode) throws {
        let checked = try checkedText(text, path: path)
        let node: XMLTreeNode = options.stringEncodingStrategy == .cdata && !checked.isEmpty ? .cdata(checked) : .text(checked)
        switch target {
        case .element(let element):
            if !checked.isEmpty { element.children.append(node) }
        case .list(let parent, let itemName):
            let item = parent.addElement(itemName)
            if !checked.isEmpty { item.children.append(node) }
        }
    }

    /// Marks the current target as nil.
    /// Writes `nil` where it cannot be left out (a list item, the root, an explicit `encodeNil`):
    /// an element marked `xsi:nil="true"`, so it reads back as `nil`; or, with the
    /// `.emptyElement` strategy, an empty element.
    func writeNil() {
        switch target {
        case .element(let element):
            if options.nilEncodingStrategy != .emptyElement { markNil(element) }
        case .list(let parent, let itemName):
            markNil(parent.addElement(itemName))
        }
    }

    func markNil(_ element: XMLTreeElement) {
        element.setAttribute("xsi:nil", "true")
        usesXSINil = true
    }

    // MARK: - Checks

    /// The string, if XML 1.0 can carry every character of it.
    func checkedText(_ text: String, path: CodingPathNode) throws -> String {
        if let bad = XMLTreeValidation.invalidCharacter(in: text) {
            throw EncodingError.invalidValue(text, EncodingError.Context(
                codingPath: path.path,
                debugDescription: "The string contains U+\(String(bad.value, radix: 16, uppercase: true)), which XML 1.0 cannot represent."))
        }
        return text
    }

    /// The name, if it is an XML name.
    func checkedName(_ name: String, path: CodingPathNode) throws -> String {
        guard XMLTreeValidation.isValidName(name) else {
            throw EncodingError.invalidValue(name, EncodingError.Context(
                codingPath: path.path, debugDescription: "\"\(name)\" is not a valid XML name, so it cannot be an element or attribute name."))
        }
        return name
    }

    /// The name a key is written under, after the key encoding strategy. Names already checked
    /// are remembered (keys repeat for every element of a list).
    func name(for key: any CodingKey, parent: CodingPathNode) throws -> String {
        let name: String
        if case .useDefaultKeys = options.keyEncodingStrategy {
            name = key.stringValue
        } else {
            name = KeyConversion.encode(key, strategy: options.keyEncodingStrategy, path: parent)
        }
        if name.utf8.first == UInt8(ascii: "{") { return try qualifiedName(clark: name, key: key, parent: parent) }
        if let last = lastCheckedName, last == name { return name }
        if checkedNames.contains(name) {
            lastCheckedName = name
            return name
        }
        guard XMLTreeValidation.isValidName(name) else { return try checkedName(name, path: parent.appending(key)) }
        checkedNames.insert(name)
        lastCheckedName = name
        return name
    }

    /// A key in Clark notation, `{namespace-uri}local`, written with a prefix declared once, on
    /// the root element (`ns1`, `ns2`, …; `xml` for the XML namespace; no prefix for an empty URI).
    func qualifiedName(clark: String, key: any CodingKey, parent: CodingPathNode) throws -> String {
        guard let close = clark.firstIndex(of: "}") else { return try checkedName(clark, path: parent.appending(key)) }
        let uri = String(clark[clark.index(after: clark.startIndex)..<close])
        let local = String(clark[clark.index(after: close)...])
        guard !local.contains(":") else { return try checkedName(clark, path: parent.appending(key)) }
        _ = try checkedName(local, path: parent.appending(key))
        if uri.isEmpty { return local }
        if uri == "http://www.w3.org/XML/1998/namespace" { return "xml:" + local }
        return try namespacePrefix(for: try checkedText(uri, path: parent.appending(key))) + ":" + local
    }

    /// The prefix for a namespace URI, declared on the root when it is first used.
    func namespacePrefix(for uri: String) -> String {
        if let parent { return parent.namespacePrefix(for: uri) }
        if let known = namespacePrefixes.first(where: { $0.uri == uri }) { return known.prefix }
        let prefix = "ns\(namespacePrefixes.count + 1)"
        namespacePrefixes.append((prefix, uri))
        return prefix
    }

    /// The name of a type, for a root element or list items nobody named: the type's name
    /// without generic arguments (`Array<Book>` → `Array`), after the key strategy.
    static func defaultName(for type: Any.Type, options: XMLEncoder.Options) -> String {
        var name = String(describing: type)
        if let angle = name.firstIndex(of: "<") { name = String(name[..<angle]) }
        if let dot = name.lastIndex(of: ".") { name = String(name[name.index(after: dot)...]) }
        return KeyConversion.encode(XMLKey(stringValue: name), strategy: options.keyEncodingStrategy, path: .root)
    }

    // MARK: - Encoder

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(XMLKeyedEncodingContainer<Key>(encoder: self, element: elementForContainer(), path: codingPathNode))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        switch target {
        case .element(let element):
            return XMLUnkeyedEncodingContainer(encoder: self, parent: element, itemName: nil, path: codingPathNode)
        case .list(let parent, let itemName):
            return XMLUnkeyedEncodingContainer(encoder: self, parent: parent, itemName: itemName, path: codingPathNode)
        }
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    /// The element a keyed container writes into: the target, or a new item of a list.
    private func elementForContainer() -> XMLTreeElement {
        switch target {
        case .element(let element):
            return element
        case .list(let parent, let itemName):
            let item = parent.addElement(itemName)
            target = .element(item)
            return item
        }
    }
}

extension XMLEncoderImpl: SingleValueEncodingContainer {
    func encodeNil() throws { writeNil() }
    func encode(_ value: Bool) throws { try writeText(value ? "true" : "false", path: codingPathNode) }
    func encode(_ value: String) throws { try writeText(value, path: codingPathNode) }
    func encode(_ value: Double) throws { try writeText(try number(value), path: codingPathNode) }
    func encode(_ value: Float) throws { try writeText(try number(value), path: codingPathNode) }
    func encode(_ value: Int) throws { try writeText(value.description, path: codingPathNode) }
    func encode(_ value: Int8) throws { try writeText(value.description, path: codingPathNode) }
    func encode(_ value: Int16) throws { try writeText(value.description, path: codingPathNode) }
    func encode(_ value: Int32) throws { try writeText(value.description, path: codingPathNode) }
    func encode(_ value: Int64) throws { try writeText(value.description, path: codingPathNode) }
    func encode(_ value: UInt) throws { try writeText(value.description, path: codingPathNode) }
    func encode(_ value: UInt8) throws { try writeText(value.description, path: codingPathNode) }
    func encode(_ value: UInt16) throws { try writeText(value.description, path: codingPathNode) }
    func encode(_ value: UInt32) throws { try writeText(value.description, path: codingPathNode) }
    func encode(_ value: UInt64) throws { try writeText(value.description, path: codingPathNode) }
    func encode<T: Encodable>(_ value: T) throws { try encode(value, into: target, path: codingPathNode) }
}

extension KeyConversion {
    /// A key's name under a key encoding strategy.
    static func encode(_ key: any CodingKey, strategy: XMLEncoder.KeyEncodingStrategy, path: CodingPathNode) -> String {
        let name = key.stringValue
        switch strategy {
        case .useDefaultKeys: return name
        case .convertToSnakeCase: return separated(name, by: "_")
        case .convertToKebabCase: return separated(name, by: "-")
        case .capitalized: return name.prefix(1).uppercased() + name.dropFirst()
        case .uppercased: return name.uppercased()
        case .lowercased: return name.lowercased()
        case .custom(let closure): return closure(path.path(appending: key)).stringValue
        }
    }

    /// `myURLProperty` → `my_url_property`: a separator before each word, words lower-cased.
    static func separated(_ name: String, by separator: Character) -> String {
        guard !name.isEmpty else { return name }
        let characters = Array(name)
        var result = ""
        for (index, character) in characters.enumerated() {
            if index > 0, character.isUppercase {
                let previous = characters[index - 1]
                let next = index + 1 < characters.count ? characters[index + 1] : nil
                if previous.isLowercase || previous.isNumber || (previous.isUppercase && (next?.isLowercase ?? false)) {
                    result.append(separator)
                }
            }
            result += character.lowercased()
        }
        return result
    }
}
