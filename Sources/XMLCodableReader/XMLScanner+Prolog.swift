// The prolog: the XML declaration and the document type declaration's outer syntax.
//
// The XML declaration is only recognised at the very start of the document (after a UTF-8 byte
// order mark); anywhere else `<?xml` is a processing instruction with a reserved target, which is
// an error. Its pseudo-attributes must come in order: version, encoding, standalone.

extension XMLScanner {
    /// Reads the XML declaration, if the document starts with one.
    mutating func xmlDeclaration(_ document: UncheckedBytes) throws(ScanError) {
        let buf = document
        if !transcoded, end >= 3, buf[unchecked: 0] == 0xEF, buf[unchecked: 1] == 0xBB, buf[unchecked: 2] == 0xBF {
            position = 3
        }
        if position + 5 == end, matches(buf, position, "<?xml") {
            throw unexpected(buf, at: end, expected: "the XML declaration")
        }
        guard matches(buf, position, "<?xml"), position + 5 < end,
            ByteClass.table[Int(buf[unchecked: position + 5])] & ByteClass.space != 0
        else {
            return
        }
        var p = position + 5
        // A declaration cut short is reported as such, not as whatever part happens to be missing.
        var close = p
        while close + 1 < end,
            !(buf[unchecked: close] == UInt8(ascii: "?") && buf[unchecked: close + 1] == UInt8(ascii: ">"))
        { close += 1 }
        if close + 1 >= end { throw unexpected(buf, at: end, expected: "'?>' to end the XML declaration") }
        skipSpace(buf, &p)
        func bad(_ why: String, _ at: Int) -> ScanError { error(.invalidXMLDeclaration(why), at: at) }
        /// Reads `name S? = S? "value"` and returns the value's range.
        func pseudoAttribute(_ name: StaticString, _ p: inout Int) throws(ScanError) -> Range<Int>? {
            guard matches(buf, p, name) else { return nil }
            p += name.utf8CodeUnitCount
            skipSpace(buf, &p)
            guard p < end, buf[unchecked: p] == UInt8(ascii: "=") else { throw bad("expected '=' after '\(name)'", p) }
            p += 1
            skipSpace(buf, &p)
            guard p < end, buf[unchecked: p] == UInt8(ascii: "\"") || buf[unchecked: p] == UInt8(ascii: "'") else {
                throw bad("expected a quoted value for '\(name)'", p)
            }
            let quote = buf[unchecked: p]
            let start = p + 1
            var q = start
            while q < end, buf[unchecked: q] != quote, buf[unchecked: q] != UInt8(ascii: "?"),
                buf[unchecked: q] != UInt8(ascii: ">")
            { q += 1 }
            guard q < end, buf[unchecked: q] == quote else { throw bad("the value of '\(name)' is not closed", q) }
            p = q + 1
            return start..<q
        }
        let text = { (range: Range<Int>) in String(decoding: buf.rawBuffer(unchecked: range), as: UTF8.self) }
        guard let version = try pseudoAttribute("version", &p) else { throw bad("the version is missing", p) }
        let versionOK =
            version.count >= 3 && buf[unchecked: version.lowerBound] == UInt8(ascii: "1")
            && buf[unchecked: version.lowerBound + 1] == UInt8(ascii: ".")
            && version.dropFirst(2).allSatisfy {
                buf[unchecked: $0] >= UInt8(ascii: "0") && buf[unchecked: $0] <= UInt8(ascii: "9")
            }
        guard versionOK else { throw bad("version '\(text(version))' is not of the form 1.x", version.lowerBound) }
        var encoding: String?
        var standalone: Bool?
        var hadSpace = skipSpace(buf, &p)
        if hadSpace, let range = try pseudoAttribute("encoding", &p) {
            // EncName ::= [A-Za-z] ([A-Za-z0-9._] | '-')*
            let valid =
                !range.isEmpty
                && range.enumerated().allSatisfy { index, at in
                    let b = buf[unchecked: at]
                    let letter = (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z")
                    return letter
                        || (index > 0
                            && ((b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: ".")
                                || b == UInt8(ascii: "_")
                                || b == UInt8(ascii: "-")))
                }
            guard valid else { throw bad("'\(text(range))' is not a valid encoding name", range.lowerBound) }
            encoding = text(range)
            hadSpace = skipSpace(buf, &p)
        }
        if hadSpace, let range = try pseudoAttribute("standalone", &p) {
            switch text(range) {
            case "yes": standalone = true
            case "no": standalone = false
            default: throw bad("standalone must be 'yes' or 'no'", range.lowerBound)
            }
            skipSpace(buf, &p)
        }
        guard p + 1 < end, buf[unchecked: p] == UInt8(ascii: "?"), buf[unchecked: p + 1] == UInt8(ascii: ">") else {
            throw bad(
                p < end && ByteClass.table[Int(buf[unchecked: p])] & ByteClass.nameStart != 0
                    ? "unexpected pseudo-attribute (only version, encoding and standalone, in that order, "
                        + "separated by white space)"
                    : "expected '?>'", p)
        }
        position = p + 2
        declaration = XMLDeclaration(version: text(version), encoding: encoding, standalone: standalone)
    }

    /// Reads `<!DOCTYPE name ExternalID? [internal subset]? >` and returns its event.
    mutating func doctypeDeclaration(_ document: UncheckedBytes) throws(ScanError) -> XMLEvent {
        let buf = document
        var p = position + 9
        guard skipSpace(buf, &p) else { throw unexpected(buf, at: p, expected: "white space after '<!DOCTYPE'") }
        let (nameEnd, _) = try scanName(buf, at: p, qualified: true)
        let name = XMLSlice(source: 0, start: p, end: nameEnd)
        p = nameEnd
        var hadSpace = skipSpace(buf, &p)
        var publicID: String?
        var systemID: String?
        if hadSpace, matches(buf, p, "SYSTEM") || matches(buf, p, "PUBLIC") {
            position = p
            (publicID, systemID) = try externalID(buf, requireSystem: true)
            p = position
            hadSpace = skipSpace(buf, &p)
        }
        _ = hadSpace
        let store = dtd ?? DTDStore()
        dtd = store
        if p < end, buf[unchecked: p] == UInt8(ascii: "[") {
            position = p + 1
            try internalSubset(document, into: store, hasExternalSubset: systemID != nil)
            p = position
            skipSpace(buf, &p)
        }
        guard p < end, buf[unchecked: p] == UInt8(ascii: ">") else {
            throw unexpected(buf, at: p, expected: "'>' to end the document type declaration")
        }
        position = p + 1
        activeEntities = [Bool](repeating: false, count: store.entities.count)
        hasAttributeDeclarations = store.hasAttributeLists
        let standalone = declaration?.standalone == true
        undeclaredEntitiesAreErrors = standalone || (systemID == nil && !sawParameterEntityReference)
        doctype = XMLDocumentType(
            name: rawBytes(name, document).string, publicID: publicID, systemID: systemID,
            notations: store.notations, entityNames: store.generalEntityNames)
        if pendingEvents.isEmpty { return .doctype(name: name) }
        pendingEvents.append(.doctype(name: name))
        pendingIndex = 1
        return pendingEvents[0]
    }

    /// Reads `SYSTEM "…"` or `PUBLIC "…" "…"` at `position` (the system literal is optional after
    /// PUBLIC only when `requireSystem` is false, as in a notation declaration).
    mutating func externalID(_ buf: UncheckedBytes, requireSystem: Bool) throws(ScanError) -> (
        publicID: String?, systemID: String?
    ) {
        var p = position
        var publicID: String?
        var systemID: String?
        if matches(buf, p, "SYSTEM") {
            p += 6
            guard skipSpace(buf, &p) else { throw unexpected(buf, at: p, expected: "white space after SYSTEM") }
            systemID = try systemLiteral(buf, &p)
        } else if matches(buf, p, "PUBLIC") {
            p += 6
            guard skipSpace(buf, &p) else { throw unexpected(buf, at: p, expected: "white space after PUBLIC") }
            guard p < end, buf[unchecked: p] == UInt8(ascii: "\"") || buf[unchecked: p] == UInt8(ascii: "'") else {
                throw unexpected(buf, at: p, expected: "a quoted public identifier")
            }
            let quote = buf[unchecked: p]
            var q = p + 1
            while q < end, buf[unchecked: q] != quote {
                guard isPubidByte(buf[unchecked: q]) else {
                    throw error(
                        .invalidDeclaration(
                            "\(describe(buf, at: q, limit: end)) is not allowed in a public identifier"), at: q)
                }
                q += 1
            }
            guard q < end else { throw unexpected(buf, at: q, expected: "the closing quote of the public identifier") }
            publicID = literalString(buf, (p + 1)..<q)
            p = q + 1
            var r = p
            let hadSpace = skipSpace(buf, &r)
            if hadSpace, r < end, buf[unchecked: r] == UInt8(ascii: "\"") || buf[unchecked: r] == UInt8(ascii: "'") {
                p = r
                systemID = try systemLiteral(buf, &p)
            } else if requireSystem {
                throw unexpected(
                    buf, at: r,
                    expected: hadSpace ? "a quoted system identifier" : "white space and a system identifier")
            }
        } else {
            throw unexpected(buf, at: p, expected: "SYSTEM or PUBLIC")
        }
        position = p
        return (publicID, systemID)
    }

    private mutating func systemLiteral(_ buf: UncheckedBytes, _ p: inout Int) throws(ScanError) -> String {
        guard p < end, buf[unchecked: p] == UInt8(ascii: "\"") || buf[unchecked: p] == UInt8(ascii: "'") else {
            throw unexpected(buf, at: p, expected: "a quoted system identifier")
        }
        let quote = buf[unchecked: p]
        var q = p + 1
        while q < end, buf[unchecked: q] != quote { q = try checkCharacter(buf, at: q) }
        guard q < end else { throw unexpected(buf, at: q, expected: "the closing quote of the system identifier") }
        let value = literalString(buf, (p + 1)..<q)
        p = q + 1
        return value
    }

    /// The text of a public or system literal. Line ends in the document itself are normalized
    /// (XML 1.0 §2.11: CR LF and a lone CR become LF); a CR in an entity's replacement text came
    /// from a character reference and is kept.
    private func literalString(_ buf: UncheckedBytes, _ range: Range<Int>) -> String {
        let bytes = buf.rawBuffer(unchecked: range)
        guard bytes.contains(0x0D), hasRawLineEnds(source) else { return String(decoding: bytes, as: UTF8.self) }
        var normalized: [UInt8] = []
        normalized.reserveCapacity(bytes.count)
        for (i, byte) in bytes.enumerated() where !(byte == 0x0A && i > 0 && bytes[i - 1] == 0x0D) {
            normalized.append(byte == 0x0D ? 0x0A : byte)
        }
        return String(decoding: normalized, as: UTF8.self)
    }
}
