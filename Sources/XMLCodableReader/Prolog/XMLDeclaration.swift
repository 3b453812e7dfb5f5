// XMLDeclaration: the one type for the XML declaration (`<?xml version="1.0" encoding="UTF-8"?>`)
// across the library — what `XMLReader` reports, what an `XMLTree` keeps and writes, and what
// `XMLEncoder` writes before the root element (XMLCoder's `XMLHeader` is turned into one).
//
// Design: the fields are the declaration's text as a reader sees it — the version as written
// (`"1.0"`, `"1.1"`), the encoding name as written, standalone as a Bool — so a declaration read
// from a document and written back is the same. Whether one can be written is decided in one
// place, `XMLWriter.appendDeclaration`/`appendDoctype` (Writer/XMLWriter+Prolog.swift), for the
// encoder and the tree alike:
//
//     XMLDeclaration(version: "1.0", encoding: "UTF-8", standalone: true)
//     // written: <?xml version="1.0" encoding="UTF-8" standalone="yes"?>

/// The XML declaration at the start of a document: `<?xml version="1.0" encoding="UTF-8"?>`.
///
/// ``XMLReader/declaration`` reports it, ``XMLTree/declaration`` keeps it, and a tree writes it:
///
/// ```swift
/// var tree = XMLTree(root: XMLTree.Element("books"), declaration: XMLDeclaration(version: "1.0", encoding: "UTF-8"))
/// try tree.xmlString()   // <?xml version="1.0" encoding="UTF-8"?>\n<books/>
/// ```
///
/// ``XMLEncoder`` takes XMLCoder's ``XMLHeader``, which it turns into a declaration and writes
/// with the same rules. Output is always UTF-8: a declaration naming another encoding is written
/// by a tree with `encoding="UTF-8"` and refused by the encoder.
public struct XMLDeclaration: Sendable, Hashable {
    /// The version as written, such as `"1.0"`. It must be `1.` followed by digits to be written.
    public var version: String
    /// The declared encoding as written, or `nil` when none is declared.
    public var encoding: String?
    /// The standalone declaration (`yes` is `true`), or `nil` when there is none.
    public var standalone: Bool?

    /// Creates a declaration from its parts.
    public init(version: String = "1.0", encoding: String? = nil, standalone: Bool? = nil) {
        self.version = version
        self.encoding = encoding
        self.standalone = standalone
    }
}
