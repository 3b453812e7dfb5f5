// The internal DTD subset: markup declarations, parameter entities, and what the reader keeps.
//
// The subset is read once, when the DOCTYPE is reached, into the `DTDStore`: internal entities
// (with their replacement text built as §4.5 says: character references and parameter entities
// expanded, general entity references left for later), attribute-list declarations (types and
// defaults) and notations. Element declarations are checked for syntax only.
//
// A parameter-entity reference between declarations continues reading in the entity's
// replacement text (a `Frame`, as for general entities in content); a declaration must begin and
// end within one entity. The subset is never allowed to pull anything external: a reference to an
// external parameter entity is noted, and (unless the document is standalone) later entity and
// attribute-list declarations are then only checked, as XML 1.0 §5.1 requires of a processor that
// does not read it.

extension XMLScanner {
    /// Reads the internal subset into `store` (the scanner's `dtd`).
    mutating func internalSubset(_ document: UncheckedBytes, into store: DTDStore, hasExternalSubset: Bool)
        throws(ScanError)
    {
        let standalone = declaration?.standalone == true
        undeclaredEntitiesAreErrors = standalone || !hasExternalSubset
        while true {
            let buf = buffer(source, document)
            skipSpace(buf)
            guard position < end else {
                if !frames.isEmpty {
                    let frame = frames.removeLast()
                    source = frame.source
                    position = frame.position
                    end = frame.end
                    continue
                }
                throw unexpected(buf, at: position, expected: "']' to end the internal subset")
            }
            let byte = buf[unchecked: position]
            if byte == UInt8(ascii: "]") {
                if !frames.isEmpty {
                    throw error(.syntax("']' inside the replacement text of a parameter entity"), at: position)
                }
                position += 1
                return
            }
            if byte == UInt8(ascii: "%") {
                try parameterEntityReference(buf, store: store, standalone: standalone)
                continue
            }
            guard byte == UInt8(ascii: "<") else {
                throw unexpected(buf, at: position, expected: "a markup declaration or ']'")
            }
            if store.buffers.count >= XMLSlice.maxSources - 2 {
                throw error(.documentTooLarge(limit: XMLSlice.maxSources), at: position)
            }
            if matches(buf, position, "<!--") {
                _ = try comment(buf)
            } else if matches(buf, position, "<?") {
                // XML 1.0 §2.6: PIs are passed to the application, those in the DTD too. They are
                // reported before the doctype event, in document order.
                pendingEvents.append(try processingInstruction(buf))
            } else if matches(buf, position, "<!ENTITY") {
                try entityDeclaration(buf, store: store, standalone: standalone)
            } else if matches(buf, position, "<!ATTLIST") {
                try attributeListDeclaration(buf, store: store, standalone: standalone)
            } else if matches(buf, position, "<!ELEMENT") {
                try elementDeclaration(buf)
            } else if matches(buf, position, "<!NOTATION") {
                try notationDeclaration(buf, store: store)
            } else if matches(buf, position, "<![") {
                throw error(
                    .invalidDeclaration("conditional sections are only allowed in the external subset"), at: position)
            } else {
                if endsWithin(buf, position, "<!--", "<!ENTITY", "<!ATTLIST", "<!ELEMENT", "<!NOTATION", "<![") {
                    throw unexpected(buf, at: end, expected: "the rest of the markup declaration")
                }
                throw error(
                    .invalidDeclaration(
                        "expected <!ELEMENT, <!ATTLIST, <!ENTITY, <!NOTATION, a comment or a processing instruction"),
                    at: position)
            }
        }
    }

