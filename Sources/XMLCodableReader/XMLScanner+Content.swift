// Content: text, tags, attributes, references, comments, processing instructions, CDATA sections,
// and the misc items around the root element.
//
// The hot paths are the loops in `text`, `startTag` and `scanName`: each looks ASCII bytes
// up in `ByteClass.table` and falls to a slow path only for a byte that may need checking (`<`, `&`,
// `]`, a control character, non-ASCII), so plain markup costs one load and one test per byte.
// Text and attribute values are first skipped sixteen bytes at a time (`VectorScan.textStops`,
// `attributeValueStops`), then eight (`WordScan`) while eight remain: the block's or word's mask
// of stop bytes says exactly where the first one is, so the scanner jumps straight to it. The
// references text holds most, `&amp;`, `&lt;` and `&gt;`, are recognized in place
// (`Lexer.predefinedReferenceEnd`) without the general `scanReference`. Names skip lowercase
// letters eight at a time (`WordScan.notLowercaseLetters`), indentation skips spaces eight at a
// time, and an end tag's name is compared with its start tag's as one or two words (`sameName`).
//
// `content`, inlined into the readers' loops, tells the common events apart from the first bytes
// and calls their readers directly: `<x` a start tag, `</` an end tag, a line feed and spaces up
// to `<` indentation (read in place), other bytes text; everything else (comments, CDATA, PIs,
// references that may be to entities, entities' text, the end of the buffer) goes out of line to
// `contentInFull`. A start tag with a plain name and no attributes (`<author>`, `<br/>`), most
// tags of a document of text fields, is read by `startTag` itself, also inlined; any other by
// `startTagWithAttributes`. For example, in
//
//     <book id="7">⏎··<author>Ann</author>⏎</book>
//
// the events are read by: startTagWithAttributes (`<book id="7">`), indentation in place (`⏎··`),
// startTag (`<author>`), text (`Ann`), endTag (`</author>`), indentation (`⏎`), endTag (`</book>`).
//
// Start tags with attributes are the hot spot of attribute-heavy documents, so
// `startTagWithAttributes` takes the common forms directly (one space between attributes, `="`
// with no space around the `=`) and compares names to find a repeated attribute only when a
// one-word filter of the names says one may repeat (`AttributeNameFilter`).

extension XMLScanner {
    // MARK: - Around the root element

    /// Reads white space, comments, PIs and the DOCTYPE before the root, and after it.
    mutating func misc(_ document: UncheckedBytes) throws(ScanError) -> XMLEvent? {
        let buf = document
        skipSpace(buf)
        guard position < end else {
            if !inputIsFinal { throw needMoreInput() }
            if phase == .prolog { throw error(.missingRootElement, at: position) }
            phase = .done
            return nil
        }
        guard buf[unchecked: position] == UInt8(ascii: "<") else {
            if phase == .epilog { throw error(.contentAfterRootElement, at: position) }
            throw unexpected(buf, at: position, expected: "'<'")
        }
        let next = position + 1 < end ? buf[unchecked: position + 1] : 0
        if next == UInt8(ascii: "?") { return try processingInstruction(buf) }
        if next == UInt8(ascii: "!") {
            if matches(buf, position, "<!--") { return try comment(buf) }
            if phase == .prolog, doctype == nil, matches(buf, position, "<!DOCTYPE") {
                return try doctypeDeclaration(document)
            }
            if endsWithin(buf, position, "<!--", "<!DOCTYPE") {
                throw error(.unexpectedEndOfInput(expected: "the rest of the markup declaration"), at: end)
            }
            throw error(
                .syntax(
                    phase == .prolog
                        ? "expected a comment, the document type declaration or the root element"
                        : "only comments and processing instructions may follow the root element"), at: position)
        }
        if phase == .epilog { throw error(.contentAfterRootElement, at: position) }
        phase = .content
        return try startTag(buf, document)
    }

    /// Reads the next event inside the root element.
    ///
    /// The forms most events take in the document itself — a start or end tag, indentation
    /// before a tag, text — are told apart here, in the readers' loops (always inlined); anything
    /// else (the end of the buffer, a comment, CDATA, a PI, a reference that may be to an entity,
    /// the text of an entity) goes to `contentInFull`, out of line, so that the loops stay small.
    @inline(__always)
    mutating func content(_ document: UncheckedBytes) throws(ScanError) -> XMLEvent? {
        guard source == 0, position + 1 < end else { return try contentInFull(document) }
        let buf = document
        let byte = buf[unchecked: position]
        if byte == UInt8(ascii: "<") {
            let next = buf[unchecked: position + 1]
            if next == UInt8(ascii: "/") { return try endTag(buf, document) }
            if next == UInt8(ascii: "!") || next == UInt8(ascii: "?") { return try contentInFull(document) }
            return try startTag(buf, document)
        }
        if byte == 0x0A, let indentation = indentationBeforeTag(buf) { return indentation }
        if byte == UInt8(ascii: "&") { return try contentInFull(document) }
        return try text(buf)
    }

