// What the scanner does differently for a document read in chunks (see StreamInput.swift):
// reaching the end of its buffer before the input has ended asks for more rather than ending the
// document, and when bytes are dropped from the front of the buffer, every offset the scanner keeps
// into it moves with them — and the names of open elements whose start tags are dropped move to a
// buffer of their own (the DTD store's name pool), since their end tags are still to be matched.

extension XMLScanner {
    /// The signal that the bytes that have arrived are all read, where more may come.
    func needMoreInput() -> ScanError {
        ScanError.moreInput(at: position)
    }

    /// Whether the next event will be read from the document's own bytes (rather than reported
    /// from what the last one left, or read from an entity's replacement text).
    var readsDocumentNext: Bool {
        failure == nil && !pendingEnd && pendingIndex >= pendingEvents.count && phase != .done && frames.isEmpty
            && source == 0
    }

    /// The position in the document's buffer that reading will continue from: inside an entity,
    /// the end of the outermost reference.
    var documentReadPosition: Int {
        frames.isEmpty ? position : frames[0].position
    }

    /// The first byte of the document's buffer the scanner may still need: where reading
    /// continues, or, inside an entity, where its outermost reference begins (for error offsets).
    var firstNeededByte: Int {
        frames.isEmpty ? position : min(frames[0].position, frames[0].referenceOffset)
    }

    /// Says where the bytes of the document's buffer that may be read end.
    mutating func setDocumentEnd(_ documentEnd: Int, final: Bool) {
        if frames.isEmpty {
            if source == 0 { end = documentEnd }
        } else {
            frames[0].end = documentEnd
        }
        inputIsFinal = final
    }

    /// Moves every offset into the document's buffer when its first `count` bytes are dropped;
    /// `document` is the buffer before they are.
    mutating func dropDocumentBytes(_ count: Int, from document: UncheckedBytes) {
        guard count > 0 else { return }
        if source == 0 {
            position -= count
            end -= count
        }
        for index in frames.indices {
            if frames[index].source == 0 {
                frames[index].position -= count
                frames[index].end -= count
            }
            frames[index].referenceOffset -= count
        }
        dtd?.shiftDocumentOffsets(by: count)
        relocateOpenElementNames(droppingFirst: count, from: document)
    }

    /// Moves the names of open elements out of bytes about to be dropped (and keeps those already
    /// moved): all go into a new name pool; the others shift with the buffer.
    private mutating func relocateOpenElementNames(droppingFirst count: Int, from document: UncheckedBytes) {
        let pool = dtd?.namePool ?? 0
        guard
            elements.contains(where: {
                ($0.name.qualified.source == 0 && $0.name.qualified.start < count)
                    || (pool > 0 && $0.name.qualified.source == pool)
            })
        else {
            for index in elements.indices where elements[index].name.qualified.source == 0 {
                elements[index].name.qualified.start -= count
                elements[index].name.qualified.end -= count
            }
            return
        }
        let store = dtd ?? DTDStore()
        dtd = store
        var bytes: [UInt8] = []
        var moved: [(index: Int, start: Int)] = []
        for index in elements.indices {
            let name = elements[index].name.qualified
            if name.source == 0, name.start >= count {
                elements[index].name.qualified.start -= count
                elements[index].name.qualified.end -= count
                continue
            }
            guard name.source == 0 || name.source == pool else { continue }
            let start = bytes.count
            if name.source == 0 {
                bytes.append(contentsOf: document.rawBuffer(unchecked: name.start..<name.end))
            } else {
                bytes.append(
                    contentsOf: store.buffer(pool).bytes.extracting(unchecked: name.start..<name.end))
            }
            moved.append((index, start))
        }
        let newPool = store.replaceNamePool(bytes)
        for (index, start) in moved {
            let length = elements[index].name.qualified.end - elements[index].name.qualified.start
            let flags = elements[index].name.qualified.flags
            elements[index].name.qualified = XMLSlice(source: newPool, start: start, end: start + length, flags: flags)
        }
    }
}
