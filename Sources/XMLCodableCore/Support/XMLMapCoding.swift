// Maps, chosen per property: a dictionary written as entries, each holding its key and its value,
// the shape AWS restXml, SOAP and many configuration formats use. For
// `var tags: [String: String] = ["env": "prod"]` under the default format:
//
//     <tags><entry><key>env</key><value>prod</value></entry></tags>
//
// flattened, the entries go straight into the parent, named by the property's key under
// `.flattened` (`<tags><key>env</key><value>prod</value></tags><tags>…</tags>`); with
// the key as an attribute and the value as the entry's own content (Android's strings.xml):
//
//     <string name="app_name">Reader</string>
//
// The property stays an ordinary dictionary in JSON. The decoder reads the entries into the
// dictionary's keyed container (its keys are the entries' keys); the encoder writes one entry per
// key the dictionary encodes.

/// A type that stores some of its dictionary properties as maps of entries.
///
/// By default a dictionary property is written with one element per key, named by the key
/// (`<tags><env>prod</env></tags>`), which works only for keys that are XML names. A type
/// conforming to `XMLMapCoding` can instead name, key by key, a ``XMLMapFormat``: entries holding
/// the key and the value, for any keys.
///
/// ```swift
/// struct Bucket: Codable, XMLMapCoding {
///     var name: String
///     var tags: [String: String]        // <tags><entry><key>…</key><value>…</value></entry></tags>
///     var metadata: [String: String]    // <Meta Name="…">…</Meta><Meta Name="…">…</Meta>
///
///     static func xmlMapFormat(for key: any CodingKey) -> XMLMapFormat? {
///         switch key.stringValue {
///         case "tags": .wrapped
///         case "metadata": XMLMapFormat(entry: "Meta", key: "Name", value: nil, keyPlacement: .attribute, isFlattened: true)
///         default: nil
///         }
///     }
/// }
/// ```
///
/// A missing map (no wrapper element, or no entries when flattened) is empty, or `nil` for an
/// optional property; `<tags/>` is an empty map. Two entries with the same key are an error, as
/// is an entry without a key. The value of an entry with no value element is missing: `nil` for
/// optional values, an empty list for lists, else an error.
public protocol XMLMapCoding {
    /// The format of the map stored under `key`, or `nil` when the property under `key` is not
    /// written as a map of entries.
    static func xmlMapFormat(for key: any CodingKey) -> XMLMapFormat?
}

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
    public init(entry: String? = "entry", key: String = "key", value: String? = "value", keyPlacement: KeyPlacement = .element, isFlattened: Bool = false) {
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