    /// The text event of a line feed at `position` followed by spaces and then `<`, the
    /// indentation between tags and the most common text of all, read without calling `text`;
    /// `nil` (and nothing read) for other text.
    @inline(__always)
    private mutating func indentationBeforeTag(_ buf: UncheckedBytes) -> XMLEvent? {
        var p = position + 1
        // Spaces eight at a time (the lowest nonzero byte of the word xor spaces is the first
        // other byte), then one by one.
        while p + 8 <= end {
            let others = buf.loadWord(uncheckedAt: p) ^ (WordScan.ones &* 0x20)
            if others != 0 {
                p += others.trailingZeroBitCount &>> 3
                break
            }
            p += 8
        }
        while p < end, buf[unchecked: p] == 0x20 { p += 1 }
        guard p < end, buf[unchecked: p] == UInt8(ascii: "<") else { return nil }
        let start = position
        position = p
        return .text(XMLSlice(source: source, start: start, end: p))
    }

    /// `content` for any event: in the document or an entity's text, at the end of either.
    @inline(never)
    private mutating func contentInFull(_ document: UncheckedBytes) throws(ScanError) -> XMLEvent? {
        while true {
            let buf = buffer(source, document)
            guard position < end else {
                if frames.isEmpty {
                    if !inputIsFinal { throw needMoreInput() }
                    let name =
                        elements.last.map { rawBytes($0.name.qualified, document).string }
                        ?? ""
                    throw error(.unclosedElement(name), at: position)
                }
                try popEntity()
                continue
            }
            let byte = buf[unchecked: position]
            if byte == UInt8(ascii: "<") {
                guard position + 1 < end else { throw unexpected(buf, at: position + 1, expected: "markup after '<'") }
                switch buf[unchecked: position + 1] {
                case UInt8(ascii: "/"):
                    return try endTag(buf, document)
                case UInt8(ascii: "!"):
                    if matches(buf, position, "<!--") { return try comment(buf) }
                    if matches(buf, position, "<![CDATA[") { return try cdata(buf) }
                    if endsWithin(buf, position, "<!--", "<![CDATA[") {
                        throw unexpected(buf, at: end, expected: "a comment or a CDATA section")
                    }
                    throw error(.syntax("expected a comment or a CDATA section after '<!'"), at: position)
                case UInt8(ascii: "?"):
                    return try processingInstruction(buf)
                default:
                    return try startTag(buf, document)
                }
            }
            if byte == 0x0A, let indentation = indentationBeforeTag(buf) { return indentation }
            // A reference other than `&amp;`, `&lt;` and `&gt;` (which `text` reads as they are)
            // may be to an entity, to enter.
            if byte == UInt8(ascii: "&"), lexer.predefinedReferenceEnd(buf, at: position, limit: end) < 0 {
                let reference = try scanReference(buf, at: position)
                if case .entity(let nameStart, let nameEnd) = reference.kind {
                    if let replacement = try enterEntity(
                        buf, document, nameStart: nameStart, nameEnd: nameEnd, referenceEnd: reference.end)
                    {
                        return replacement
                    }
                    continue
                }
            }
            return try text(buf)
        }
    }

    /// Handles `&name;` in content: expands an internal entity, refuses others. For an undeclared
    /// name that `entityReplacements` replaces, returns the text event of its replacement text
    /// (nil for an empty one); otherwise nil, reading on in the entity or after the reference.
    private mutating func enterEntity(
        _ buf: UncheckedBytes, _ document: UncheckedBytes, nameStart: Int, nameEnd: Int, referenceEnd: Int
    )
        throws(ScanError) -> XMLEvent?
    {
        let name = buf.extracting(unchecked: nameStart..<nameEnd)
        guard let dtd, let index = dtd.generalEntity(named: name) else {
            if entityReplacements != nil,
                let text = try replacementText(ofUndeclared: name, referenceStart: nameStart - 1)
            {
                position = referenceEnd
                return text.isEmpty ? nil : .text(text)
            }
            if undeclaredEntitiesAreErrors {
                throw error(.undeclaredEntity(name.string), at: nameStart - 1)
            }
            // Declared, perhaps, in markup a non-validating reader does not read: skipped.
            position = referenceEnd
            return nil
        }
        let entity = dtd.entities[index]
        // WFC: Entity Declared: where undeclared entities are errors, so are those declared inside a parameter entity.
        if entity.declaredInParameterEntity, undeclaredEntitiesAreErrors {
            throw error(.undeclaredEntity(name.string), at: nameStart - 1)
        }
        if entity.notation != nil {
            throw error(.unparsedEntityReference(name.string), at: nameStart - 1)
        }
        if entity.isExternal {
            throw error(.externalEntityReference(name.string), at: nameStart - 1)
        }
        position = referenceEnd
        try pushEntity(index, referenceStart: nameStart - 1, referenceEnd: referenceEnd)
        return nil
    }

