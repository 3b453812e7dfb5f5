// Namespaces 1.0: declarations, prefix resolution, and the namespace well-formedness rules.
//
// Bindings are a stack of (prefix slice, URI number) shared by the whole document; each open
// element remembers how many bindings existed before its own declarations, and closing it
// truncates the stack. URIs are interned once into `NamespaceTable.uris`, so a name's namespace is
// a small integer and comparing namespaces never compares strings. Number 0 means "no namespace";
// 1 and 2 are the `xml` and `xmlns` namespaces, which are always bound.

/// The namespace bindings in scope and the URIs seen so far.
package struct NamespaceTable {
    struct Binding {
        /// The declared prefix (ignored for the default namespace).
        var prefix: XMLSlice
        var isDefault: Bool
        var uri: Int32
        /// For a prefix binding: its entry in `current`; -1 for the default namespace.
        var slot: Int32
        /// What this binding hides: the binding of the same prefix before it (or -1), or for the
        /// default namespace, the default namespace before it.
        var previous: Int32
    }

    static let xmlURI = Array(ReservedNamespace.xml.utf8)
    static let xmlnsURI = Array(ReservedNamespace.xmlns.utf8)

    /// Every binding in scope, innermost last.
    var bindings: [Binding] = []
    /// The namespace of unprefixed element names here.
    var defaultNamespace: Int32 = 0
    /// Prefix bytes → slot; `current[slot]` is the innermost binding of that prefix, or -1.
    var prefixes = ByteKeyTable()
    var current: [Int32] = []
    var uris: [[UInt8]] = NamespaceTable.reservedURIs
    /// URI bytes → number, for every entry of `uris` but the first.
    var index: ByteKeyTable = NamespaceTable.reservedIndex

    /// `uris` and `index` with only the reserved namespaces, made once and shared (copied on
    /// write) by every table: a reader, or a store's, is made without building them again.
    private static let reservedURIs: [[UInt8]] = [[], NamespaceTable.xmlURI, NamespaceTable.xmlnsURI]
    private static let reservedIndex: ByteKeyTable = {
        var table = ByteKeyTable()
        table.insert(NamespaceTable.xmlURI, value: 1)
        table.insert(NamespaceTable.xmlnsURI, value: 2)
        return table
    }()

    /// An empty table: no binding in scope but `xml` and `xmlns`, which are always bound.
    package init() {}

    /// Binds the default namespace.
    mutating func bindDefault(_ uri: Int32, declaredBy name: XMLSlice) {
        bindings.append(Binding(prefix: name, isDefault: true, uri: uri, slot: -1, previous: defaultNamespace))
        defaultNamespace = uri
    }

    /// Binds a prefix.
    mutating func bind(prefix: UncheckedBytes, slice: XMLSlice, to uri: Int32) {
        let slot: Int32
        if let found = prefixes.find(prefix) {
            slot = found
        } else {
            slot = Int32(current.count)
            prefixes.insert(prefix, value: slot)
            current.append(-1)
        }
        bindings.append(Binding(prefix: slice, isDefault: false, uri: uri, slot: slot, previous: current[Int(slot)]))
        current[Int(slot)] = Int32(bindings.count - 1)
    }

    /// The namespace a prefix is bound to, if any.
    func lookUp(prefix: UncheckedBytes) -> Int32? {
        guard let slot = prefixes.find(prefix) else { return nil }
        let binding = current[Int(slot)]
        return binding >= 0 ? bindings[Int(binding)].uri : nil
    }

    /// Ends the scope of every binding after the first `count`.
    mutating func truncate(to count: Int) {
        while bindings.count > count {
            let binding = bindings.removeLast()
            if binding.isDefault {
                defaultNamespace = binding.previous
            } else {
                current[Int(binding.slot)] = binding.previous
            }
        }
    }

    /// The number of a URI, adding it to the table if it is new.
    package mutating func intern(_ uri: UncheckedBytes) -> Int32 {
        if uri.isEmpty { return 0 }
        // Most documents use a handful of namespaces: look at the latest first, then hash.
        let last = uris.count - 1
        if last >= 3, uris[last].withUncheckedBytes({ $0.elementsEqual(uri) }) { return Int32(last) }
        if let found = index.find(uri) { return found }
        var copy: [UInt8] = []
        copy.append(contentsOf: uri)
        uris.append(copy)
        let number = Int32(uris.count - 1)
        index.insert(uri, value: number)
        return number
    }
}

