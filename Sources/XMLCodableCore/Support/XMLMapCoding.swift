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
///         case "metadata":
///             XMLMapFormat(entry: "Meta", key: "Name", value: nil, keyPlacement: .attribute, isFlattened: true)
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