    /// `%name;` between declarations.
    private mutating func parameterEntityReference(_ buf: UncheckedBytes, store: DTDStore, standalone: Bool)
        throws(ScanError)
    {
        let start = position
        let (nameEnd, _) = try scanName(buf, at: start + 1, qualified: false)
        guard nameEnd < end, buf[unchecked: nameEnd] == UInt8(ascii: ";") else {
            throw unexpected(buf, at: nameEnd, expected: "';' to end the parameter-entity reference")
        }
        position = nameEnd + 1
        sawParameterEntityReference = true
        if !standalone { undeclaredEntitiesAreErrors = false }
        let name = buf.extracting(unchecked: (start + 1)..<nameEnd)
        guard let index = store.parameterEntity(named: name) else {
            if standalone { throw error(.undeclaredEntity("%" + name.string), at: start) }
            skipDeclarations = true
            return
        }
        let entity = store.entities[index]
        if entity.isExternal {
            // Never read; what it might declare is unknown from here on.
            if !standalone { skipDeclarations = true }
            return
        }
        if frames.contains(where: { $0.entity == index }) {
            throw error(.recursiveEntity("%" + name.string), at: start)
        }
        if frames.count >= limits.maxDepth { throw error(.depthLimitExceeded(limit: limits.maxDepth), at: start) }
        let text = store.buffer(entity.source)
        try account(max(text.count, nameEnd + 1 - start), at: start)
        let referenceOffset = frames.first?.referenceOffset ?? start
        frames.append(
            Frame(
                source: source, position: position, end: end, entity: index, depth: 0, referenceOffset: referenceOffset)
        )
        source = entity.source
        position = 0
        end = text.count
    }

    /// Whether the declarations just read are to be kept.
    private mutating func keeping(_ standalone: Bool) -> Bool { !skipDeclarations || standalone }

    // MARK: - <!ENTITY>

    private mutating func entityDeclaration(_ buf: UncheckedBytes, store: DTDStore, standalone: Bool) throws(ScanError)
    {
        var p = position + 8
        guard skipSpace(buf, &p) else { throw unexpected(buf, at: p, expected: "white space after '<!ENTITY'") }
        var isParameter = false
        if p < end, buf[unchecked: p] == UInt8(ascii: "%") {
            p += 1
            guard skipSpace(buf, &p) else { throw unexpected(buf, at: p, expected: "white space after '%'") }
            isParameter = true
        }
        let nameStart = p
        let (nameEnd, _) = try scanName(buf, at: p, qualified: false)
        let name = Array(buf.rawBuffer(unchecked: nameStart..<nameEnd))
        p = nameEnd
        guard skipSpace(buf, &p) else { throw unexpected(buf, at: p, expected: "white space after the entity name") }
        var entity = DTDStore.Entity(
            name: name, isParameter: isParameter, source: 0, declaredInParameterEntity: !frames.isEmpty)
        if p < end, buf[unchecked: p] == UInt8(ascii: "\"") || buf[unchecked: p] == UInt8(ascii: "'") {
            let replacement = try entityValue(buf, &p)
            if keeping(standalone) {
                entity.source = replacement.withUncheckedBytes {
                    store.addBuffer($0, rawLineEnds: false, documentOffset: offset(nameStart))
                }
            }
        } else {
            position = p
            (entity.publicID, entity.systemID) = try externalID(buf, requireSystem: true)
            p = position
            let hadSpace = skipSpace(buf, &p)
            if hadSpace, matches(buf, p, "NDATA") {
                if isParameter {
                    throw error(.invalidDeclaration("a parameter entity cannot be unparsed (NDATA)"), at: p)
                }
                p += 5
                guard skipSpace(buf, &p) else { throw unexpected(buf, at: p, expected: "white space after NDATA") }
                let (notationEnd, _) = try scanName(buf, at: p, qualified: false)
                entity.notation = Array(buf.rawBuffer(unchecked: p..<notationEnd))
                p = notationEnd
            }
        }
        skipSpace(buf, &p)
        guard p < end, buf[unchecked: p] == UInt8(ascii: ">") else {
            throw unexpected(buf, at: p, expected: "'>' to end the entity declaration")
        }
        position = p + 1
        // An internal entity skipped above has no text; do not declare it.
        if keeping(standalone), entity.systemID != nil || entity.source != 0 {
            store.declare(entity)
        }
    }

    /// Reads a quoted entity value and builds its replacement text.
    private mutating func entityValue(_ buf: UncheckedBytes, _ p: inout Int) throws(ScanError) -> [UInt8] {
        let quote = buf[unchecked: p]
        var q = p + 1
        var out: [UInt8] = []
        let raw = hasRawLineEnds(source)
        while true {
            guard q < end else { throw unexpected(buf, at: q, expected: "the closing quote of the entity value") }
            let b = buf[unchecked: q]
            if b == quote { break }
            switch b {
            case UInt8(ascii: "%"):
                throw error(
                    .invalidDeclaration(
                        "parameter-entity references are not allowed inside markup declarations in the "
                            + "internal subset"),
                    at: q)
            case UInt8(ascii: "&"):
                let reference = try scanReference(buf, at: q)
                if case .character(let scalar) = reference.kind {
                    appendUTF8(scalar, to: &out)
                } else {
                    out.append(contentsOf: buf.rawBuffer(unchecked: q..<reference.end))
                }
                q = reference.end
            case 0x0D where raw:
                out.append(0x0A)
                q += (q + 1 < end && buf[unchecked: q + 1] == 0x0A) ? 2 : 1
            default:
                let next = try checkCharacter(buf, at: q)
                out.append(contentsOf: buf.rawBuffer(unchecked: q..<next))
                q = next
            }
        }
        p = q + 1
        return out
    }