extension XMLScanner {
    /// The URI for a namespace number, or `nil` for no namespace.
    func namespaceURI(id: Int32) -> String? {
        guard id > 0, Int(id) < namespaces.uris.count else { return nil }
        return String(decoding: namespaces.uris[Int(id)], as: UTF8.self)
    }

    /// Applies the namespace declarations among `attributes`, then resolves the element's and the
    /// attributes' prefixes, and checks for attributes with the same namespace and local name.
    ///
    /// An error about an attribute is located at its name; about one the DTD added (a default,
    /// whose name lies in the DTD's buffers, not in the bytes being read), at the element's name:
    /// the element it was added to.
    mutating func resolveNamespaces(_ name: inout XMLName, _ buf: UncheckedBytes, _ document: UncheckedBytes)
        throws(ScanError)
    {
        let element = name.qualified
        var hasPrefixedAttributes = false
        for i in attributeBase..<attributes.count {
            let attribute = attributes[i].name
            let qualified = rawBytes(attribute.qualified, document, current: buf)
            let isDefault: Bool
            if attribute.prefixLength < 0 {
                guard equalsASCII(qualified, "xmlns") else { continue }
                isDefault = true
            } else {
                guard equalsASCII(qualified.extracting(unchecked: 0..<Int(attribute.prefixLength)), "xmlns")
                else {
                    hasPrefixedAttributes = true
                    continue
                }
                isDefault = false
            }
            attributes[i].isNamespaceDeclaration = true
            let at = errorOffset(of: attribute, in: element)
            var decoded: [UInt8] = []
            let value = attributes[i].value
            if value.isVerbatim {
                decoded.append(contentsOf: rawBytes(value, document, current: buf))
            } else {
                try appendDecoded(value, document, to: &decoded)
            }
            let uri = decoded.withUncheckedBytes { bytes in namespaces.intern(bytes) }
            if isDefault {
                if uri == 1 || uri == 2 {
                    throw error(
                        .invalidNamespaceDeclaration(
                            "the default namespace cannot be the \(uri == 1 ? "xml" : "xmlns") namespace"), at: at)
                }
                namespaces.bindDefault(uri, declaredBy: attribute.local)
            } else {
                let prefix = rawBytes(attribute.local, document, current: buf)
                let prefixName = prefix.string
                if equalsASCII(prefix, "xmlns") {
                    throw error(.invalidNamespaceDeclaration("the prefix 'xmlns' cannot be declared"), at: at)
                }
                let isXML = equalsASCII(prefix, "xml")
                if isXML != (uri == 1) {
                    throw error(
                        .invalidNamespaceDeclaration(
                            isXML
                                ? "the prefix 'xml' can only be bound to \(ReservedNamespace.xml)"
                                : "only the prefix 'xml' can be bound to \(ReservedNamespace.xml)"), at: at)
                }
                if uri == 2 {
                    throw error(
                        .invalidNamespaceDeclaration("no prefix can be bound to \(ReservedNamespace.xmlns)"), at: at)
                }
                if uri == 0 {
                    throw error(
                        .invalidNamespaceDeclaration(
                            "the prefix '\(prefixName)' cannot be undeclared (an empty namespace name) in "
                                + "Namespaces 1.0"
                        ), at: at)
                }
                namespaces.bind(prefix: prefix, slice: attribute.local, to: uri)
            }
        }
        // The element.
        if let prefix = name.prefix {
            let bytes = rawBytes(prefix, document, current: buf)
            if equalsASCII(bytes, "xmlns") {
                throw error(
                    .invalidNamespaceDeclaration("an element cannot have the prefix 'xmlns'"), at: name.qualified.start)
            }
            name.namespaceID = try lookUp(prefix: bytes, document, buf, at: name.qualified.start)
        } else {
            name.namespaceID = namespaces.defaultNamespace
        }
        guard hasPrefixedAttributes else { return }
        for i in attributeBase..<attributes.count where !attributes[i].isNamespaceDeclaration {
            guard let prefixSlice = attributes[i].name.prefix else { continue }
            let prefix = rawBytes(prefixSlice, document, current: buf)
            attributes[i].name.namespaceID = try lookUp(
                prefix: prefix, document, buf, at: errorOffset(of: attributes[i].name, in: element))
        }
        // Two attributes may not have the same namespace and local name (Namespaces 1.0 §6.3).
        try checkDuplicateExpandedNames(buf, document, element: element)
    }

