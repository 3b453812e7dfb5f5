// XMLMarkup: the writers' rules — escaping, CDATA sections, names and characters, the declaration
// and the DOCTYPE — for the package's command-line tool, whose streaming `xmlc format` and
// `xmlc from-json` must write (and refuse) what `XMLTree`'s writer writes (and refuses).
// `package` access: the tool shares the one implementation (XMLEscaping.swift, XMLWriter.swift,
// XMLWriter+Prolog.swift) instead of a copy, and the library's public API does not change.
// Bytes go in and out as `UncheckedBytes` views, the reader's `package` type the tool sees too.
//
//     XMLMarkup.escape(UncheckedBytes("a<b"), inAttribute: false) { out.append($0) }   // a&lt;b
//     XMLMarkup.cdata(UncheckedBytes("x]]>y")) { out.append($0) }   // <![CDATA[x]]]]><![CDATA[>y]]>
//     XMLMarkup.isQualifiedName("p:a")   // true; "1c" and "a:b:c" are not
//     XMLMarkup.invalidCharacter(in: "a\u{1}")   // U+0001

/// The markup rules of the library's writers, for tools in this package.
package enum XMLMarkup {
    /// Hands `put` the text with the characters XML gives meaning to replaced by references, as
    /// a tree is written: `&`, `<`, `>` and carriage return in text; `&`, `<`, `"`, tab, line
    /// feed and carriage return in attribute values.
    ///
    /// The pieces are views of `bytes` or of a reference's literal, valid during the call to
    /// `put` only.
    package static func escape(_ bytes: UncheckedBytes, inAttribute: Bool, _ put: (UncheckedBytes) -> Void) {
        let mask = inAttribute ? XMLEscaping.minimal.attributeMask : XMLEscaping.minimal.textMask
        XMLEscaping.escape(bytes, mask: mask, put)
    }

    /// Hands `put` a CDATA value as a tree writes it: in sections split around `]]>`, or as
    /// escaped text when it holds a carriage return (which a CDATA section cannot carry). The
    /// pieces are lent as for `escape(_:inAttribute:_:)`.
    package static func cdata(_ bytes: UncheckedBytes, _ put: (UncheckedBytes) -> Void) {
        guard bytes.firstIndex(of: 0x0D, in: 0..<bytes.count) == nil else {
            return escape(bytes, inAttribute: false, put)
        }
        XMLEscaping.cdataSections(bytes) { section in
            put(UncheckedBytes("<![CDATA["))
            put(section)
            put(UncheckedBytes("]]>"))
        }
    }

    /// Whether a string is a name a tree's writer accepts for an element or attribute when
    /// namespaces are processed: an XML name with at most one colon, not first or last (a QName).
    package static func isQualifiedName(_ name: String) -> Bool {
        XMLTreeValidation.isValidName(name)
    }

    /// The first character of `string` that XML 1.0 cannot carry, if any, as a tree's writer
    /// finds it (most C0 controls, U+FFFE, U+FFFF).
    package static func invalidCharacter(in string: String) -> Unicode.Scalar? {
        XMLTreeValidation.invalidCharacter(in: string)
    }

    /// The XML declaration as a tree writes it (a line feed after it), or why it cannot be.
    package static func declaration(_ declaration: XMLDeclaration) throws(XMLTree.SerializationError) -> [UInt8] {
        var writer = XMLWriter(formatting: XMLWriter.Formatting(), capacity: 64)
        do throws(XMLWriter.PrologError) {
            try writer.appendDeclaration(declaration, otherEncoding: .writeUTF8)
        } catch {
            throw error.serializationError
        }
        return writer.bytes
    }

    /// The document type declaration as a tree writes it (a line feed after it), or why it cannot be.
    package static func doctype(_ doctype: XMLDocumentType) throws(XMLTree.SerializationError) -> [UInt8] {
        var writer = XMLWriter(formatting: XMLWriter.Formatting(), capacity: 128)
        do throws(XMLWriter.PrologError) {
            try writer.appendDoctype(doctype, singleQuotes: true)
        } catch {
            throw error.serializationError
        }
        return writer.bytes
    }
}
