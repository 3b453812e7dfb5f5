// Values: turning slices into the characters they stand for.
//
// Text, CDATA, comments and PI data need at most two things: character and predefined entity
// references replaced, and (in raw document text) `\r\n` and lone `\r` turned into `\n`. Attribute
// values follow XML 1.0 §3.3.3: references replaced, general entities expanded recursively, every
// white space character turned into a space (`\r\n` counting as one), and for attributes declared
// with a tokenized type, spaces collapsed and trimmed.
//
// Entity expansion inside attribute values walks the replacement texts with an explicit stack (no
// recursion). The same walk validates a value while the start tag is scanned (undeclared, external,
// unparsed and recursive entities, `<` in replacement text, the expansion limits) and produces the
// value later, when someone asks for it.

extension XMLScanner {
    /// The decoded bytes of a slice that is not verbatim.
    @usableFromInline
    func decodedBytes(_ slice: XMLSlice, _ document: UncheckedBytes) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(slice.rawCount)
        do {
            try appendDecoded(slice, document, to: &out)
        } catch {
            // Slices were validated when they were scanned; should a value still fail to expand, give its raw bytes.
            var bytes: [UInt8] = []
            bytes.append(contentsOf: rawBytes(slice, document))
            return bytes
        }
        return out
    }

    /// Where a slice comes from in the document: its own offset, or for text in the DTD's buffers,
    /// the place the buffer was declared.
    func documentOffset(of slice: XMLSlice) -> Int {
        if slice.source == 0 { return slice.start }
        guard let dtd, Int(slice.source) <= dtd.buffers.count else { return 0 }
        return dtd.buffer(slice.source).documentOffset
    }

    /// Appends the decoded bytes of a slice to `out`.
    func appendDecoded(_ slice: XMLSlice, _ document: UncheckedBytes, to out: inout [UInt8]) throws(ScanError) {
        if slice.flags.contains(.attributeValue) {
            var expanded = 0
            let start = out.count
            try walkAttributeValue(slice, document, output: &out, emit: true, expanded: &expanded)
            if slice.flags.contains(.collapse) { collapseSpaces(&out, from: start) }
            return
        }
        let bytes = rawBytes(slice, document)
        let raw = hasRawLineEnds(slice.source)
        // Only character data has references; in CDATA, comments and PI data '&' is just '&'.
        let references = slice.flags.contains(.references)
        var p = 0
        let count = bytes.count
        while p < count {
            let b = bytes[unchecked: p]
            if b == UInt8(ascii: "&"), references {
                let reference = try lexer.scanReference(bytes, at: p, limit: count)
                switch reference.kind {
                case .character(let scalar): appendUTF8(scalar, to: &out)
                case .predefined(let byte): out.append(byte)
                case .entity: out.append(contentsOf: bytes.rawBuffer(unchecked: p..<reference.end))
                }
                p = reference.end
            } else if b == 0x0D && raw {
                out.append(0x0A)
                p += (p + 1 < count && bytes[unchecked: p + 1] == 0x0A) ? 2 : 1
            } else {
                // Copy the run up to the next byte that needs attention.
                var q = p + 1
                while q < count, bytes[unchecked: q] != UInt8(ascii: "&") || !references, bytes[unchecked: q] != 0x0D {
                    q += 1
                }
                out.append(contentsOf: bytes.rawBuffer(unchecked: p..<q))
                p = q
            }
        }
    }

    /// Decodes a slice of character data (not an attribute value) into `out`: references
    /// replaced, raw line ends normalized, as `appendDecoded` does, but into a buffer the caller
    /// owns (a string's storage) rather than an array. Decoding never lengthens character data (a
    /// reference is longer than the UTF-8 it stands for; `\r\n` becomes `\n`), so `out` needs
    /// `slice.rawCount` bytes; every write is still checked against `out.count`.
    ///
    /// An attribute value is decoded by `decodeAttributeValue` instead.
    ///
    /// - Returns: the number of bytes written, or `nil` for a buffer too small or a reference that
    ///   does not scan (callers then take `appendDecoded`'s path).
    ///
    /// `mutating` though it changes nothing: called from a closure on a scanner the closure
    /// captured `inout` (the decoder's, in place), a non-mutating call would copy the scanner.
    @usableFromInline
    mutating func decodeCharacterData(
        _ slice: XMLSlice, _ document: UncheckedBytes, into out: UncheckedMutableBytes
    ) -> Int? {
        guard !slice.flags.contains(.attributeValue) else { return decodeAttributeValue(slice, document, into: out) }
        let bytes = rawBytes(slice, document)
        let raw = hasRawLineEnds(slice.source)
        let references = slice.flags.contains(.references)
        let count = bytes.count
        let capacity = out.count
        var p = 0
        var w = 0
        while p < count {
            let b = bytes[unchecked: p]
            if b == UInt8(ascii: "&"), references {
                guard let reference = try? lexer.scanReference(bytes, at: p, limit: count) else { return nil }
                let written: Int?
                if case .entity = reference.kind {
                    // An entity reference stays as it is in character data (see `appendDecoded`).
                    written = Self.copy(bytes.extracting(unchecked: p..<reference.end), into: out, at: w)
                } else {
                    written = Self.writeReplacement(of: reference.kind, into: out, at: w)
                }
                guard let next = written else { return nil }
                w = next
                p = reference.end
            } else if b == 0x0D && raw {
                guard w < capacity else { return nil }
                out[unchecked: w] = 0x0A
                w += 1
                p += (p + 1 < count && bytes[unchecked: p + 1] == 0x0A) ? 2 : 1
            } else {
                // Copy the run up to the next byte that needs attention, eight bytes at a time
                // while none of them is `&` or `\r`.
                var q = p + 1
                while q + 8 <= count {
                    let word = bytes.loadWord(uncheckedAt: q)
                    let stop =
                        WordScan.zeroBytes(word ^ (WordScan.ones &* 0x26))
                        | WordScan.zeroBytes(word ^ (WordScan.ones &* 0x0D))
                    if stop & WordScan.highs != 0 { break }
                    q += 8
                }
                while q < count, bytes[unchecked: q] != UInt8(ascii: "&") || !references, bytes[unchecked: q] != 0x0D {
                    q += 1
                }
                guard let next = Self.copy(bytes.extracting(unchecked: p..<q), into: out, at: w) else { return nil }
                w = next
                p = q
            }
        }
        return w
    }

    /// Decodes an attribute value into `out` when that needs no entity expansion: character and
    /// predefined references replaced, white space turned into spaces (`\r\n` counting as one),
    /// as `walkAttributeValue` does. Neither lengthens the value, so `out` needs
    /// `slice.rawCount` bytes; every write is still checked against `out.count`.
    ///
    /// - Returns: the number of bytes written, or `nil` for a value with an entity reference or a
    ///   tokenized type (spaces collapsed), a buffer too small, or a reference that does not scan
    ///   (callers then take `appendDecoded`'s path).
    func decodeAttributeValue(_ slice: XMLSlice, _ document: UncheckedBytes, into out: UncheckedMutableBytes)
        -> Int?
    {
        guard !slice.flags.contains(.collapse) else { return nil }
        let bytes = rawBytes(slice, document)
        let raw = hasRawLineEnds(slice.source)
        let count = bytes.count
        let capacity = out.count
        var p = 0
        var w = 0
        while p < count {
            let b = bytes[unchecked: p]
            switch b {
            case UInt8(ascii: "&"):
                // An entity reference (no replacement written here) needs the DTD: the general path.
                guard let reference = try? lexer.scanReference(bytes, at: p, limit: count),
                    let next = Self.writeReplacement(of: reference.kind, into: out, at: w)
                else { return nil }
                w = next
                p = reference.end
            case 0x0D, 0x09, 0x0A:
                guard w < capacity else { return nil }
                out[unchecked: w] = 0x20
                w += 1
                p += (b == 0x0D && raw && p + 1 < count && bytes[unchecked: p + 1] == 0x0A) ? 2 : 1
            default:
                // Copy the run up to the next byte that needs attention.
                var q = p + 1
                while q < count {
                    let c = bytes[unchecked: q]
                    if c == UInt8(ascii: "&") || c == 0x0D || c == 0x09 || c == 0x0A { break }
                    q += 1
                }
                guard let next = Self.copy(bytes.extracting(unchecked: p..<q), into: out, at: w) else { return nil }
                w = next
                p = q
            }
        }
        return w
    }

    /// Writes what a character or predefined reference stands for into `out` at `offset`; the
    /// offset after it, or `nil` for an entity reference or when `out` has no room.
    @inline(__always)
    static func writeReplacement(of kind: Lexer.Reference.Kind, into out: UncheckedMutableBytes, at offset: Int)
        -> Int?
    {
        switch kind {
        case .character(let c):
            return writeUTF8(c, into: out, at: offset)
        case .predefined(let byte):
            guard offset < out.count else { return nil }
            out[unchecked: offset] = byte
            return offset + 1
        case .entity:
            return nil
        }
    }

    /// Copies `bytes` into `out` at `offset`; the offset after them, or `nil` when `out` has no room.
    @inline(__always)
    static func copy(_ bytes: UncheckedBytes, into out: UncheckedMutableBytes, at offset: Int) -> Int? {
        guard offset + bytes.count <= out.count else { return nil }
        out.copy(bytes, uncheckedTo: offset)
        return offset + bytes.count
    }

    /// Validates an entity reference found in an attribute value while scanning a start tag,
    /// counting its expansion against the limits.
    mutating func checkEntityInAttribute(_ buf: UncheckedBytes, nameStart: Int, nameEnd: Int) throws(ScanError) {
        let reference = XMLSlice(source: source, start: nameStart - 1, end: nameEnd + 1, flags: .attributeValue)
        var expanded = expandedBytes
        var ignored: [UInt8] = []
        let document = source == 0 ? buf : UncheckedBytes.empty
        do {
            try walkAttributeValue(
                reference, document, current: buf, output: &ignored, emit: false, expanded: &expanded)
        } catch {
            throw ScanError(reason: error.reason, offset: offset(nameStart - 1))
        }
        try account(expanded - expandedBytes, at: nameStart - 1)
    }

    /// Walks an attribute value, expanding entity references; appends the normalized bytes to
    /// `output` when `emit` is set, and adds the bytes produced by entities to `expanded`.
    func walkAttributeValue(
        _ slice: XMLSlice, _ document: UncheckedBytes, current: UncheckedBytes? = nil,
        output: inout [UInt8], emit: Bool, expanded: inout Int
    ) throws(ScanError) {
        struct Level {
            var source: UInt32
            var bytes: UncheckedBytes
            var position: Int
            var raw: Bool
            var entity: Int
        }
        func bytes(of source: UInt32) -> UncheckedBytes {
            if source == self.source, let current { return current }
            return buffer(source, document)
        }
        var level = Level(
            source: slice.source, bytes: bytes(of: slice.source).extracting(unchecked: slice.start..<slice.end),
            position: 0, raw: hasRawLineEnds(slice.source), entity: -1)
        var stack: [Level] = []
        while true {
            if level.position >= level.bytes.count {
                guard let outer = stack.popLast() else { return }
                level = outer
                continue
            }
            let b = level.bytes[unchecked: level.position]
            switch b {
            case UInt8(ascii: "&"):
                let reference = try lexer.scanReference(level.bytes, at: level.position, limit: level.bytes.count)
                level.position = reference.end
                switch reference.kind {
                case .character(let scalar):
                    if emit { appendUTF8(scalar, to: &output) }
                case .predefined(let byte):
                    if emit { output.append(byte) }
                case .entity(let nameStart, let nameEnd):
                    let name = level.bytes.extracting(unchecked: nameStart..<nameEnd)
                    let nameString = { name.string }
                    guard let dtd, let index = dtd.generalEntity(named: name) else {
                        // Replaced as a character reference is: its white space kept, nothing expanded.
                        if entityReplacements != nil, let text = try undeclaredEntityReplacement(name) {
                            if emit { output.append(contentsOf: text.utf8) }
                            continue
                        }
                        if undeclaredEntitiesAreErrors {
                            throw ScanError(reason: .undeclaredEntity(nameString()), offset: 0)
                        }
                        continue
                    }
                    let entity = dtd.entities[index]
                    if entity.declaredInParameterEntity, undeclaredEntitiesAreErrors {
                        throw ScanError(reason: .undeclaredEntity(nameString()), offset: 0)
                    }
                    if entity.notation != nil {
                        throw ScanError(reason: .unparsedEntityReference(nameString()), offset: 0)
                    }
                    if entity.isExternal { throw ScanError(reason: .externalEntityReference(nameString()), offset: 0) }
                    if level.entity == index || stack.contains(where: { $0.entity == index }) {
                        throw ScanError(reason: .recursiveEntity(nameString()), offset: 0)
                    }
                    if stack.count >= limits.maxDepth {
                        throw ScanError(reason: .depthLimitExceeded(limit: limits.maxDepth), offset: 0)
                    }
                    let text = dtd.buffer(entity.source)
                    expanded += max(text.count, nameEnd - nameStart + 2)
                    if !emit {
                        if expanded > limits.maxEntityExpansionBytes {
                            throw ScanError(
                                reason: .entityExpansionLimitExceeded(limit: limits.maxEntityExpansionBytes), offset: 0)
                        }
                        if expanded > limits.entityExpansionRatioThreshold,
                            expanded / max(documentSize, 1) >= limits.maxEntityExpansionRatio
                        {
                            throw ScanError(
                                reason: .entityExpansionRatioExceeded(limit: limits.maxEntityExpansionRatio), offset: 0)
                        }
                    }
                    stack.append(level)
                    level = Level(
                        source: entity.source, bytes: text.bytes, position: 0, raw: text.rawLineEnds,
                        entity: index)
                }
            case UInt8(ascii: "<"):
                throw ScanError(
                    reason: .syntax(
                        "'<' is not allowed in attribute values (it comes from an entity's replacement text)"),
                    offset: 0)
            case 0x0D:
                if level.raw, level.position + 1 < level.bytes.count, level.bytes[unchecked: level.position + 1] == 0x0A
                {
                    level.position += 1
                }
                if emit { output.append(0x20) }
                level.position += 1
            case 0x09, 0x0A:
                if emit { output.append(0x20) }
                level.position += 1
            default:
                if emit {
                    var q = level.position + 1
                    while q < level.bytes.count {
                        let c = level.bytes[unchecked: q]
                        if c == UInt8(ascii: "&") || c == UInt8(ascii: "<") || c == 0x0D || c == 0x09 || c == 0x0A {
                            break
                        }
                        q += 1
                    }
                    output.append(contentsOf: level.bytes.rawBuffer(unchecked: level.position..<q))
                    level.position = q
                } else {
                    level.position += 1
                }
            }
        }
    }

    /// The replacement text `entityReplacements` gives the undeclared entity `name`, or `nil` when
    /// there is no table or no such name in it.
    ///
    /// - Throws: `malformedEntity` (at offset 0: callers place it at the reference) when the text
    ///   holds a character XML does not allow, which must never reach the reader's output.
    func undeclaredEntityReplacement(_ name: UncheckedBytes) throws(ScanError) -> String? {
        guard let entityReplacements else { return nil }
        let nameString = name.string
        guard let text = entityReplacements.replacement(for: nameString) else { return nil }
        for scalar in text.unicodeScalars where !isXMLChar(scalar.value) {
            let codePoint = String(scalar.value, radix: 16, uppercase: true)
            let padded = String(repeating: "0", count: max(0, 4 - codePoint.count)) + codePoint
            throw ScanError(
                reason: .malformedEntity(
                    name: nameString,
                    problem: "its replacement text holds U+\(padded), a character XML 1.0 does not allow"),
                offset: 0)
        }
        return text
    }

    /// Collapses runs of spaces to one and trims them at both ends, from `start` on.
    func collapseSpaces(_ bytes: inout [UInt8], from start: Int) {
        var write = start
        var pendingSpace = false
        for read in start..<bytes.count {
            let b = bytes[read]
            if b == 0x20 {
                pendingSpace = write > start
                continue
            }
            if pendingSpace {
                bytes[write] = 0x20
                write += 1
                pendingSpace = false
            }
            bytes[write] = b
            write += 1
        }
        bytes.removeSubrange(write...)
    }
}