    // MARK: - <!ATTLIST>

    private mutating func attributeListDeclaration(_ buf: UncheckedBytes, store: DTDStore, standalone: Bool)
        throws(ScanError)
    {
        var p = position + 9
        guard skipSpace(buf, &p) else { throw unexpected(buf, at: p, expected: "white space after '<!ATTLIST'") }
        let elementStart = p
        let (elementEnd, _) = try scanName(buf, at: p, qualified: true)
        let element = buf.extracting(unchecked: elementStart..<elementEnd)
        p = elementEnd
        while true {
            let hadSpace = skipSpace(buf, &p)
            guard p < end else { throw unexpected(buf, at: p, expected: "'>' to end the attribute-list declaration") }
            if buf[unchecked: p] == UInt8(ascii: ">") {
                p += 1
                break
            }
            guard hadSpace else { throw unexpected(buf, at: p, expected: "white space before the attribute name") }
            let nameStart = p
            let (nameEnd, prefixLength) = try scanName(buf, at: p, qualified: true)
            p = nameEnd
            guard skipSpace(buf, &p) else {
                throw unexpected(buf, at: p, expected: "white space after the attribute name")
            }
            // AttType
            var isTokenized = true
            if p < end, buf[unchecked: p] == UInt8(ascii: "(") {
                p = try tokenList(buf, from: p + 1, names: false)
            } else if matches(buf, p, "NOTATION") {
                p += 8
                guard skipSpace(buf, &p) else { throw unexpected(buf, at: p, expected: "white space after NOTATION") }
                guard p < end, buf[unchecked: p] == UInt8(ascii: "(") else {
                    throw unexpected(buf, at: p, expected: "'(' to start the notation list")
                }
                p = try tokenList(buf, from: p + 1, names: true)
            } else {
                let keywordStart = p
                while p < end, buf[unchecked: p] >= UInt8(ascii: "A"), buf[unchecked: p] <= UInt8(ascii: "Z") { p += 1 }
                let keyword = buf.extracting(unchecked: keywordStart..<p)
                if equalsASCII(keyword, "CDATA") {
                    isTokenized = false
                } else if !(equalsASCII(keyword, "ID") || equalsASCII(keyword, "IDREF")
                    || equalsASCII(keyword, "IDREFS")
                    || equalsASCII(keyword, "ENTITY") || equalsASCII(keyword, "ENTITIES")
                    || equalsASCII(keyword, "NMTOKEN")
                    || equalsASCII(keyword, "NMTOKENS"))
                {
                    if p >= end { throw unexpected(buf, at: p, expected: "the rest of the attribute type") }
                    throw error(
                        .invalidDeclaration(
                            "expected an attribute type (CDATA, ID, IDREF, IDREFS, ENTITY, ENTITIES, NMTOKEN, "
                                + "NMTOKENS, NOTATION or an enumeration)"
                        ),
                        at: keywordStart)
                }
            }
            guard skipSpace(buf, &p) else {
                throw unexpected(buf, at: p, expected: "white space after the attribute type")
            }
            // DefaultDecl
            var defaultValue: (start: Int, end: Int, flags: XMLSlice.Flags)?
            var expansionCost = 0
            if matches(buf, p, "#REQUIRED") {
                p += 9
            } else if matches(buf, p, "#IMPLIED") {
                p += 8
            } else {
                if matches(buf, p, "#FIXED") {
                    p += 6
                    guard skipSpace(buf, &p) else { throw unexpected(buf, at: p, expected: "white space after #FIXED") }
                }
                guard p < end, buf[unchecked: p] == UInt8(ascii: "\"") || buf[unchecked: p] == UInt8(ascii: "'") else {
                    throw unexpected(buf, at: p, expected: "#REQUIRED, #IMPLIED, #FIXED or a quoted default value")
                }
                let before = expandedBytes
                defaultValue = try defaultAttributeValue(buf, &p)
                expansionCost = expandedBytes - before
            }
            guard keeping(standalone) else { continue }
            let nameBytes = buf.extracting(unchecked: nameStart..<nameEnd)
            guard let list = store.claimAttribute(element: element, name: nameBytes) else { continue }
            // An attribute declared #IMPLIED or #REQUIRED with type CDATA changes nothing in a start tag.
            guard isTokenized || defaultValue != nil else { continue }
            let nameSource = store.addBuffer(nameBytes, rawLineEnds: false, documentOffset: offset(nameStart))
            var value: XMLSlice?
            if let defaultValue {
                let valueSource = store.addBuffer(
                    buf.extracting(unchecked: defaultValue.start..<defaultValue.end),
                    rawLineEnds: hasRawLineEnds(source),
                    documentOffset: offset(defaultValue.start))
                value = XMLSlice(
                    source: valueSource, start: 0, end: defaultValue.end - defaultValue.start, flags: defaultValue.flags
                )
            }
            let qualifiedName = XMLName(
                qualified: XMLSlice(source: nameSource, start: 0, end: nameBytes.count), prefixLength: prefixLength)
            store.addAttribute(
                list: list, name: nameBytes,
                .init(
                    qualifiedName: qualifiedName, isTokenized: isTokenized, defaultValue: value,
                    expansionCost: expansionCost))
        }
        position = p
    }

