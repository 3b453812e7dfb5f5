// ReservedNamespace: the two namespace names Namespaces in XML 1.0 reserves, written once for every
// layer that resolves or writes namespaces (the reader, the store builder, the encoder, the
// writers, xmlc).
//
// For example, `xml:lang` is in `ReservedNamespace.xml` without any declaration, and a document
// that binds a prefix to `ReservedNamespace.xmlns` is refused:
//
//     <p xml:lang="en"/>                                     the attribute's namespace: xml
//     <p xmlns:x="http://www.w3.org/2000/xmlns/"/>           refused

/// The namespace names that Namespaces in XML 1.0 reserves.
package enum ReservedNamespace {
    /// The namespace the prefix `xml` is always bound to, and no other prefix may be.
    package static let xml = "http://www.w3.org/XML/1998/namespace"
    /// The namespace of namespace declarations (`xmlns`, `xmlns:prefix`): no prefix may be bound to it.
    package static let xmlns = "http://www.w3.org/2000/xmlns/"
}
