// XMLEncoderImpl: the `Encoder` and single-value container that builds the element tree
// (`XMLEncodedTree`, a flat arena shared with any `superEncoder()` made from it).
//
// A value is always encoded *into* something (`Target`): into an element (its keys become that
// element's attributes and children, a single value its text), or into a list (each item becomes
// a new element named after the list's key, inside the parent: the unwrapped list). Strings are
// checked for characters XML 1.0 cannot carry and names for being XML names as they arrive, so
// errors carry the coding path. A key's name is worked out (key strategy, check, interning) once
// per coding-key type and encode call: `KeyNames` remembers it, in the order keys are met.

import Foundation

internal final class XMLEncoderImpl: Encoder {
    typealias Index = XMLEncodedTree.Index
    typealias NameID = XMLEncodedTree.NameID
    typealias Span = XMLEncodedTree.Span

    enum Target {
        /// Write the value's content into this element.
        case element(Index)
        /// The value is a list: each item is a new element named `itemName` inside `parent`.
        case list(parent: Index, itemName: NameID)
    }

    let options: XMLEncoder.Options
    /// The document being built.
    let tree: XMLEncodedTree
    @exclusivity(unchecked) var codingPathNode: CodingPathNode = .root
    @exclusivity(unchecked) var target: Target
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
    /// What the encoder has learnt about types (the first few in a list, the rest by table).
    @exclusivity(unchecked) var traitsList: [(type: ObjectIdentifier, traits: EncoderTypeTraits)] = []
    @exclusivity(unchecked) var traitsCache: [ObjectIdentifier: EncoderTypeTraits] = [:]
    @exclusivity(unchecked) var lastTraits: (type: ObjectIdentifier, traits: EncoderTypeTraits)?
    /// The names of each coding-key type's keys (the first few types in a list, the rest by table).
    @exclusivity(unchecked) var keyNamesList: [(type: ObjectIdentifier, names: KeyNames)] = []
    @exclusivity(unchecked) var keyNamesTable: [ObjectIdentifier: KeyNames] = [:]
    /// The names of list items named after their type.
    @exclusivity(unchecked) var typeNames: [ObjectIdentifier: NameID] = [:]
    /// The namespace prefixes chosen for Clark-notation keys, declared on the root.
    @exclusivity(unchecked) var namespacePrefixes: [(prefix: String, uri: String)] = []
    /// The encoder a `superEncoder()` was made from, which reports what this one finds.
    weak var parent: XMLEncoderImpl?

    /// An encoder building a new tree; `target` is a scratch element until set.
    init(options: XMLEncoder.Options, capacity: XMLEncodedTree.Capacity = XMLEncodedTree.Capacity()) {
        self.options = options
        tree = XMLEncodedTree(capacity: capacity)
        target = .element(tree.makeElement(tree.intern("root")))
    }

    /// An encoder for a `superEncoder()`: the same tree, writing into `element`.
    init(parent: XMLEncoderImpl, element: Index, path: CodingPathNode) {
        options = parent.options
        tree = parent.tree
        target = .element(element)
        codingPathNode = path
        self.parent = parent
        // The base class's `encode(to:)` runs next: its `DynamicNodeEncoding` (inherited by the
        // subclass) still applies.
        currentType = parent.currentType
    }

    var codingPath: [any CodingKey] { codingPathNode.path }
    var userInfo: [CodingUserInfoKey: Any] { options.userInfo }

    // MARK: - Encoding values

