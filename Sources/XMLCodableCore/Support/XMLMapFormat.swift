// XMLMapFormat: how one dictionary property is written as a map of entries — the entry element's
// name, where the key goes (a child element or an attribute of the entry), where the value goes,
// and whether the entries are wrapped in the property's element or flattened into the parent.
// `XMLMapCoding` (XMLMapCoding.swift) names a format per property.
//
// For example, `XMLMapFormat(entry: "Meta", key: "Name", value: nil, keyPlacement: .attribute,
// isFlattened: true)` writes `["a": "1"]` as `<Meta Name="a">1</Meta>`, and `.wrapped` as
// `<tags><entry><key>a</key><value>1</value></entry></tags>`.

/// How a map's entries are written: the names of the entry, key and value elements, where the
/// key goes, and whether the entries are wrapped in an element named by the property's key.
///
/// Each name is as written (`"entry"`), or a namespace URI and a local name in Clark notation
/// (`"{http://example.com/ns}entry"`), which the decoder matches whatever the prefix and the
/// encoder writes with a prefix it declares.
public struct XMLMapFormat: Sendable, Hashable {
    /// Where an entry's key is written.
    public enum KeyPlacement: Sendable, Hashable {
        /// A child element of the entry, named ``XMLMapFormat/key``: `<entry><key>a</key>…</entry>`.
        case element
        /// An attribute of the entry, named ``XMLMapFormat/key``: `<entry key="a">…</entry>`.
        case attribute
    }

    /// The name of each entry element, or `nil` for the name of the property's key (as the key
    /// strategy writes it): `<tags><key>…</key><value>…</value></tags><tags>…</tags>` flattened,
    /// as AWS restXml writes a flattened map.
    public var entry: String?
    /// The name of the element or attribute that holds an entry's key.
    public var key: String
    /// The name of the element that holds an entry's value, or `nil` when the value is the
    /// entry's own content (its text, or its child elements).
    public var value: String?
    /// Where the key is written.
    public var keyPlacement: KeyPlacement
    /// Whether the entries go straight into the element that holds the property (`true`) or into
    /// an element named by the property's key (`false`, the default).
    public var isFlattened: Bool

    /// A map format.
    ///
    /// - Parameters:
    ///   - entry: The name of each entry element, or `nil` for the property's key.
    ///   - key: The name of the element or attribute holding the key.
    ///   - value: The name of the element holding the value, or `nil` for the entry's own content.
    ///   - keyPlacement: Whether the key is a child element or an attribute of the entry.
    ///   - isFlattened: Whether the entries go straight into the parent element.
    public init(
        entry: String? = "entry", key: String = "key", value: String? = "value", keyPlacement: KeyPlacement = .element,
        isFlattened: Bool = false
    ) {
        self.entry = entry
        self.key = key
        self.value = value
        self.keyPlacement = keyPlacement
        self.isFlattened = isFlattened
    }

    /// `<key><entry><key>…</key><value>…</value></entry>…</key>`, as AWS restXml writes a map.
    public static let wrapped = XMLMapFormat()

    /// Entries named by the property's key straight in the parent,
    /// `<tags><key>…</key><value>…</value></tags><tags>…</tags>`, as AWS restXml writes a map
    /// marked `@xmlFlattened`.
    public static let flattened = XMLMapFormat(entry: nil, isFlattened: true)
}