    /// `( Nmtoken | Nmtoken … )` or, for a notation type, `( Name | Name … )`, after the '('.
    private mutating func tokenList(_ buf: UncheckedBytes, from start: Int, names: Bool) throws(ScanError) -> Int {
        var p = start
        while true {
            skipSpace(buf, &p)
            if names {
                p = try scanName(buf, at: p, qualified: false).end
            } else {
                let tokenStart = p
                while p < end {
                    if buf[unchecked: p] < 0x80 {
                        guard lexer.table[Int(buf[unchecked: p])] & ByteClass.name != 0 else { break }
                        p += 1
                    } else {
                        guard let (scalar, length) = decodeScalar(buf, p, end), isNameScalar(scalar) else { break }
                        p += length
                    }
                }
                guard p > tokenStart else { throw unexpected(buf, at: p, expected: "a name token") }
            }
            skipSpace(buf, &p)
            guard p < end else { throw unexpected(buf, at: p, expected: "')' or '|'") }
            if buf[unchecked: p] == UInt8(ascii: ")") { return p + 1 }
            guard buf[unchecked: p] == UInt8(ascii: "|") else { throw unexpected(buf, at: p, expected: "')' or '|'") }
            p += 1
        }
    }

    /// Reads a default attribute value, checking it as an attribute value in a start tag is checked.
    private mutating func defaultAttributeValue(_ buf: UncheckedBytes, _ p: inout Int) throws(ScanError) -> (
        start: Int, end: Int, flags: XMLSlice.Flags
    ) {
        let quote = buf[unchecked: p]
        let start = p + 1
        var q = start
        var flags: XMLSlice.Flags = .attributeValue
        while true {
            guard q < end else { throw unexpected(buf, at: q, expected: "the closing quote of the default value") }
            if buf[unchecked: q] == quote { break }
            q = try attributeValueByte(buf, at: q, flags: &flags)
        }
        p = q + 1
        return (start, q, flags)
    }

    // MARK: - <!ELEMENT>

    private mutating func elementDeclaration(_ buf: UncheckedBytes) throws(ScanError) {
        var p = position + 9
        guard skipSpace(buf, &p) else { throw unexpected(buf, at: p, expected: "white space after '<!ELEMENT'") }
        p = try scanName(buf, at: p, qualified: true).end
        guard skipSpace(buf, &p) else { throw unexpected(buf, at: p, expected: "white space after the element name") }
        if matches(buf, p, "EMPTY") {
            p += 5
        } else if matches(buf, p, "ANY") {
            p += 3
        } else if p < end, buf[unchecked: p] == UInt8(ascii: "(") {
            var q = p + 1
            skipSpace(buf, &q)
            if matches(buf, q, "#PCDATA") {
                p = try mixedContent(buf, from: q + 7)
            } else {
                p = try childrenContent(buf, from: p + 1)
            }
        } else {
            throw unexpected(buf, at: p, expected: "EMPTY, ANY or '(' to start the content model")
        }
        skipSpace(buf, &p)
        guard p < end, buf[unchecked: p] == UInt8(ascii: ">") else {
            throw unexpected(buf, at: p, expected: "'>' to end the element declaration")
        }
        position = p + 1
    }