    /// The replacement text `entityReplacements` gives an undeclared entity referred to in
    /// content, as a slice of a DTD-store buffer (one per name, made on first use): character data
    /// as it is, with nothing to decode and nothing to scan, like a character reference's. `nil`
    /// when the table has no such name.
    @inline(never)
    private mutating func replacementText(ofUndeclared name: UncheckedBytes, referenceStart: Int)
        throws(ScanError) -> XMLSlice?
    {
        let text: String
        do {
            guard let found = try undeclaredEntityReplacement(name) else { return nil }
            text = found
        } catch {
            throw self.error(error.reason, at: referenceStart)
        }
        let store = dtd ?? DTDStore()
        dtd = store
        let documentOffset = offset(referenceStart)
        guard let source = store.replacementBuffer(named: name, text: text, documentOffset: documentOffset) else {
            throw self.error(.documentTooLarge(limit: XMLSlice.maxSources), at: referenceStart)
        }
        return XMLSlice(source: source, start: 0, end: store.buffer(source).count)
    }

    // MARK: - Text

    /// Reads character data up to markup, an entity reference or the end of the current buffer.
    mutating func text(_ buf: UncheckedBytes) throws(ScanError) -> XMLEvent {
        let table = lexer.table
        let start = position
        let end = self.end
        var p = position
        var flags: XMLSlice.Flags = []
        // Indentation between tags (a line feed, then spaces or tabs, then '<'): the most common
        // text of all in pretty-printed documents, read without the general loop.
        let first = buf[unchecked: p]
        if first == 0x0A || first == 0x20 || first == 0x09 {
            p += 1
            while p < end {
                let b = buf[unchecked: p]
                guard b == 0x20 || b == 0x0A || b == 0x09 else { break }
                p += 1
            }
            if p >= end || buf[unchecked: p] == UInt8(ascii: "<") {
                position = p
                return .text(XMLSlice(source: source, start: start, end: p))
            }
        }
        // The next byte that may need a look: found sixteen bytes at a time while sixteen remain,
        // then eight while eight remain (the first stop of a block or word is exact), then byte by byte.
        scan: while true {
            let byte: UInt8
            if p + 16 <= end {
                let first = VectorScan.firstSet(VectorScan.textStops(buf.loadVector(uncheckedAt: p)))
                if first == 16 {
                    p += 16
                    continue
                }
                p += first
                byte = buf[unchecked: p]
            } else if p + 8 <= end {
                let stops = WordScan.textStops(buf.loadWord(uncheckedAt: p))
                if stops == 0 {
                    p += 8
                    continue
                }
                p += stops.trailingZeroBitCount &>> 3
                byte = buf[unchecked: p]
            } else {
                guard p < end else { break }
                byte = buf[unchecked: p]
            }
            if table[Int(byte)] & ByteClass.textStop == 0 {
                p += 1
                continue
            }
            if byte >= 0x80 {
                let next = skipValidNonASCIIRun(buf, p, end)
                if next > p {
                    p = next
                    continue
                }
            }
            switch byte {
            case UInt8(ascii: "<"):
                break scan
            case UInt8(ascii: "&"):
                let predefinedEnd = lexer.predefinedReferenceEnd(buf, at: p, limit: end)
                if predefinedEnd >= 0 {
                    flags.insert(.references)
                    p = predefinedEnd
                    continue
                }
                let reference = try scanReference(buf, at: p)
                if case .entity = reference.kind { break scan }
                flags.insert(.references)
                p = reference.end
            case UInt8(ascii: "]"):
                if p + 2 < end, buf[unchecked: p + 1] == UInt8(ascii: "]"),
                    buf[unchecked: p + 2] == UInt8(ascii: ">")
                {
                    throw error(.syntax("']]>' is not allowed in character data"), at: p)
                }
                p += 1
            case 0x0D:
                if source == 0 || hasRawLineEnds(source) { flags.insert(.carriageReturn) }
                p += 1
            default:
                p = try checkCharacter(buf, at: p)
            }
        }
        position = p
        return .text(XMLSlice(source: source, start: start, end: p, flags: flags))
    }

    // MARK: - Tags

    /// Reads a start tag at `position` (its `<`).
    ///
    /// A tag with no attributes and a plain name (`<author>`, `<br/>`), most of the tags of a
    /// document of text fields, is read here, in a function small enough to cost little more
    /// than its bytes; any other goes on to `startTagWithAttributes`, with the name's end if it
    /// was found. Both give the same event and state for the same tag: with no attributes there is
    /// nothing to check for repeats and no declaration to resolve (a name with no colon takes the
    /// default namespace, if any), unless the DTD declared attribute lists, whose defaults only
    /// the full reading applies.
    @inline(__always)
    mutating func startTag(_ buf: UncheckedBytes, _ document: UncheckedBytes) throws(ScanError) -> XMLEvent {
        let nameStart = position + 1
        let nameEnd = lexer.plainNameEnd(buf, at: nameStart, limit: end, byWords: true)
        guard nameEnd >= 0, nameEnd < end, elements.count < limits.maxDepth, !hasAttributeDeclarations else {
            return try startTagWithAttributes(buf, document, plainNameEnd: nameEnd)
        }
        let next = buf[unchecked: nameEnd]
        let isEmpty: Bool
        if next == UInt8(ascii: ">") {
            position = nameEnd + 1
            isEmpty = false
        } else if next == UInt8(ascii: "/"), nameEnd + 1 < end, buf[unchecked: nameEnd + 1] == UInt8(ascii: ">") {
            position = nameEnd + 2
            isEmpty = true
        } else {
            return try startTagWithAttributes(buf, document, plainNameEnd: nameEnd)
        }
        var name = XMLName(qualified: XMLSlice(source: source, start: nameStart, end: nameEnd))
        let bindings = namespaces.bindings.count
        if processNamespaces, bindings > 0 { name.namespaceID = namespaces.defaultNamespace }
        elements.append(OpenElement(name: name, bindings: bindings, frameDepth: frames.count))
        if isEmpty {
            pendingEnd = true
            isEmptyElementTag = true
        }
        return .startElement(name)
    }

