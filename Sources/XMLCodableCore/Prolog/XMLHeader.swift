// XMLHeader: XMLCoder 0.18.2's spelling of the XML declaration, kept so that code written for
// XMLCoder compiles unchanged. It is a thin wrapper: the encoder turns it into the library's one
// declaration type, `XMLDeclaration`, and writes that with the rules every declaration follows
// (Writer/XMLWriter+Prolog.swift):
//
//     try XMLHeader(version: 1.0, encoding: "UTF-8").declaration()
//     // XMLDeclaration(version: "1.0", encoding: "UTF-8", standalone: nil)

/// The XML declaration written before the root element, in XMLCoder's spelling:
/// `XMLHeader(version: 1.0, encoding: "UTF-8")` writes `<?xml version="1.0" encoding="UTF-8"?>`.
///
/// The encoder turns it into an ``XMLDeclaration``, the type the reader and the
/// document model use. A header with every field `nil` writes nothing; otherwise it needs a
/// version in 1.x, `standalone` must be `"yes"` or `"no"`, and the output being UTF-8, a declared
/// encoding must be UTF-8 (in any case): anything else is refused with an `EncodingError` rather
/// than written as a declaration that is not XML or does not match the bytes.
public struct XMLHeader: Sendable, Hashable {
    /// The version, written as `1.0` style text.
    public let version: Double?
    /// The declared encoding: `"UTF-8"` (in any case) or `nil`.
    public let encoding: String?
    /// The standalone declaration, `"yes"` or `"no"`.
    public let standalone: String?

    /// Creates a declaration; fields left `nil` are not written.
    public init(version: Double? = nil, encoding: String? = nil, standalone: String? = nil) {
        self.version = version
        self.encoding = encoding
        self.standalone = standalone
    }

    /// The header as the library's declaration type: `nil` when every field is `nil` (nothing is
    /// written); an error for a `standalone` other than `"yes"` or `"no"`. A missing version gives
    /// an empty one, which `XMLWriter.appendDeclaration` refuses with the other rules.
    func declaration() throws(XMLWriter.PrologError) -> XMLDeclaration? {
        if version == nil && encoding == nil && standalone == nil { return nil }
        var flag: Bool?
        if let standalone {
            guard standalone == "yes" || standalone == "no" else {
                throw .invalid("standalone must be \"yes\" or \"no\", not \"\(standalone)\"")
            }
            flag = standalone == "yes"
        }
        return XMLDeclaration(version: version.map { "\($0)" } ?? "", encoding: encoding, standalone: flag)
    }
}
