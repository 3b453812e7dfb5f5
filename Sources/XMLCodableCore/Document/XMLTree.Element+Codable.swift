// XMLTree.Element and XMLTree.Node as Codable values: a model property that holds a subtree.
//
// Through `XMLDecoder` and `XMLEncoder` a subtree is XML: the decoder builds it from its index
// (XMLDecoderImpl+Subtrees.swift) and the encoder copies it into its output
// (XMLEncoderImpl+Subtrees.swift), so a property captures an element, or an element's content,
// and writes it back unchanged. The conformances below only send those coders there.
//
// Through any other coder (JSONEncoder, PropertyListEncoder…) a subtree is the JSON mapping of
// `xmlc to-json` (XMLTree+CodableMapping.swift): an element is `{"name": VALUE}`, a node is one
// `"#content"` item (a string, or `{"name": VALUE}`). For
//
//     <content type="xhtml"><div>a <b>x</b></div></content>
//
// JSONEncoder writes `{"content": {"@type": "xhtml", "div": {"#content": ["a ", {"b": "x"}]}}}`.

extension XMLTree.Element: Codable {
    /// Decodes an element.
    ///
    /// With ``XMLDecoder``, the element is the one the coding key names, exactly as the document
    /// has it: its name, its attributes in order (namespace declarations included), the namespace
    /// URI of every name (the reader resolves them whatever `shouldProcessNamespaces` says), its
    /// text, CDATA sections and white space, in order, held in a store of its own as a parsed
    /// element is. The decoder keeps no comments, processing instructions or empty CDATA sections,
    /// so the element has none, nor a source location. A key that names an attribute, or several elements,
    /// is a `DecodingError.typeMismatch`. Under the `""` key the element is the model's own (as for
    /// any value there): to hold the content beside a model's attributes, use `[XMLTree.Node]`.
    ///
    /// ```swift
    /// struct Entry: Codable {
    ///     var title: String
    ///     var content: XMLTree.Element   // <content type="xhtml"><div xmlns="…">…</div></content>
    /// }
    /// ```
    ///
    /// With another decoder, the element is read from the JSON mapping of `xmlc to-json`
    /// (`{"name": {"@attribute": "value", "#text": "…", "child": …, "#content": […]}}`); a value
    /// that does not follow it is a `DecodingError.dataCorrupted` that says why.
    public init(from decoder: any Decoder) throws {
        if let xml = decoder as? XMLDecoderImpl {
            self = try xml.treeElement(xml.value, path: xml.codingPathNode)
        } else {
            self = try XMLTreeMapping.decodeElement(from: decoder)
        }
    }

    /// Encodes the element.
    ///
    /// With ``XMLEncoder``, the element is written as it is, with its own name, in place of the
    /// element the coding key would make (so give it the key's name to read it back with the
    /// same key; under the `""` key it is written inside the model's element): attributes in
    /// order, text, CDATA and white space as they are, and a declaration
    /// for each namespace prefix it uses that is not declared where it lands. Names and characters
    /// XML cannot carry, and comments or processing instructions (which the encoder does not
    /// write inside a model), are an `EncodingError.invalidValue`.
    ///
    /// With another encoder, the element is written in the JSON mapping of `xmlc to-json`;
    /// comments and processing instructions are left out, CDATA sections become text, and white
    /// space between child elements is not written (outside `xml:space="preserve"`), as the
    /// mapping documents.
    public func encode(to encoder: any Encoder) throws {
        if let xml = encoder as? XMLEncoderImpl {
            try xml.writeSubtree(self, path: xml.codingPathNode)
        } else {
            try XMLTreeMapping.encode(self, to: encoder)
        }
    }
}

extension XMLTree.Node: Codable {
    /// Decodes one node of an element's content.
    ///
    /// ``XMLDecoder`` reads a `[XMLTree.Node]` property as the content of the element its key
    /// names (see ``XMLTree/Element/init(from:)``); a single node is an element, or a run of text
    /// among mixed content read as a list. With another
    /// decoder, a node is one `"#content"` item of the JSON mapping: a string (text), or an
    /// object with one member (an element).
    public init(from decoder: any Decoder) throws {
        if let xml = decoder as? XMLDecoderImpl {
            if case .characters = xml.value {
                // A run of text among mixed content read as a list.
                self = .text(
                    try xml.withText(xml.value, expecting: String.self, path: xml.codingPathNode) {
                        $0.string
                    })
            } else {
                self = .element(try xml.treeElement(xml.value, path: xml.codingPathNode))
            }
        } else {
            self = try XMLTreeMapping.decodeNode(from: decoder)
        }
    }

    /// Encodes one node of an element's content.
    ///
    /// ``XMLEncoder`` writes a `[XMLTree.Node]` property as the content of the element its key
    /// names, as it is; a single element node is written as ``XMLTree/Element/encode(to:)``
    /// writes it, and another single node is written into the element made for its key. With
    /// another encoder, text and CDATA are a string and an element `{"name": VALUE}`; comments
    /// and processing instructions have no form in the JSON mapping and are an
    /// `EncodingError.invalidValue`.
    public func encode(to encoder: any Encoder) throws {
        if let xml = encoder as? XMLEncoderImpl {
            if case .element(let element) = self {
                try xml.writeSubtree(element, path: xml.codingPathNode)
            } else {
                try xml.writeSubtreeContent([self], path: xml.codingPathNode)
            }
        } else {
            try XMLTreeMapping.encode(self, to: encoder)
        }
    }
}
