// XMLTree: the public document model — a whole XML document as plain values.
//
// Design: every part of a document is a value type (`XMLTree`, `XMLTree.Element`, `XMLTree.Node`,
// `XMLTree.Attribute`), so a tree is `Sendable`, `Hashable` and copy-on-write like an array, and
// nothing in it refers back to a parser. The types are nested in `XMLTree` so that they can never
// collide with Foundation's `XMLDocument`, `XMLElement` or `XMLNode` on Apple platforms.
//
// Reading goes through `XMLReader` (XMLTree+Parsing.swift), so a tree accepts exactly the documents
// the reader accepts, with the same limits; entities are expanded and DTD attribute defaults applied,
// as the reader reports them. Lookups (`tree["books"]["book"][1]`) produce an `XMLTree.Selection`,
// which is empty — and says why — when a step misses, instead of trapping. Writing goes through
// `XMLWriter` (XMLWriter+Tree.swift), the writer `XMLEncoder` uses, with the same escaping and the
// same refusals of what XML 1.0 cannot carry.
//
// Trees are built and written without recursion, but value types free their children recursively:
// that is why parsing keeps the reader's depth limit (256 by default) — see `XMLTree.maxDepth`.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An XML document as a value: an optional XML declaration and document type, the root element,
/// and the comments and processing instructions around it.
///
/// Parse a document and look things up with subscripts that never trap — a step that misses gives
/// an empty ``Selection`` whose ``Selection/failure`` says why:
///
/// ```swift
/// let tree = try XMLTree(parsing: """
///     <books>
///       <book name="Mastering Swift"><author>Jon Hoffman</author></book>
///       <book name="Swift in Depth"><author>Tjeerd in 't Veen</author></book>
///     </books>
///     """)
/// tree["books"]["book"][1]["author"].text            // "Tjeerd in 't Veen"
/// tree["books"]["book"][0].attributes["name"]        // "Mastering Swift"
/// tree["books"]["book"][7]["author"].failure         // books/book: index 7 is out of range: 2 elements selected
/// ```
///
/// Or build one and write it out:
///
/// ```swift
/// let tree = XMLTree(root: XMLTree.Element("books") {
///     XMLTree.Element("book", attributes: ["name": "Mastering Swift"]) {
///         XMLTree.Element("author", text: "Jon Hoffman")
///     }
/// })
/// let data = try tree.xmlData(outputFormatting: .prettyPrinted)
/// ```
public struct XMLTree: Sendable, Hashable {
    /// The XML declaration (`<?xml version="1.0"?>`), if the document has one.
    ///
    /// When written, a declared encoding that is not UTF-8 is written as `UTF-8`, the encoding of
    /// the output (the rules are ``XMLDeclaration``'s, the encoder's too).
    public var declaration: XMLDeclaration?
    /// The document type declaration, if any. Only its name and external identifiers are kept:
    /// a parsed tree already has the internal subset's entities expanded and attribute defaults applied.
    public var doctype: XMLDocumentType?
    /// Comments and processing instructions before the root element, in order.
    public var prologue: [Node]
    /// The root element.
    public var root: Element
    /// Comments and processing instructions after the root element, in order.
    public var epilogue: [Node]
    /// Whether names follow Namespaces 1.0: `true` (the default) for a built tree and for one
    /// parsed with ``XMLReader/Options/shouldProcessNamespaces`` on (the same name as
    /// Foundation's `XMLParser.shouldProcessNamespaces`). Writing then checks that names are QNames
    /// whose prefixes are declared, and declares the ones that carry a ``Name/namespaceURI``. A tree
    /// parsed with `shouldProcessNamespaces: false` has `false`: a colon is then an ordinary name
    /// character and the tree is written without namespace checks.
    public var shouldProcessNamespaces: Bool

    /// The deepest element nesting a parsed tree accepts, whatever the reader's limits say.
    ///
    /// Parsing stops with ``XMLParsingError/Reason/depthLimitExceeded(limit:)`` beyond
    /// `min(options.limits.maxDepth, maxDepth)`: the tree's values are released recursively,
    /// and this bound keeps that well inside a thread's stack. (The same name as the reader's
    /// ``XMLReader/Limits/maxDepth``.)
    public static let maxDepth = 2048

    /// Creates a document from its parts.
    ///
    /// - Parameters:
    ///   - root: the root element.
    ///   - declaration: the XML declaration to write, if any.
    ///   - doctype: the document type declaration to write, if any.
    ///   - prologue: comments and processing instructions before the root element.
    ///   - epilogue: comments and processing instructions after it.
    ///   - shouldProcessNamespaces: whether names follow Namespaces 1.0 (see ``shouldProcessNamespaces``).
    public init(
        root: Element, declaration: XMLDeclaration? = nil, doctype: XMLDocumentType? = nil, prologue: [Node] = [],
        epilogue: [Node] = [],
        shouldProcessNamespaces: Bool = true
    ) {
        self.root = root
        self.shouldProcessNamespaces = shouldProcessNamespaces
        self.declaration = declaration
        self.doctype = doctype
        self.prologue = prologue
        self.epilogue = epilogue
    }

    /// Selects the root element if it has the given name.
    ///
    /// `name` is a qualified name as written (`"books"`, `"dc:title"`), or `"{uri}local"` to match
    /// the namespace URI and local name whatever prefix the document uses. When the root has
    /// another name, the selection is empty and its ``Selection/failure`` says so.
    public subscript(name: String) -> Selection {
        if root.name.matches(name) {
            return Selection(elements: [root], path: root.name.qualifiedName)
        }
        return Selection(
            failure: LookupFailure(reason: .rootNameMismatch(expected: name, found: root.name.qualifiedName), path: ""))
    }
}
