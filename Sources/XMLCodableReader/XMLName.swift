// XMLName: an element or attribute name as the reader read it — the qualified name's slice, where
// its prefix ends, and the namespace it resolves to (a number the reader maps to a URI).
//
// Design: a name is compared as bytes (`reader.name(name, equals: "book")`) and resolved only on
// request. For `<dc:title xmlns:dc="http://purl.org/dc/elements/1.1/">`, `qualified` covers
// `dc:title`, `prefixLength` is 2, and `reader.namespaceURI(name)` is the Dublin Core URI.

/// An element or attribute name as read: the qualified name, where its prefix ends, and the
/// namespace it resolves to.
public struct XMLName: Sendable, Hashable {
    /// The qualified name (`prefix:local` or `local`) exactly as written.
    public var qualified: XMLSlice
    /// The byte length of the prefix, or -1 when the name has none.
    @usableFromInline package var prefixLength: Int32
    /// The index of the namespace URI in the reader's table; 0 for no namespace.
    @usableFromInline package var namespaceID: Int32

    @inlinable
    package init(qualified: XMLSlice, prefixLength: Int32 = -1, namespaceID: Int32 = 0) {
        self.qualified = qualified
        self.prefixLength = prefixLength
        self.namespaceID = namespaceID
    }

    /// Whether the name has a prefix (`prefix:local`).
    @inlinable public var hasPrefix: Bool { prefixLength >= 0 }

    /// The local part of the name (after the colon, if any).
    @inlinable public var local: XMLSlice {
        var slice = qualified
        if prefixLength >= 0 { slice.start += Int(prefixLength) + 1 }
        return slice
    }

    /// The prefix (before the colon), or `nil` when the name has none.
    @inlinable public var prefix: XMLSlice? {
        guard prefixLength >= 0 else { return nil }
        var slice = qualified
        slice.end = slice.start + Int(prefixLength)
        return slice
    }
}