    /// A start tag that `startTag` does not read itself: one with attributes, a name that is not
    /// plain (a prefix, non-ASCII), an error, or a DTD's attribute lists to apply. `plainNameEnd`
    /// is the end of the tag's name when it is a plain one (`Lexer.plainNameEnd`), otherwise -1.
    private mutating func startTagWithAttributes(
        _ buf: UncheckedBytes, _ document: UncheckedBytes, plainNameEnd: Int
    ) throws(ScanError) -> XMLEvent {
        if elements.count >= limits.maxDepth {
            throw error(.depthLimitExceeded(limit: limits.maxDepth), at: position)
        }
        // The one check that the attributes' storage is this scanner's own, for every append and
        // write until the end of this step (see AttributeStore).
        attributes.makeUnique()
        let nameStart = position + 1
        let (nameEnd, prefixLength) =
            plainNameEnd >= 0 ? (plainNameEnd, -1) : try scanName(buf, at: nameStart, qualified: true)
        let qualified = XMLSlice(source: source, start: nameStart, end: nameEnd)
        var p = nameEnd
        var isEmpty = false
        // Whether namespace declarations or prefixes may need resolving on this tag.
        var namespaceWork = prefixLength >= 0
        // One bit per attribute name (`AttributeNameFilter`): equal names set the same bit, so
        // unless some bit is set twice, no name repeats and no names need comparing.
        var nameBits: UInt64 = 0
        var mayRepeat = false
        let table = lexer.table
        let end = self.end
        while true {
            // Before an attribute, most often a single space.
            let hadSpace: Bool
            if p + 1 < end, buf[unchecked: p] == 0x20,
                table[Int(buf[unchecked: p + 1])] & ByteClass.space == 0
            {
                p += 1
                hadSpace = true
            } else {
                hadSpace = skipSpace(buf, &p)
            }
            guard p < end else { throw unexpected(buf, at: p, expected: "'>' to end the start tag") }
            let byte = buf[unchecked: p]
            if byte == UInt8(ascii: ">") {
                p += 1
                break
            }
            if byte == UInt8(ascii: "/") {
                guard p + 1 < end, buf[unchecked: p + 1] == UInt8(ascii: ">") else {
                    throw unexpected(buf, at: p + 1, expected: "'>' after '/'")
                }
                p += 2
                isEmpty = true
                break
            }
            guard hadSpace else { throw unexpected(buf, at: p, expected: "white space, '>' or '/>'") }
            // An attribute.
            var attributeNameEnd = lexer.plainNameEnd(buf, at: p, limit: end)
            var attributePrefix: Int32 = -1
            if attributeNameEnd < 0 { (attributeNameEnd, attributePrefix) = try scanName(buf, at: p, qualified: true) }
            if attributePrefix >= 0 || (attributeNameEnd - p == 5 && byte == UInt8(ascii: "x")) { namespaceWork = true }
            let bit = AttributeNameFilter.bit(
                length: attributeNameEnd - p, first: byte, last: buf[unchecked: attributeNameEnd - 1])
            if nameBits & bit != 0 { mayRepeat = true }
            nameBits |= bit
            let attributeName = XMLSlice(source: source, start: p, end: attributeNameEnd)
            p = attributeNameEnd
            // `="` or `='`, perhaps with white space around the `=`.
            if p < end, buf[unchecked: p] == UInt8(ascii: "=") {
                p += 1
            } else {
                skipSpace(buf, &p)
                guard p < end, buf[unchecked: p] == UInt8(ascii: "=") else {
                    throw unexpected(buf, at: p, expected: "'=' after the attribute name")
                }
                p += 1
            }
            var quote = p < end ? buf[unchecked: p] : 0
            if quote != UInt8(ascii: "\"") && quote != UInt8(ascii: "'") {
                skipSpace(buf, &p)
                quote = p < end ? buf[unchecked: p] : 0
                guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
                    throw unexpected(buf, at: p, expected: "a quoted attribute value")
                }
            }
            p += 1
            let valueStart = p
            var flags: XMLSlice.Flags = .attributeValue
            while true {
                // The next byte that needs a look: found sixteen bytes at a time, then eight, while
                // that many remain (the first stop of a block or word is exact), then byte by byte.
                let b: UInt8
                if p + 16 <= end {
                    let first = VectorScan.firstSet(VectorScan.attributeValueStops(buf.loadVector(uncheckedAt: p)))
                    if first == 16 {
                        p += 16
                        continue
                    }
                    p += first
                    b = buf[unchecked: p]
                } else if p + 8 <= end {
                    let stops = WordScan.attributeValueStops(buf.loadWord(uncheckedAt: p))
                    if stops == 0 {
                        p += 8
                        continue
                    }
                    p += stops.trailingZeroBitCount &>> 3
                    b = buf[unchecked: p]
                } else {
                    guard p < end else {
                        throw unexpected(buf, at: p, expected: "the closing quote of the attribute value")
                    }
                    b = buf[unchecked: p]
                    if table[Int(b)] & ByteClass.attributeStop == 0 {
                        p += 1
                        continue
                    }
                }
                if b == quote { break }
                if b >= 0x80 {
                    let next = skipValidNonASCIIRun(buf, p, end)
                    if next > p {
                        p = next
                        continue
                    }
                }
                p = try attributeValueByte(buf, at: p, flags: &flags)
            }
            let value = XMLSlice(source: source, start: valueStart, end: p, flags: flags)
            p += 1
            attributes.append(
                XMLAttribute(
                    name: XMLName(qualified: attributeName, prefixLength: attributePrefix), value: value,
                    isDefaulted: false, isNamespaceDeclaration: false))
            if attributes.count - attributeBase > limits.maxAttributesPerElement {
                throw error(.attributeLimitExceeded(limit: limits.maxAttributesPerElement), at: attributeName.start)
            }
        }
        position = p
        if hasAttributeDeclarations {
            let specified = attributes.count
            try applyAttributeDeclarations(qualified, buf, document)
            if attributes.count > specified {
                namespaceWork = true
                mayRepeat = true
            }
        }
        if mayRepeat { try checkDuplicateAttributes(buf, document) }
        var name = XMLName(qualified: qualified, prefixLength: prefixLength)
        let bindings = namespaces.bindings.count
        if processNamespaces {
            if namespaceWork {
                try resolveNamespaces(&name, buf, document)
            } else if bindings > 0 {
                name.namespaceID = namespaces.defaultNamespace
            }
        }
        elements.append(OpenElement(name: name, bindings: bindings, frameDepth: frames.count))
        if isEmpty {
            pendingEnd = true
            isEmptyElementTag = true
        }
        return .startElement(name)
    }

    mutating func endTag(_ buf: UncheckedBytes, _ document: UncheckedBytes) throws(ScanError) -> XMLEvent {
        // Fast path: the end tag names the open element, in the same buffer, followed by '>'.
        let open = elements[elements.count - 1]
        let nameStart = position + 2
        if open.name.qualified.source == source, open.frameDepth == frames.count {
            let start = open.name.qualified.start
            let count = open.name.qualified.end - start
            let after = nameStart + count
            if after < end, buf[unchecked: after] == UInt8(ascii: ">"), sameName(buf, nameStart, start, count: count) {
                position = after + 1
                return .endElement(popElement())
            }
        }
        return try endTagSlowly(buf, document)
    }

    /// Whether the `count` bytes at `a` and at `b` (before `a`) of `buf` are equal: the name of an
    /// end tag and of the start tag it closes. A name of at most sixteen bytes is compared as two
    /// words when sixteen bytes from `a` lie within the buffer (the bytes after the name shifted
    /// out of each word's top), any other byte by byte.
    @inline(__always)
    private func sameName(_ buf: UncheckedBytes, _ a: Int, _ b: Int, count: Int) -> Bool {
        if count <= 16, a + 16 <= end {
            let first = buf.loadWord(uncheckedAt: a) ^ buf.loadWord(uncheckedAt: b)
            if count <= 8 { return first << (64 - 8 * count) == 0 }
            return first == 0
                && (buf.loadWord(uncheckedAt: a + 8) ^ buf.loadWord(uncheckedAt: b + 8)) << (128 - 8 * count) == 0
        }
        return buf.extracting(unchecked: a..<(a + count)).elementsEqual(buf.extracting(unchecked: b..<(b + count)))
    }

    /// An end tag with white space before '>', in another buffer than its start tag, or in error.
    private mutating func endTagSlowly(_ buf: UncheckedBytes, _ document: UncheckedBytes) throws(ScanError) -> XMLEvent
    {
        let nameStart = position + 2
        let (nameEnd, _) = try scanName(buf, at: nameStart, qualified: true)
        var p = nameEnd
        skipSpace(buf, &p)
        guard p < end, buf[unchecked: p] == UInt8(ascii: ">") else {
            throw unexpected(buf, at: p, expected: "'>' to end the end tag")
        }
        let open = elements[elements.count - 1]
        if open.frameDepth != frames.count {
            // Frames are pushed only for the DTD's entities, so with a frame there is a DTD.
            let entity =
                frames.isEmpty
                ? "" : String(decoding: dtd?.entities[frames[frames.count - 1].entity].name ?? [], as: UTF8.self)
            throw error(
                .malformedEntity(name: entity, problem: "an element ends in it that did not start in it"), at: position)
        }
        let found = buf.extracting(unchecked: nameStart..<nameEnd)
        let expected = rawBytes(open.name.qualified, document)
        if !found.elementsEqual(expected) {
            throw error(.mismatchedEndTag(expected: expected.string, found: found.string), at: position)
        }
        position = p + 1
        return .endElement(popElement())
    }

    /// Closes the innermost element and returns its name.
    @inline(__always)
    mutating func popElement() -> XMLName {
        let open = elements.removeLast()
        if namespaces.bindings.count > open.bindings { namespaces.truncate(to: open.bindings) }
        if elements.isEmpty { phase = .epilog }
        return open.name
    }

    // MARK: - Comments, PIs, CDATA

    mutating func comment(_ buf: UncheckedBytes) throws(ScanError) -> XMLEvent {
        let start = position + 4
        let (end, flags) = try literalContent(
            buf, from: start, until: "-->", expected: "'-->' to end the comment", isComment: true)
        return .comment(XMLSlice(source: source, start: start, end: end, flags: flags))
    }

    mutating func processingInstruction(_ buf: UncheckedBytes) throws(ScanError) -> XMLEvent {
        let targetStart = position + 2
        let (targetEnd, _) = try scanName(buf, at: targetStart, qualified: false)
        if targetEnd - targetStart == 3 {
            let t = (
                buf[unchecked: targetStart] | 0x20, buf[unchecked: targetStart + 1] | 0x20,
                buf[unchecked: targetStart + 2] | 0x20
            )
            if t == (UInt8(ascii: "x"), UInt8(ascii: "m"), UInt8(ascii: "l")) {
                throw error(
                    .syntax(
                        "the processing instruction target 'xml' is reserved (an XML declaration is only "
                            + "allowed at the very start)"
                    ), at: position)
            }
        }
        let target = XMLSlice(source: source, start: targetStart, end: targetEnd)
        var p = targetEnd
        if p + 1 < end, buf[unchecked: p] == UInt8(ascii: "?"), buf[unchecked: p + 1] == UInt8(ascii: ">") {
            position = p + 2
            return .processingInstruction(target: target, data: XMLSlice(source: source, start: p, end: p))
        }
        guard skipSpace(buf, &p) else { throw unexpected(buf, at: p, expected: "white space or '?>' after the target") }
        let (dataEnd, flags) = try literalContent(
            buf, from: p, until: "?>", expected: "'?>' to end the processing instruction", isComment: false)
        return .processingInstruction(
            target: target, data: XMLSlice(source: source, start: p, end: dataEnd, flags: flags))
    }

    mutating func cdata(_ buf: UncheckedBytes) throws(ScanError) -> XMLEvent {
        let start = position + 9
        let (end, flags) = try literalContent(
            buf, from: start, until: "]]>", expected: "']]>' to end the CDATA section", isComment: false)
        return .cdata(XMLSlice(source: source, start: start, end: end, flags: flags))
    }

    /// Scans the literal content of a comment, PI or CDATA section from `start` to its
    /// `terminator`, checking characters and noting raw carriage returns; leaves `position` after
    /// the terminator and returns where the content ends. In a comment, `--` must begin `-->`.
    private mutating func literalContent(
        _ buf: UncheckedBytes, from start: Int, until terminator: StaticString, expected: String, isComment: Bool
    ) throws(ScanError) -> (end: Int, flags: XMLSlice.Flags) {
        var p = start
        var flags: XMLSlice.Flags = []
        let table = lexer.table
        let first = terminator.utf8Start.pointee
        while true {
            guard p < end else { throw unexpected(buf, at: p, expected: expected) }
            let b = buf[unchecked: p]
            if table[Int(b)] & ByteClass.markupStop == 0 {
                p += 1
                continue
            }
            if b == first, matches(buf, p, terminator) {
                position = p + terminator.utf8CodeUnitCount
                return (p, flags)
            }
            if isComment, b == UInt8(ascii: "-"), p + 1 < end, buf[unchecked: p + 1] == UInt8(ascii: "-") {
                // Not "-->" (checked above): a cut-off comment, or "--" inside one.
                if p + 2 >= end { throw unexpected(buf, at: end, expected: "'>' to end the comment") }
                throw error(.syntax("'--' is not allowed inside a comment"), at: p)
            }
            if b == 0x0D {
                if hasRawLineEnds(source) { flags.insert(.carriageReturn) }
                p += 1
            } else if b < 0x80 && b >= 0x20 {
                p += 1
            } else {
                p = try checkCharacter(buf, at: p)
            }
        }
    }

    // MARK: - Names, references, white space

    /// Skips white space at `position`; returns whether there was any.
    @discardableResult
    mutating func skipSpace(_ buf: UncheckedBytes) -> Bool {
        var p = position
        let skipped = skipSpace(buf, &p)
        position = p
        return skipped
    }

    /// Skips white space at `p`; returns whether there was any.
    @discardableResult
    @inline(__always)
    mutating func skipSpace(_ buf: UncheckedBytes, _ p: inout Int) -> Bool {
        lexer.skipSpace(buf, &p, limit: end)
    }

    /// Whether the bytes at `p` are `literal`.
    @inline(__always)
    mutating func matches(_ buf: UncheckedBytes, _ p: Int, _ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard p + count <= end else { return false }
        let bytes = literal.utf8Start
        for i in 0..<count where buf[unchecked: p + i] != bytes[i] { return false }
        return true
    }

    // MARK: - Attributes

    /// Reads the byte at `p` of an attribute value (in a start tag, or a default in the DTD) that
    /// needs a look and is not the value's closing quote; returns the index after what it begins.
    /// A `<` is an error; a reference is read, an entity's replacement text checked as it would
    /// stand in the value, and `.references` noted in `flags`; a tab, line feed or carriage
    /// return is noted as `.attributeWhitespace`; any other byte is checked as a character.
    @inline(__always)
    mutating func attributeValueByte(_ buf: UncheckedBytes, at p: Int, flags: inout XMLSlice.Flags) throws(ScanError)
        -> Int
    {
        switch buf[unchecked: p] {
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            return p + 1
        case UInt8(ascii: "<"):
            throw error(.syntax("'<' is not allowed in attribute values"), at: p)
        case UInt8(ascii: "&"):
            flags.insert(.references)
            let predefinedEnd = lexer.predefinedReferenceEnd(buf, at: p, limit: end)
            if predefinedEnd >= 0 { return predefinedEnd }
            let reference = try scanReference(buf, at: p)
            if case .entity(let s, let e) = reference.kind {
                try checkEntityInAttribute(buf, nameStart: s, nameEnd: e)
            }
            return reference.end
        case 0x09, 0x0A, 0x0D:
            flags.insert(.attributeWhitespace)
            return p + 1
        default:
            return try checkCharacter(buf, at: p)
        }
    }

    /// Finds attributes given twice, comparing qualified names as bytes. `startTag` calls it only
    /// when `AttributeNameFilter` saw two names that may be equal, or the DTD added attributes.
    mutating func checkDuplicateAttributes(_ buf: UncheckedBytes, _ document: UncheckedBytes) throws(ScanError) {
        let base = attributeBase
        let count = attributes.count - base
        if count <= 12, attributes[base...].allSatisfy({ $0.name.qualified.source == source }) {
            // All in the current buffer: compare lengths, then bytes.
            for i in (base + 1)..<(base + count) {
                let a = attributes[i].name.qualified
                let length = a.end - a.start
                for j in base..<i {
                    let b = attributes[j].name.qualified
                    if b.end - b.start == length, buf[unchecked: a.start] == buf[unchecked: b.start],
                        buf.extracting(unchecked: a.start..<a.end).elementsEqual(
                            buf.extracting(unchecked: b.start..<b.end))
                    {
                        throw error(.duplicateAttribute(buf.extracting(unchecked: a.start..<a.end).string), at: a.start)
                    }
                }
            }
            return
        }
        if count <= 12 {
            for i in (base + 1)..<(base + count) {
                let a = rawBytes(attributes[i].name.qualified, document, current: buf)
                for j in base..<i where a.elementsEqual(rawBytes(attributes[j].name.qualified, document, current: buf))
                {
                    throw error(.duplicateAttribute(a.string), at: attributes[i].name.qualified.start)
                }
            }
            return
        }
        // Many attributes: hash the names into reused slots.
        let mask = clearedSlots(for: count)
        for i in base..<(base + count) {
            let name = rawBytes(attributes[i].name.qualified, document, current: buf)
            var slot = Int(truncatingIfNeeded: ByteKeyTable.hash(name)) & mask
            while duplicateSlots[slot] >= 0 {
                let other = Int(duplicateSlots[slot])
                if name.elementsEqual(rawBytes(attributes[other].name.qualified, document, current: buf)) {
                    throw error(.duplicateAttribute(name.string), at: attributes[i].name.qualified.start)
                }
                slot = (slot + 1) & mask
            }
            duplicateSlots[slot] = Int32(i)
        }
    }

    /// The raw bytes of a slice when the caller has the current buffer rather than the document
    /// (a start tag inside an entity): slices of the current source come from `current`.
    @inline(__always)
    mutating func rawBytes(_ slice: XMLSlice, _ document: UncheckedBytes, current: UncheckedBytes) -> UncheckedBytes {
        let buffer = slice.source == source ? current : self.buffer(slice.source, document)
        return buffer.extracting(unchecked: slice.start..<slice.end)
    }

    /// Adds defaulted attributes and marks tokenized ones, from the DTD's `<!ATTLIST>` declarations.
    mutating func applyAttributeDeclarations(_ element: XMLSlice, _ buf: UncheckedBytes, _ document: UncheckedBytes)
        throws(ScanError)
    {
        guard let dtd, let listIndex = dtd.attributes(ofElement: rawBytes(element, document, current: buf)) else {
            return
        }
        let list = dtd.attributeLists[listIndex]
        let base = attributeBase
        let specified = attributes.count
        if list.tokenized.count > 0 {
            for i in base..<specified
            where list.tokenized.contains(rawBytes(attributes[i].name.qualified, document, current: buf)) {
                attributes[i].value.flags.insert(.collapse)
            }
        }
        guard !list.defaults.isEmpty else { return }
        // Which declared names the tag specifies: pairwise for a few attributes, hashed for many.
        let hashed = specified - base > 8
        let mask = hashed ? fillNameSlots(count: specified - base, buf, document) : 0
        for declaration in list.defaults {
            guard var value = declaration.defaultValue else { continue }
            let declared = rawBytes(declaration.qualifiedName.qualified, document)
            var isSpecified = false
            if hashed {
                var slot = Int(truncatingIfNeeded: ByteKeyTable.hash(declared)) & mask
                while duplicateSlots[slot] >= 0 {
                    if rawBytes(attributes[Int(duplicateSlots[slot])].name.qualified, document, current: buf)
                        .elementsEqual(declared)
                    {
                        isSpecified = true
                        break
                    }
                    slot = (slot + 1) & mask
                }
            } else {
                for i in base..<specified
                where rawBytes(attributes[i].name.qualified, document, current: buf).elementsEqual(declared) {
                    isSpecified = true
                    break
                }
            }
            if isSpecified { continue }
            if declaration.isTokenized { value.flags.insert(.collapse) }
            // Entity expansion in a default counts each time the default is used.
            if declaration.expansionCost > 0 { try account(declaration.expansionCost, at: position) }
            attributes.append(
                XMLAttribute(
                    name: declaration.qualifiedName, value: value, isDefaulted: true, isNamespaceDeclaration: false))
            if attributes.count - base > limits.maxAttributesPerElement {
                throw error(.attributeLimitExceeded(limit: limits.maxAttributesPerElement), at: position)
            }
        }
    }

    /// Makes `duplicateSlots` a cleared open-addressing table for `count` entries (at most half
    /// full), reusing its storage, and returns the slot mask.
    mutating func clearedSlots(for count: Int) -> Int {
        var size = 32
        while size < count * 2 { size *= 2 }
        if duplicateSlots.count < size {
            duplicateSlots = [Int32](repeating: -1, count: size)
        } else {
            for i in 0..<size { duplicateSlots[i] = -1 }
        }
        return size - 1
    }

    /// Hashes the qualified names of the element's first `count` attributes into `duplicateSlots`
    /// (which need not be distinct; the slots hold indices into `attributes`) and returns the slot mask.
    mutating func fillNameSlots(count: Int, _ buf: UncheckedBytes, _ document: UncheckedBytes) -> Int {
        let mask = clearedSlots(for: count)
        for i in attributeBase..<(attributeBase + count) {
            let name = rawBytes(attributes[i].name.qualified, document, current: buf)
            var slot = Int(truncatingIfNeeded: ByteKeyTable.hash(name)) & mask
            while duplicateSlots[slot] >= 0 { slot = (slot + 1) & mask }
            duplicateSlots[slot] = Int32(i)
        }
        return mask
    }
}

