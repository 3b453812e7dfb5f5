// XMLAttribute: one attribute of the element the reader is on, as slices into its buffers.
//
// Design: the reader keeps the current element's attributes in a reused array, valid until the
// next event, so reading attributes allocates nothing. For `<book id="7">`, the one attribute's
// `name` covers `id`, its `value` covers `7`, and it is neither defaulted (from an `<!ATTLIST>`)
// nor a namespace declaration.

/// One attribute of the element the reader is on.
public struct XMLAttribute: Sendable, Hashable {
    /// The attribute's name.
    public var name: XMLName
    /// The attribute's value, before decoding; ask the reader for ``XMLReader/string(_:)-(XMLSlice)``.
    public var value: XMLSlice
    /// Whether the value came from an `<!ATTLIST>` default rather than the start tag.
    public var isDefaulted: Bool
    /// Whether this is a namespace declaration (`xmlns` or `xmlns:prefix`).
    public var isNamespaceDeclaration: Bool

    @inlinable
    package init(name: XMLName, value: XMLSlice, isDefaulted: Bool, isNamespaceDeclaration: Bool) {
        self.name = name
        self.value = value
        self.isDefaulted = isDefaulted
        self.isNamespaceDeclaration = isNamespaceDeclaration
    }
}