    func encodeTopLevel<T: Encodable>(_ value: T, into root: Index) throws {
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
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: path?.path ?? codingPath,
                    debugDescription: "Unable to encode \(F.self).\(value) directly in XML; use the convertToString non-conforming float strategy."))
        }
        return value.isNaN ? nan : value > 0 ? positiveInfinity : negativeInfinity
    }

    /// Writes character data into the current target.
    func writeText(_ text: String, path: CodingPathNode) throws {
        try writeText(try checkedSpan(text, path: path), cdata: options.stringEncodingStrategy == .cdata)
    }

    /// Writes checked bytes into the current target (as CDATA if `cdata`, unless empty).
    func writeText(_ span: Span, cdata: Bool) throws {
        switch target {
        case .element(let element):
            if span.count > 0 { tree.addText(span, cdata: cdata, to: element) }
        case .list(let parent, let itemName):
            let item = tree.addElement(itemName, to: parent)
            if span.count > 0 { tree.addText(span, cdata: cdata, to: item) }
        }
    }

    /// Writes a number's or a boolean's text (which needs no check) into the current target:
    /// never as CDATA, which the string encoding strategy asks for strings only (as in keyed
    /// containers).
    func writeScalar(_ span: Span) throws {
        try writeText(span, cdata: false)
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
            markNil(tree.addElement(itemName, to: parent))
        }
    }

    func markNil(_ element: Index) {
        tree.setAttribute(tree.intern("xsi:nil"), tree.append("true"), on: element)
        usesXSINil = true
    }

    // MARK: - Checks

    /// The string, if XML 1.0 can carry every character of it.
    func checkedText(_ text: String, path: CodingPathNode) throws -> String {
        if let bad = XMLTreeValidation.invalidCharacter(in: text) {
            throw EncodingError.invalidValue(
                text,
                EncodingError.Context(
                    codingPath: path.path,
                    debugDescription: "The string contains U+\(String(bad.value, radix: 16, uppercase: true)), which XML 1.0 cannot represent."))
        }
        return text
    }

    /// The string copied into the tree, if XML 1.0 can carry every character of it.
    @inline(__always)
    func checkedSpan(_ text: String, path: @autoclosure () -> CodingPathNode) throws -> Span {
        let span = tree.append(text)
        if span.flags & XMLEncodedTree.Flags.suspect != 0 { _ = try checkedText(text, path: path()) }
        return span
    }

    /// The name, if it is an XML name.
    func checkedName(_ name: String, path: CodingPathNode) throws -> String {
        guard XMLTreeValidation.isValidName(name) else {
            throw EncodingError.invalidValue(
                name,
                EncodingError.Context(
                    codingPath: path.path, debugDescription: "\"\(name)\" is not a valid XML name, so it cannot be an element or attribute name."))
        }
        return name
    }

    /// The name a key is written under, after the key encoding strategy, checked and interned.
    func nameID(for key: any CodingKey, stringValue: String, parent: CodingPathNode) throws -> NameID {
        let name: String
        if case .useDefaultKeys = options.keyEncodingStrategy {
            name = stringValue
        } else {
            name = KeyConversion.encode(key, strategy: options.keyEncodingStrategy, path: parent)
        }
        if name.utf8.first == UInt8(ascii: "{") { return tree.intern(try qualifiedName(clark: name, key: key, parent: parent)) }
        guard XMLTreeValidation.isValidName(name) else { return tree.intern(try checkedName(name, path: parent.appending(key))) }
        return tree.intern(name)
    }

    /// The names of a coding-key type's keys, or `nil` when the key strategy is a closure (which
    /// sees the coding path, so may name a key differently each time).
    func keyNames(for type: Any.Type) -> KeyNames? {
        if case .custom = options.keyEncodingStrategy { return nil }
        let id = ObjectIdentifier(type)
        for entry in keyNamesList where entry.type == id { return entry.names }
        if let names = keyNamesTable[id] { return names }
        let names = KeyNames()
        if keyNamesList.count < 16 { keyNamesList.append((id, names)) } else { keyNamesTable[id] = names }
        return names
    }

    /// A key in Clark notation, `{namespace-uri}local`, written with a prefix declared once, on
    /// the root element (`ns1`, `ns2`, …; `xml` for the XML namespace; no prefix for an empty URI).
    func qualifiedName(clark: String, key: any CodingKey, parent: CodingPathNode) throws -> String {
        guard let close = clark.firstIndex(of: "}") else { return try checkedName(clark, path: parent.appending(key)) }
        let uri = String(clark[clark.index(after: clark.startIndex)..<close])
        let local = String(clark[clark.index(after: close)...])
        guard !local.utf8.contains(UInt8(ascii: ":")) else { return try checkedName(clark, path: parent.appending(key)) }
        _ = try checkedName(local, path: parent.appending(key))
        if uri.isEmpty { return local }
        if uri == "http://www.w3.org/XML/1998/namespace" { return "xml:" + local }
        return namespacePrefix(for: try checkedText(uri, path: parent.appending(key))) + ":" + local
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

    /// `defaultName(for:options:)`, interned (and remembered, except under a closure key strategy).
    func defaultNameID(for type: Any.Type) -> NameID {
        if case .custom = options.keyEncodingStrategy { return tree.intern(XMLEncoderImpl.defaultName(for: type, options: options)) }
        let id = ObjectIdentifier(type)
        if let known = typeNames[id] { return known }
        let name = tree.intern(XMLEncoderImpl.defaultName(for: type, options: options))
        typeNames[id] = name
        return name
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
    private func elementForContainer() -> Index {
        switch target {
        case .element(let element):
            return element
        case .list(let parent, let itemName):
            let item = tree.addElement(itemName, to: parent)
            target = .element(item)
            return item
        }
    }
}

/// The names of one coding-key type's keys in one encode call, in the order they were first met:
/// a container checks the key after the last one it wrote first, so a type encoding its keys in
/// the same order each time finds each name with one string comparison.
internal final class KeyNames {
    @exclusivity(unchecked) var keys: [String] = []
    @exclusivity(unchecked) var names: [XMLEncodedTree.NameID] = []
    /// Keys not found once the list was full: past a limit, the keys are not a fixed set (a
    /// dictionary's), and names are worked out every time instead.
    @exclusivity(unchecked) var failures = 0

    static let capacity = 64

    /// The name of the key whose `stringValue` is given, expected at `position`; moves
    /// `position` past it.
    @inline(__always)
    func name(for stringValue: String, at position: inout Int) -> XMLEncodedTree.NameID? {
        if position < keys.count, keys[position] == stringValue {
            position += 1
            return names[position - 1]
        }
        return search(stringValue, at: &position)
    }

    private func search(_ stringValue: String, at position: inout Int) -> XMLEncodedTree.NameID? {
        guard failures < 32 else { return nil }
        for index in keys.indices where keys[index] == stringValue {
            position = index + 1
            return names[index]
        }
        if keys.count >= KeyNames.capacity { failures += 1 }
        return nil
    }

    /// Remembers a key's name, after the last one.
    func add(_ stringValue: String, name: XMLEncodedTree.NameID, at position: inout Int) {
        guard keys.count < KeyNames.capacity else { return }
        keys.append(stringValue)
        names.append(name)
        position = keys.count
    }
}

extension XMLEncoderImpl: SingleValueEncodingContainer {
    func encodeNil() throws { writeNil() }
    func encode(_ value: Bool) throws { try writeScalar(tree.append(value ? "true" : "false")) }
    func encode(_ value: String) throws { try writeText(value, path: codingPathNode) }
    func encode(_ value: Double) throws {
        guard value.isFinite else { return try writeScalar(try checkedSpan(try number(value), path: codingPathNode)) }
        try writeScalar(tree.append(finite: value))
    }
    func encode(_ value: Float) throws {
        guard value.isFinite else { return try writeScalar(try checkedSpan(try number(value), path: codingPathNode)) }
        try writeScalar(tree.append(finite: value))
    }
    func encode(_ value: Int) throws { try writeScalar(tree.append(integer: value)) }
    func encode(_ value: Int8) throws { try writeScalar(tree.append(integer: value)) }
    func encode(_ value: Int16) throws { try writeScalar(tree.append(integer: value)) }
    func encode(_ value: Int32) throws { try writeScalar(tree.append(integer: value)) }
    func encode(_ value: Int64) throws { try writeScalar(tree.append(integer: value)) }
    func encode(_ value: UInt) throws { try writeScalar(tree.append(integer: value)) }
    func encode(_ value: UInt8) throws { try writeScalar(tree.append(integer: value)) }
    func encode(_ value: UInt16) throws { try writeScalar(tree.append(integer: value)) }
    func encode(_ value: UInt32) throws { try writeScalar(tree.append(integer: value)) }
    func encode(_ value: UInt64) throws { try writeScalar(tree.append(integer: value)) }
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
