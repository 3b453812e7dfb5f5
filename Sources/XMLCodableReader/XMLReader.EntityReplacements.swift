// Replacement text for entities a document uses without declaring them: an opt-in way to read the
// many real documents (RSS feeds above all) that write HTML's `&eacute;` or `&nbsp;` in XML.
//
// Design
// ------
// XML knows five entities of its own (`lt`, `gt`, `amp`, `apos`, `quot`); any other name must be
// declared in the document's DTD, or the document is not well-formed (XML 1.0 §4.1, WFC: Entity
// Declared) and the reader refuses it with `XMLParsingError.Reason.undeclaredEntity`. With
// `XMLReader.Options.undeclaredEntityReplacements` set, the reader looks a name up in this table
// at exactly that point — where it has already decided that the name is undeclared — and so:
//
// * the five predefined entities and everything the DTD declares keep their XML meaning: the table
//   is only consulted for names the document does not declare;
// * a replacement is literal character data, like a character reference: it is never parsed as
//   markup (`"<b>"` reads as the three characters `<b>`) and never expanded further; in attribute
//   values its white space stays as it is (XML 1.0 §3.3.3 treats a character reference's the
//   same way);
// * a name in neither the DTD nor the table is still the `undeclaredEntity` error, and a
//   replacement holding a character XML does not allow (U+0000, U+FFFE…) is refused with an error
//   at the reference, never passed on;
// * where the reader today skips an undeclared reference (a document with an external subset or
//   parameter-entity references, whose declarations a non-validating reader does not read), a name
//   found in the table is replaced instead.
//
// The reader's fast paths never look at the table: it costs nothing unless a document uses an
// undeclared name. HTML's list (`html`) is generated from the WHATWG list into HTMLEntityTable.swift
// (by Scripts/generate-html-entities.py) as one packed string, read into a dictionary the first
// time it is used.
//
// Example
// -------
//     let feed = "<item><title>Caf&eacute; &amp; cr&egrave;me&nbsp;br&ucirc;l&eacute;e</title></item>"
//     var options = XMLReader.Options()
//     options.undeclaredEntityReplacements = .html.adding(["company": "Example Ltd"])
//     var reader = XMLReader(feed, options: options)
//     // The title's text reads "Café & crème\u{A0}brûlée": `&amp;` is XML's own, the others come
//     // from HTML's list; `&company;` would read "Example Ltd", and `&nosuch;` is still an error.

extension XMLReader {
    /// Replacement text for entity references that a document uses without declaring them.
    ///
    /// XML itself only knows the five predefined entities (`&lt;`, `&gt;`, `&amp;`, `&apos;`,
    /// `&quot;`) and those a document declares in its DTD; any other reference makes the document
    /// not well-formed, and the reader refuses it with ``XMLParsingError/Reason/undeclaredEntity(_:)``.
    /// Many documents in the wild — RSS feeds especially — still write HTML's `&eacute;` or
    /// `&nbsp;`. Set ``XMLReader/Options/undeclaredEntityReplacements`` (or
    /// ``XMLDecoder/undeclaredEntityReplacements``) to one of these tables to read them anyway:
    ///
    /// ```swift
    /// var options = XMLReader.Options()
    /// options.undeclaredEntityReplacements = .html                     // HTML's named references
    /// options.undeclaredEntityReplacements = .html.adding(["logo": "☕"])  // …and a name of your own
    /// ```
    ///
    /// The table is only consulted for names the document does not declare: the predefined entities
    /// and the DTD's declarations keep their meaning. A replacement is character data, like a
    /// character reference (never parsed as markup, never expanded further); a name in neither the
    /// DTD nor the table is still an error; a replacement holding a character XML does not allow
    /// (such as U+0000 or U+FFFE) is refused where it is referenced.
    ///
    /// Documents read this way are not well-formed XML: other XML processors refuse them. The
    /// option costs nothing when it is off, and only a table lookup for each undeclared reference
    /// when it is on.
    public struct EntityReplacements: Sendable, Hashable {
        /// Whether HTML's named character references are in the set.
        private var includesHTML: Bool
        /// The caller's names; they win over HTML's.
        private var table: [String: String]

        private init(includesHTML: Bool, table: [String: String]) {
            self.includesHTML = includesHTML
            self.table = table
        }

        /// HTML's named character references (the WHATWG HTML standard's list, e.g. `eacute` → "é",
        /// `nbsp` → U+00A0).
        ///
        /// The 2,125 names of the list that end with `;` (as an XML reference does), looked up
        /// case-sensitively as HTML does: `&Eacute;` is "É", `&eacute;` is "é". A few names stand
        /// for two code points (`&NotEqualTilde;` is U+2242 U+0338).
        public static let html = EntityReplacements(includesHTML: true, table: [:])

        /// A caller's own table: entity name (without `&` and `;`) → replacement text.
        ///
        /// - Parameter table: the replacement text for each name. A replacement is read as
        ///   character data, never as markup; one holding a character XML does not allow (such as
        ///   U+0000 or U+FFFE) makes a reference to its name an error.
        public init(_ table: [String: String]) {
            self.init(includesHTML: false, table: table)
        }

        /// This set with `table`'s names added (they win over this set's).
        ///
        /// ```swift
        /// let replacements = XMLReader.EntityReplacements.html.adding(["nbsp": " "])  // a plain space
        /// ```
        public func adding(_ table: [String: String]) -> EntityReplacements {
            EntityReplacements(includesHTML: includesHTML, table: self.table.merging(table) { _, new in new })
        }

        /// The replacement text for `name`, or nil.
        ///
        /// - Parameter name: an entity name, without `&` and `;`.
        public func replacement(for name: String) -> String? {
            if let text = table[name] { return text }
            return includesHTML ? HTMLEntityTable.entries[name] : nil
        }
    }
}

extension HTMLEntityTable {
    /// The table as a dictionary, read from `packed` the first time it is used (a `static let` is
    /// initialized once, safely across threads).
    static let entries: [String: String] = parse(packed)

    /// Reads `name=HEX;` and `name=HEX+HEX;` entries. The packed string is generated, so nothing
    /// in it is malformed; should something be, that entry is left out rather than trusted.
    static func parse(_ packed: String) -> [String: String] {
        var entries: [String: String] = [:]
        entries.reserveCapacity(2_200)
        for entry in packed.utf8.split(separator: UInt8(ascii: ";")) {
            let parts = entry.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[0].isEmpty else { continue }
            var text = String.UnicodeScalarView()
            var valid = true
            for hex in parts[1].split(separator: UInt8(ascii: "+")) {
                guard let value = UInt32(String(decoding: hex, as: UTF8.self), radix: 16),
                    let scalar = Unicode.Scalar(value)
                else {
                    valid = false
                    break
                }
                text.append(scalar)
            }
            guard valid, !text.isEmpty else { continue }
            entries[String(decoding: parts[0], as: UTF8.self)] = String(text)
        }
        return entries
    }
}