    /// Where an error about an attribute of `element` is located: at the attribute's name, or, for
    /// one the DTD added (a default, whose name lies in the DTD's buffers, not in the bytes being
    /// read), at the element's name.
    @inline(__always)
    private func errorOffset(of attribute: XMLName, in element: XMLSlice) -> Int {
        attribute.qualified.source == element.source ? attribute.qualified.start : element.start
    }

    /// Finds two attributes with the same namespace URI and local name: pairwise for a few
    /// attributes, through reused hash slots for many.
    private mutating func checkDuplicateExpandedNames(
        _ buf: UncheckedBytes, _ document: UncheckedBytes, element: XMLSlice
    ) throws(ScanError) {
        let base = attributeBase
        let count = attributes.count - base
        func qualifies(_ i: Int) -> Bool { attributes[i].name.namespaceID > 0 && !attributes[i].isNamespaceDeclaration }
        func duplicate(_ i: Int) -> ScanError {
            let local = rawBytes(attributes[i].name.local, document, current: buf).string
            return error(
                .duplicateAttribute("{\(namespaceURI(id: attributes[i].name.namespaceID) ?? "")}\(local)"),
                at: errorOffset(of: attributes[i].name, in: element))
        }
        if count <= 12 {
            for i in base..<(base + count) where qualifies(i) {
                let local = rawBytes(attributes[i].name.local, document, current: buf)
                for j in base..<i where qualifies(j) && attributes[j].name.namespaceID == attributes[i].name.namespaceID
                {
                    if local.elementsEqual(rawBytes(attributes[j].name.local, document, current: buf)) {
                        throw duplicate(i)
                    }
                }
            }
            return
        }
        let mask = clearedSlots(for: count)
        for i in base..<(base + count) where qualifies(i) {
            let local = rawBytes(attributes[i].name.local, document, current: buf)
            let h = ByteKeyTable.hash(local, seed: 0xcbf2_9ce4_8422_2325 ^ UInt64(attributes[i].name.namespaceID))
            var slot = Int(truncatingIfNeeded: h) & mask
            while duplicateSlots[slot] >= 0 {
                let other = Int(duplicateSlots[slot])
                if attributes[other].name.namespaceID == attributes[i].name.namespaceID,
                    local.elementsEqual(rawBytes(attributes[other].name.local, document, current: buf))
                {
                    throw duplicate(i)
                }
                slot = (slot + 1) & mask
            }
            duplicateSlots[slot] = Int32(i)
        }
    }

    /// The namespace number bound to a prefix.
    private mutating func lookUp(
        prefix: UncheckedBytes, _ document: UncheckedBytes, _ buf: UncheckedBytes, at p: Int
    ) throws(ScanError)
        -> Int32
    {
        if let uri = namespaces.lookUp(prefix: prefix) { return uri }
        if equalsASCII(prefix, "xml") { return 1 }
        throw error(.undeclaredNamespacePrefix(prefix.string), at: p)
    }
}

/// Whether bytes spell an ASCII literal.
@inline(__always)
internal func equalsASCII(_ bytes: UncheckedBytes, _ literal: StaticString) -> Bool {
    bytes.count == literal.utf8CodeUnitCount && bytes.hasPrefix(literal, at: 0, limit: bytes.count)
}