// MARK: - The lexer, seen from the scanner

extension XMLScanner {
    typealias Reference = Lexer.Reference

    /// Turns an error from the lexer (an offset into the current buffer) into one about the document.
    @inline(never)
    mutating func relocate(_ error: ScanError) -> ScanError {
        if case .unexpectedEndOfInput(let expected) = error.reason, !frames.isEmpty, let dtd, error.offset >= end {
            let name = String(decoding: dtd.entities[frames[frames.count - 1].entity].name, as: UTF8.self)
            return self.error(
                .malformedEntity(name: name, problem: "its replacement text ends where \(expected) is expected"),
                at: error.offset)
        }
        return ScanError(reason: error.reason, offset: offset(error.offset))
    }

    @inline(__always)
    mutating func scanName(_ buf: UncheckedBytes, at start: Int, qualified: Bool) throws(ScanError) -> (
        end: Int, prefixLength: Int32
    ) {
        do { return try lexer.scanName(buf, at: start, qualified: qualified, limit: end) } catch {
            throw relocate(error)
        }
    }

    @inline(__always)
    mutating func scanReference(_ buf: UncheckedBytes, at p: Int) throws(ScanError) -> Reference {
        do { return try lexer.scanReference(buf, at: p, limit: end) } catch { throw relocate(error) }
    }

    @inline(__always)
    mutating func checkCharacter(_ buf: UncheckedBytes, at p: Int) throws(ScanError) -> Int {
        do { return try lexer.checkCharacter(buf, at: p, limit: end) } catch { throw relocate(error) }
    }
}

// MARK: - Repeated attribute names

/// A one-word filter over the attribute names of a start tag: each name sets one of 64 bits,
/// chosen from its length and its first and last bytes. Equal names set the same bit, so a tag
/// whose names set distinct bits has no name twice, and only a tag where some bit is set twice
/// (a repeated name, or two names that happen to share a bit) has its names compared as bytes.
internal enum AttributeNameFilter {
    /// The bit of a name `length` bytes long that begins with `first` and ends with `last`.
    @inline(__always)
    static func bit(length: Int, first: UInt8, last: UInt8) -> UInt64 {
        let key = UInt32(truncatingIfNeeded: length) &<< 16 | UInt32(first) &<< 8 | UInt32(last)
        return 1 &<< UInt64((key &* 0x9E37_79B1) &>> 26)
    }
}
