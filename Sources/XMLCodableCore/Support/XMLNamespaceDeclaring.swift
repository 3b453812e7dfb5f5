// Namespace declarations on a chosen element. A SOAP body's operation, an XMPP stanza's payload or
// an Atom entry's extension usually declares its namespace on its own element rather than on the
// document's root:
//
//     <soap:Body><m:GetPrice xmlns:m="https://example.com/stock"><m:Item>…</m:Item></m:GetPrice></soap:Body>
//
// A type conforming to `XMLNamespaceDeclaring` names the prefixes its element declares; the encoder
// writes the declarations on that element and uses those prefixes for the keys in Clark notation
// with those URIs, on the element and inside it. The decoder needs nothing: it matches Clark-
// notation keys by URI whatever the prefix and wherever it is declared.

/// A type whose element declares namespace prefixes.
///
/// ```swift
/// struct GetPrice: Codable, XMLNamespaceDeclaring {
///     static let xmlNamespaceDeclarations = ["m": "https://example.com/stock"]
///     var item: String
///     enum CodingKeys: String, CodingKey { case item = "{https://example.com/stock}Item" }
/// }
///
/// struct Body: Codable {
///     var getPrice: GetPrice
///     enum CodingKeys: String, CodingKey { case getPrice = "{https://example.com/stock}GetPrice" }
/// }
/// // <Body><m:GetPrice xmlns:m="https://example.com/stock"><m:Item>IBM</m:Item></m:GetPrice></Body>
/// ```
///
/// The declarations are written on the element that holds the value (for the root value, on the
/// root element, as `rootAttributes` would), sorted by prefix. A key in Clark notation whose URI one
/// of them declares is written with that prefix, on that element and in its content, the element's
/// own name included when it is a property's key or the root key; elsewhere the encoder's own
/// prefixes apply (`ns1`, … declared on the root). The empty prefix writes a default namespace
/// declaration (`xmlns="…"`), which applies to the element names written without a prefix: plain
/// keys, and the keys in Clark notation in that namespace written as elements, the element's own
/// name included (`["": "https://example.com/stock"]` writes
/// `<GetPrice xmlns="https://example.com/stock"><Item>IBM</Item></GetPrice>`).
///
/// Where several declarations in force (this element's and its ancestors', and those
/// `rootAttributes` make, `xmlns:p` and `xmlns`, which count as the root's) name a key's URI, the
/// innermost wins; on one element, the default namespace comes before a prefix declared beside it
/// for the same URI. An attribute never takes the default namespace (Namespaces in XML 1.0, §6.2):
/// a key in Clark notation written as an attribute (or `.both`) keeps a prefix, a declared one in
/// force, else the encoder's. An element in no namespace (`{}local`) where a default namespace is
/// in force is refused with `EncodingError.invalidValue` (without a prefix it would be in that
/// namespace), and so is `nil` under such a key placed as an attribute, which the nil strategies
/// but `.omitted` write as an element, as for any key; `["": ""]` writes `xmlns=""`, which
/// undeclares the default namespace. A prefix that would hide, inside the element, the prefix the
/// encoder uses for another URI is refused with `EncodingError.invalidValue`. Plain keys are
/// written as they are, in whatever namespace their prefix or the default namespace gives them.
public protocol XMLNamespaceDeclaring {
    /// The prefixes the type's element declares: prefix → namespace URI.
    static var xmlNamespaceDeclarations: [String: String] { get }
}
