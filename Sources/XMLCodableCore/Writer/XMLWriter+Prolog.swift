// XMLWriter+Prolog: the one writer and validator of the XML declaration and the document type
// declaration, for `XMLEncoder` (which turns XMLCoder's `XMLHeader` into an `XMLDeclaration`) and
// for `XMLTree` alike, so both write the same bytes and refuse the same things.
//
// Rules: the version must be `1.` followed by digits; a declared encoding must name UTF-8 (in any
// case; written as given) since the output is UTF-8 — the encoder refuses another name, a tree
// (which may have been read from a document in another encoding) writes `UTF-8` instead. The
// DOCTYPE name must be an XML Name, the public identifier PubidChars only, and the system
// identifier characters XML 1.0 can carry, written between `"` — or, for a tree, between `'` when
// it holds a `"` (a document read may have one); the encoder keeps XMLCoder's form, `"` only, and
// refuses a system identifier holding `"` (a URI reference, where `"` is percent-encoded). One
// holding both quotes cannot be written at all. For example:
//
//     XMLDeclaration(version: "1.0", encoding: "utf-8", standalone: true)
//     // <?xml version="1.0" encoding="utf-8" standalone="yes"?>\n
//     XMLDocumentType(name: "html", publicID: "-//W3C//DTD XHTML 1.0 Strict//EN", systemID: "x.dtd")
//     // <!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "x.dtd">\n
//     XMLDeclaration(version: "2.0")   // refused: the XML version "2.0" is not 1.x

extension XMLWriter {
    /// Why a declaration or document type declaration cannot be written.
    enum PrologError: Error {
        /// A rule broken, as a phrase (`the XML version "2.0" is not 1.x`).
        case invalid(String)
        /// A character XML 1.0 cannot carry.
        case invalidCharacter(Unicode.Scalar)

        /// The error a tree's writer throws for it.
        var serializationError: XMLTree.SerializationError {
            switch self {
            case .invalid(let why): XMLTree.SerializationError(reason: .invalidDeclaration(why), path: "")
            case .invalidCharacter(let scalar): XMLTree.SerializationError(reason: .invalidCharacter(scalar), path: "")
            }
        }

        var message: String {
            switch self {
            case .invalid(let why): why
            case .invalidCharacter(let scalar):
                "U+\(String(scalar.value, radix: 16, uppercase: true)) cannot be represented in XML 1.0"
            }
        }
    }

    /// What to do with a declared encoding other than UTF-8.
    enum OtherEncoding {
        /// Refuse it: the declaration would not describe the bytes (the encoder).
        case refuse
        /// Write `UTF-8` instead: the document is written in UTF-8 (a tree read from a document
        /// in another encoding).
        case writeUTF8
    }

    /// Appends the XML declaration and a line feed, or throws if it cannot be written.
    mutating func appendDeclaration(_ declaration: XMLDeclaration, otherEncoding: OtherEncoding) throws(PrologError) {
        let version = declaration.version.utf8
        guard version.count >= 3, version.starts(with: "1.".utf8),
            version.dropFirst(2).allSatisfy({ $0 >= 0x30 && $0 <= 0x39 })
        else {
            throw .invalid(
                declaration.version.isEmpty
                    ? "an XML declaration needs a version" : "the XML version \"\(declaration.version)\" is not 1.x")
        }
        var encoding = declaration.encoding
        if let name = encoding, !name.utf8.elementsEqual("UTF-8".utf8, by: { $0 & 0xDF == $1 & 0xDF }) {
            switch otherEncoding {
            case .refuse: throw .invalid("the output is UTF-8, so the declaration cannot name the encoding \"\(name)\"")
            case .writeUTF8: encoding = "UTF-8"
            }
        }
        append("<?xml version=\"")
        append(declaration.version)
        append("\"")
        if let encoding {
            append(" encoding=\"")
            append(encoding)
            append("\"")
        }
        if let standalone = declaration.standalone { append(standalone ? " standalone=\"yes\"" : " standalone=\"no\"") }
        append("?>\n")
    }

    /// Appends the document type declaration and a line feed, or throws if it cannot be written.
    /// Only the name and the external identifiers are written (see ``XMLDocumentType``).
    ///
    /// - Parameter singleQuotes: whether a system identifier holding `"` is written between `'`
    ///   (a tree) rather than refused (the encoder, which writes XMLCoder's form).
    mutating func appendDoctype(_ doctype: XMLDocumentType, singleQuotes: Bool) throws(PrologError) {
        // The doctype's name is a Name (it need not be a QName, even with namespaces).
        guard Self.isName(doctype.name, namespaceAware: false) else {
            throw .invalid("the document type name \"\(doctype.name)\" is not an XML name")
        }
        if let publicID = doctype.publicID {
            let extras = Set(" \r\n-'()+,./:=?;!*#@$_%".utf8)
            let isPubid = publicID.utf8.allSatisfy { b in
                (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39) || extras.contains(b)
            }
            guard isPubid else {
                throw .invalid("the public identifier \"\(publicID)\" has characters a public identifier cannot have")
            }
        }
        var quote = "\""
        if let systemID = doctype.systemID {
            if let bad = XMLTreeValidation.invalidCharacter(in: systemID) { throw .invalidCharacter(bad) }
            // Looked for as bytes: a quote followed by a combining mark is one Swift Character,
            // but still ends the literal in XML.
            if systemID.utf8.contains(UInt8(ascii: "\"")) {
                guard singleQuotes else { throw .invalid("the system identifier \"\(systemID)\" contains '\"'") }
                guard !systemID.utf8.contains(UInt8(ascii: "'")) else {
                    throw .invalid("the system identifier contains both kinds of quote")
                }
                quote = "'"
            }
        }
        append("<!DOCTYPE ")
        append(doctype.name)
        if let publicID = doctype.publicID {
            append(" PUBLIC \"")
            append(publicID)
            append("\" " + quote)
            append(doctype.systemID ?? "")
            append(quote)
        } else if let systemID = doctype.systemID {
            append(" SYSTEM " + quote)
            append(systemID)
            append(quote)
        }
        append(">\n")
    }
}