    /// `(#PCDATA | a | b)*` or `(#PCDATA)`, after `#PCDATA`.
    private mutating func mixedContent(_ buf: UncheckedBytes, from start: Int) throws(ScanError) -> Int {
        var p = start
        var names = 0
        while true {
            skipSpace(buf, &p)
            guard p < end else { throw unexpected(buf, at: p, expected: "')' or '|'") }
            if buf[unchecked: p] == UInt8(ascii: "|") {
                p += 1
                skipSpace(buf, &p)
                p = try scanName(buf, at: p, qualified: true).end
                names += 1
            } else if buf[unchecked: p] == UInt8(ascii: ")") {
                p += 1
                break
            } else {
                throw unexpected(buf, at: p, expected: "')' or '|'")
            }
        }
        if p < end, buf[unchecked: p] == UInt8(ascii: "*") {
            return p + 1
        }
        if names > 0 { throw unexpected(buf, at: p, expected: "'*' after a mixed content model with element names") }
        return p
    }

    /// A `children` content model, after its first '('. Nested groups use an explicit stack.
    private mutating func childrenContent(_ buf: UncheckedBytes, from start: Int) throws(ScanError) -> Int {
        var p = start
        var separators: [UInt8] = [0]  // per open group: 0 until its first ',' or '|'
        @inline(__always) func occurrence(_ p: inout Int) {
            if p < end,
                buf[unchecked: p] == UInt8(ascii: "?") || buf[unchecked: p] == UInt8(ascii: "*")
                    || buf[unchecked: p] == UInt8(ascii: "+")
            {
                p += 1
            }
        }
        while true {
            // A content particle: a name or a group.
            skipSpace(buf, &p)
            if p < end, buf[unchecked: p] == UInt8(ascii: "(") {
                p += 1
                separators.append(0)
                continue
            }
            p = try scanName(buf, at: p, qualified: true).end
            occurrence(&p)
            // After a particle: a separator or the end of one or more groups.
            while true {
                skipSpace(buf, &p)
                guard p < end else { throw unexpected(buf, at: p, expected: "')', ',' or '|'") }
                let b = buf[unchecked: p]
                if b == UInt8(ascii: ")") {
                    p += 1
                    separators.removeLast()
                    occurrence(&p)
                    if separators.isEmpty { return p }
                    continue
                }
                if b == UInt8(ascii: ",") || b == UInt8(ascii: "|") {
                    let current = separators[separators.count - 1]
                    if current == 0 {
                        separators[separators.count - 1] = b
                    } else if current != b {
                        throw error(
                            .invalidDeclaration("',' and '|' cannot be mixed in one group of a content model"), at: p)
                    }
                    p += 1
                    break
                }
                throw unexpected(buf, at: p, expected: "')', ',' or '|'")
            }
        }
    }

    // MARK: - <!NOTATION>

    private mutating func notationDeclaration(_ buf: UncheckedBytes, store: DTDStore) throws(ScanError) {
        var p = position + 10
        guard skipSpace(buf, &p) else { throw unexpected(buf, at: p, expected: "white space after '<!NOTATION'") }
        let nameStart = p
        let (nameEnd, _) = try scanName(buf, at: p, qualified: false)
        p = nameEnd
        guard skipSpace(buf, &p) else { throw unexpected(buf, at: p, expected: "white space after the notation name") }
        position = p
        let (publicID, systemID) = try externalID(buf, requireSystem: false)
        p = position
        skipSpace(buf, &p)
        guard p < end, buf[unchecked: p] == UInt8(ascii: ">") else {
            throw unexpected(buf, at: p, expected: "'>' to end the notation declaration")
        }
        position = p + 1
        let name = String(decoding: buf.rawBuffer(unchecked: nameStart..<nameEnd), as: UTF8.self)
        store.declareNotation(XMLDocumentType.Notation(name: name, publicID: publicID, systemID: systemID))
    }
}
