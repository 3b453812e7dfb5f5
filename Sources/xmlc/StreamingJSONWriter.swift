// `xmlc to-json` as a stream: the JSON mapping (JSONToXMLWriter.swift) written while the document is read.
//
// The mapping decides each element's JSON form from all of its content: a string or an object
// (no attributes: does a child element come?), one member or an array per child name (does another
// element of that name follow?), and members or "#content" (does text that is not layout, or an
// element of an earlier name, come later?). Each element is therefore a small state machine, and
// what cannot be written yet is held in the element's pending buffer as *items* — text runs
// (JSON-escaped) and the child elements' finished or partial values — until the decision is made:
//
// - string or object, for an element without attributes: held until its first child element
//   (object) or its end (string). An element with attributes writes `{` and them at once.
// - one member or an array: a name's first element is held until the next sibling element (same
//   name: array; another name: one member) or the parent's end. From the second element of a
//   name on, in an element already known to have members, its elements stream out as array items.
// - members or "#content": decided exactly when text that is kept (not white space, CDATA, or any
//   text under xml:space="preserve") meets a child element, or an element repeats an earlier name
//   that another name followed (interleaved): "#content", written at once and streamed from then
//   on. At the element's end, members.
// - in "#content" for interleaved names, the white-space runs between the elements are items only
//   if the element turns out mixed (kept text comes later); so from the first such run on, the
//   items are held until kept text comes (they are written, runs included) or the element ends
//   (they are written, runs left out).
//
// A child's value is held with depth-relative line breaks (a 0x0A byte and a 16-bit depth, which
// JSON text itself never holds unescaped), so it can be placed later at whatever depth the
// parent's form gives it: one member (+1), an array item (+2), a "#content" item (+3).
//
// The look-ahead bounds the bytes held in all pending buffers together. When they hold more, the
// outermost element holding some commits to the form the content so far implies:
//
// - no child element yet: a string (no attributes) or "#text" (attributes), text streaming on;
// - child elements, no kept text, no interleaving: members, with the current name's elements as
//   an array when there are two or more (streaming on), else held as before;
// - a held first element of a name, in members: one member;
// - held items in "#content": written without the white-space runs, which are left out from then on.
//
// So `<osm>` with a million `<node>`s and then `<way>`s streams as `{"osm": {"node": [...],
// "way": [...]}}` in a few megabytes. If the document later needs another form than the one
// committed — an element after text committed as a string, kept text or an interleaved name after
// members were committed, a second element of a name committed as one member, kept text after
// white space was left out of "#content" — the writer stops
// with `StreamFailure.unmappable`, naming the element and suggesting a larger `--lookahead`:
// output that maps the document wrongly is never written. The names of an element's child
// elements are remembered (to see interleaving) within the same look-ahead.
//
// The JSON text is byte for byte what the tree-based mapping writes: the same escaping, the
// same indentation (`--indent N`) or none (`--compact`), a final line break.
//
// The writer is a struct driven from a local variable; what it writes to (the output and the
// held items of each depth, `JSONSinks`) is a separate struct beside its decision state, and held
// items are taken out of it while they are written elsewhere, so every access is checked at
// compile time and writing costs plain stores. Bytes are read as `UncheckedBytes` views
// (ByteViews.swift); held bytes are `UncheckedByteBuffer`s, which cannot be copied, so the held
// items, the sinks and the writer cannot be either: held items are taken out and put back by
// moves (`take`, `restore`, `giveBack`).

import XMLCodableCore

/// Writes a document as JSON in the to-json mapping, while it is read.
struct StreamingJSONWriter: ~Copyable {
    /// The most bytes held before the outermost holding element commits.
    private let lookahead: Int

    /// An element's JSON form, as far as it is decided.
    private enum Form {
        /// Not decided: content is held.
        case pending
        /// Committed as a string (no attributes, no child element so far); text streams.
        case string
        /// Committed as `"#text"` after the attributes; text streams.
        case text
        /// Child elements as members (decided, or committed by the look-ahead).
        case members
        /// `"#content"`, decided.
        case content
    }

    /// In members form, the state of the current name's elements.
    private enum Group {
        case none
        /// Its first element is held: one member or an array.
        case head
        /// An array, open, its items streaming.
        case array
        /// Committed as one member by the look-ahead.
        case single
    }

    /// The decision state of an open element (one per depth, reused).
    private struct Level {
        var name: [UInt8] = []
        var hasAttributes = false
        var preserve = false
        var form = Form.pending
        var sink = JSONSink.output(depth: 0)
        /// Members written so far (attributes included), for the separators.
        var members = 0
        /// Whether a child element has started.
        var sawElement = false
        /// Whether text that is kept when there are child elements was seen (the element is mixed).
        var keptText = false
        /// The name of the current run of same-named child elements, and how many so far.
        var groupName: [UInt8] = []
        var groupCount = 0
        var group = Group.none
        /// Names of earlier runs of child elements (to see interleaving), and the memory they take.
        var seen: Set<[UInt8]> = []
        var seenCost = 0
        /// "#content" form: whether a text item is open, and the items written.
        var runOpen = false
        var contentItems = 0
        /// "#content" form: whether the white-space runs were committed to be left out.
        var dropsWhitespace = false
        /// Whether this element's value is written inside a `{"name": …}` item of its parent's
        /// "#content" (closed at its end).
        var wrapped = false

        /// Makes the level ready for a new element (whose name is already in `name`), keeping its
        /// buffers' room.
        mutating func reset(sink: JSONSink, wrapped: Bool) {
            hasAttributes = false
            preserve = false
            form = .pending
            self.sink = sink
            members = 0
            sawElement = false
            keptText = false
            groupName.removeAll(keepingCapacity: true)
            groupCount = 0
            group = .none
            if !seen.isEmpty { seen.removeAll() }
            seenCost = 0
            runOpen = false
            contentItems = 0
            dropsWhitespace = false
            self.wrapped = wrapped
        }
    }

    /// Where a child element's value goes, and whether it is inside a "#content" item object.
    private struct Placement {
        var sink: JSONSink
        var wrapped: Bool
    }

    /// The least memory allowed for remembering child names, whatever the look-ahead.
    private static let minimumNameMemory = 1 << 20

    private var sinks: JSONSinks
    private var levels: [Level] = []
    /// The open elements: `levels[0..<depth]`.
    private var depth = 0
    /// The memory remembering child names takes (`Level.seenCost`, summed).
    private var seenTotal = 0

    /// A writer indented by `indentation` per level, or compact (`nil`).
    init(indentation: [UInt8]?, lookahead: Int) {
        self.lookahead = max(0, lookahead)
        sinks = JSONSinks(indentation: indentation)
    }

    /// Reads the whole document and writes its JSON to standard output. What was written before
    /// an error is flushed before the error is thrown.
    mutating func run(_ document: inout DocumentReader) throws(StreamFailure) {
        defer { sinks.output.flush() }
        while let event = try document.next() {
            switch event {
            case .startElement(let name): try startElement(name, document.reader)
            case .endElement: endElement()
            case .text(let slice):
                guard depth > 0, !slice.isEmpty else { break }
                try text(slice, cdata: false, document.reader)
            case .cdata(let slice):
                guard depth > 0 else { break }
                try text(slice, cdata: true, document.reader)
            case .comment, .processingInstruction, .doctype:
                break
            }
            if sinks.pendingTotal > lookahead { commitOutermost() }
            if let failure = sinks.output.failure { throw .unwritable(failure) }
        }
        sinks.output.flush()
        if let failure = sinks.output.failure { throw .unwritable(failure) }
    }

    // MARK: Events

    private mutating func startElement(_ name: XMLName, _ reader: XMLReader) throws(StreamFailure) {
        let index = depth
        if levels.count == index { levels.append(Level()) }
        sinks.prepare(index)
        levels[index].name.removeAll(keepingCapacity: true)
        reader.withDecodedUncheckedBytes(of: name.qualified) { levels[index].name.append(contentsOf: $0) }
        var placement = Placement(sink: .output(depth: 1), wrapped: false)
        var preserve = false
        if index == 0 {
            let document = JSONSink.output(depth: 0)
            sinks.put(0x7B, document)
            sinks.newline(1, document)
            sinks.putString(levels[0].name, 0..<levels[0].name.count, document)
            sinks.colon(document)
        } else {
            preserve = levels[index - 1].preserve
            placement = try place(child: index, in: index - 1, reader, name)
        }
        levels[index].reset(sink: placement.sink, wrapped: placement.wrapped)
        let attributes = reader.attributes
        if !attributes.isEmpty {
            levels[index].hasAttributes = true
            sinks.put(0x7B, placement.sink)
            for attribute in attributes {
                let isSpace = reader.withDecodedUncheckedBytes(of: attribute.name.qualified) { bytes in
                    beginMember(index, prefix: 0x40, bytes)
                    return bytes.equals("xml:space")
                }
                reader.withDecodedUncheckedBytes(of: attribute.value) { bytes in
                    sinks.putString(bytes, placement.sink)
                    if isSpace { preserve = bytes.equals("preserve") }
                }
            }
        }
        levels[index].preserve = preserve
        depth += 1
    }

    private mutating func endElement() {
        guard depth > 0 else { return }
        depth -= 1
        let index = depth
        let sink = levels[index].sink
        switch levels[index].form {
        case .pending:
            if !levels[index].sawElement {
                let held = sinks.take(index)
                if !levels[index].hasAttributes {
                    sinks.put(0x22, sink)
                    sinks.put(held.bytes.view, sink)
                    sinks.put(0x22, sink)
                } else {
                    if !held.bytes.isEmpty {
                        beginMember(index, "#text")
                        sinks.put(0x22, sink)
                        sinks.put(held.bytes.view, sink)
                        sinks.put(0x22, sink)
                    }
                    sinks.newline(0, sink)
                    sinks.put(0x7D, sink)
                }
                sinks.giveBack(held, index)
            } else {
                renderMembers(index, final: true)
                sinks.newline(0, sink)
                sinks.put(0x7D, sink)
            }
        case .members:
            closeGroup(index)
            sinks.newline(0, sink)
            sinks.put(0x7D, sink)
        case .content:
            emitHeld(index, keepingWhitespace: false, stoppingAtWhitespace: false)
            if levels[index].runOpen { sinks.put(0x22, sink) }
            sinks.newline(1, sink)
            sinks.put(0x5D, sink)
            sinks.newline(0, sink)
            sinks.put(0x7D, sink)
        case .string:
            sinks.put(0x22, sink)
        case .text:
            sinks.put(0x22, sink)
            sinks.newline(0, sink)
            sinks.put(0x7D, sink)
        }
        seenTotal -= levels[index].seenCost
        if index > 0 {
            if levels[index].wrapped {
                let parent = levels[index - 1].sink
                sinks.newline(2, parent)
                sinks.put(0x7D, parent)
            }
        } else {
            let document = JSONSink.output(depth: 0)
            sinks.newline(0, document)
            sinks.put(0x7D, document)
            sinks.put(0x0A, document)
        }
    }

    private mutating func text(_ slice: XMLSlice, cdata: Bool, _ reader: XMLReader) throws(StreamFailure) {
        let index = depth - 1
        let kept = reader.withDecodedUncheckedBytes(of: slice) { bytes -> Bool in
            let kept = cdata || levels[index].preserve || !bytes.isXMLWhiteSpace
            switch levels[index].form {
            case .pending:
                sinks.holdText(bytes, at: index)
            case .content where levels[index].keptText:
                if !levels[index].runOpen {
                    beginContentItem(index)
                    sinks.put(0x22, levels[index].sink)
                    levels[index].runOpen = true
                }
                sinks.putEscaped(bytes, levels[index].sink)
            case .content:
                // Not mixed so far: a run of white space is an item only if kept text comes.
                if !levels[index].dropsWhitespace { sinks.holdText(bytes, at: index) }
            case .members:
                break  // white space between the elements is layout; anything else is an error below
            case .string, .text:
                sinks.putEscaped(bytes, levels[index].sink)
            }
            return kept
        }
        guard kept else { return }
        switch levels[index].form {
        case .pending:
            levels[index].keptText = true
            if levels[index].sawElement { switchToContent(index, mixed: true) }
        case .content where !levels[index].keptText:
            if levels[index].dropsWhitespace {
                throw unmappable(
                    at: index,
                    "text follows at \(reader.location(of: slice)), so the white space between its elements is "
                        + "content too, "
                        + "but it was already left out of its \"#content\"")
            }
            levels[index].keptText = true
            emitHeld(index, keepingWhitespace: true, stoppingAtWhitespace: false)
        case .members:
            throw unmappable(
                at: index,
                "text follows at \(reader.location(of: slice)), so it needs \"#content\" (mixed content), "
                    + "but its child elements were already written as members")
        case .content, .string, .text:
            break
        }
    }

    // MARK: Decisions

    /// Decides where the child element at depth `child` (its name is in its level) of the element
    /// at `index` goes, writing what comes before its value. `reader` and `tag` locate an error.
    private mutating func place(child: Int, in index: Int, _ reader: XMLReader, _ tag: XMLName) throws(StreamFailure)
        -> Placement
    {
        let sawElement = levels[index].sawElement
        let sameName = sawElement && levels[child].name == levels[index].groupName
        let interleaved = sawElement && !sameName && levels[index].seen.contains(levels[child].name)
        levels[index].sawElement = true
        switch levels[index].form {
        case .string, .text:
            throw unmappable(
                at: index,
                "a child element <\(name(child))> follows at \(reader.location(of: tag.qualified)), but it was "
                    + "already written as text"
            )
        case .pending:
            if levels[index].keptText || interleaved {
                switchToContent(index, mixed: levels[index].keptText)
                return try place(child: child, in: index, reader, tag)
            }
            try track(child: child, at: index, sameName: sameName)
            sinks.holdElement(levels[child].name, at: index)
            return Placement(sink: .held(index), wrapped: false)
        case .members:
            if sameName {
                let sink = levels[index].sink
                switch levels[index].group {
                case .head:
                    // A second element of the name: the held first one opens an array.
                    levels[index].groupCount += 1
                    levels[index].group = .array
                    let held = sinks.take(index)
                    beginGroupMember(index)
                    sinks.put(0x5B, sink)
                    sinks.newline(2, sink)
                    sinks.transfer(held.bytes.view.extracting(unchecked: held.range(of: 0)), to: sink, extra: 2)
                    sinks.giveBack(held, index)
                    sinks.put(0x2C, sink)
                    sinks.newline(2, sink)
                    return Placement(sink: sink.deeper(2), wrapped: false)
                case .array:
                    levels[index].groupCount += 1
                    sinks.put(0x2C, sink)
                    sinks.newline(2, sink)
                    return Placement(sink: sink.deeper(2), wrapped: false)
                case .single, .none:
                    throw unmappable(
                        at: index,
                        "another <\(name(child))> follows at \(reader.location(of: tag.qualified)), so "
                            + "<\(name(child))> needs an array, "
                            + "but the first was already written as a single member")
                }
            }
            if interleaved {
                throw unmappable(
                    at: index,
                    "a <\(name(child))> element follows other elements at "
                        + "\(reader.location(of: tag.qualified)), so it needs \"#content\" (interleaved names), "
                        + "but its child elements were already written as members")
            }
            closeGroup(index)
            try track(child: child, at: index, sameName: false)
            levels[index].group = .head
            sinks.holdElement(levels[child].name, at: index)
            return Placement(sink: .held(index), wrapped: false)
        case .content:
            if !levels[index].keptText && !sinks.held[index].items.isEmpty {
                // After a held run of white space: held too.
                sinks.holdElement(levels[child].name, at: index)
                return Placement(sink: .held(index), wrapped: false)
            }
            let sink = levels[index].sink
            if levels[index].runOpen {
                sinks.put(0x22, sink)
                levels[index].runOpen = false
            }
            beginContentItem(index)
            sinks.put(0x7B, sink)
            sinks.newline(3, sink)
            sinks.putString(levels[child].name, 0..<levels[child].name.count, sink)
            sinks.colon(sink)
            return Placement(sink: sink.deeper(3), wrapped: true)
        }
    }

    /// Counts a child element in the current run of its name, or starts a run, remembering the
    /// earlier name.
    private mutating func track(child: Int, at index: Int, sameName: Bool) throws(StreamFailure) {
        if sameName {
            levels[index].groupCount += 1
            return
        }
        if !levels[index].groupName.isEmpty {
            let cost = levels[index].groupName.count + 32
            levels[index].seen.insert(levels[index].groupName)
            levels[index].seenCost += cost
            seenTotal += cost
            if seenTotal > max(lookahead, Self.minimumNameMemory) {
                throw unmappable(
                    at: index,
                    "it has more differently named child elements than can be remembered to check their order")
            }
        }
        let name = levels[child].name
        levels[index].groupName.removeAll(keepingCapacity: true)
        levels[index].groupName.append(contentsOf: name)
        levels[index].groupCount = 1
    }

    /// Writes a pending element as "#content" — mixed (text that is kept met a child element), or
    /// not (names are interleaved) — and streams it from now on. No child element is open.
    private mutating func switchToContent(_ index: Int, mixed: Bool) {
        if !levels[index].hasAttributes { sinks.put(0x7B, levels[index].sink) }
        beginMember(index, "#content")
        sinks.put(0x5B, levels[index].sink)
        levels[index].form = .content
        emitHeld(index, keepingWhitespace: mixed, stoppingAtWhitespace: !mixed)
    }

    /// Writes held items of an element in "#content" form: text runs as strings (if
    /// `keepingWhitespace`, which means all text is kept: the element is mixed; else the runs,
    /// white space, are left out) and elements as `{"name": value}` objects. With
    /// `stoppingAtWhitespace`, stops before the first run and keeps it and what follows held. A
    /// last text run is left open (more text may continue it); a last element may be open (its
    /// value then streams on into its item object).
    private mutating func emitHeld(_ index: Int, keepingWhitespace: Bool, stoppingAtWhitespace: Bool) {
        guard !sinks.held[index].items.isEmpty else { return }
        let sink = levels[index].sink
        let held = sinks.take(index)
        var stop: Int?
        do {
            let bytes = held.bytes.view
            for item in held.items.indices {
                let range = held.range(of: item)
                let isLast = item == held.items.count - 1
                if held.items[item].isText {
                    if stoppingAtWhitespace {
                        stop = item
                        break
                    }
                    guard keepingWhitespace else { continue }
                    beginContentItem(index)
                    sinks.put(0x22, sink)
                    sinks.put(bytes.extracting(unchecked: range), sink)
                    if isLast { levels[index].runOpen = true } else { sinks.put(0x22, sink) }
                } else {
                    beginContentItem(index)
                    sinks.put(0x7B, sink)
                    sinks.newline(3, sink)
                    sinks.putString(held.itemNames, held.nameRange(of: item), sink)
                    sinks.colon(sink)
                    sinks.transfer(bytes.extracting(unchecked: range), to: sink, extra: 3)
                    if isLast && depth > index + 1 {
                        // Still open: it closes its item object itself.
                        levels[index + 1].wrapped = true
                        redirect(from: index, extra: 3)
                    } else {
                        sinks.newline(2, sink)
                        sinks.put(0x7D, sink)
                    }
                }
            }
        }
        if let stop {
            sinks.restore(held.suffix(from: stop), index)
        } else {
            sinks.giveBack(held, index)
        }
    }

    /// Writes a pending element's held child elements as members, grouped by name. At the
    /// element's end (`final`) every group is complete; when committing for the look-ahead the
    /// last group stays open: an array streaming on if it has two or more elements, else its
    /// element held as before.
    private mutating func renderMembers(_ index: Int, final: Bool) {
        let sink = levels[index].sink
        if !levels[index].hasAttributes { sinks.put(0x7B, sink) }
        let held = sinks.take(index)
        let elements = held.items.indices.filter { !held.items[$0].isText }
        var keep: Int?
        do {
            let bytes = held.bytes.view
            held.itemNames.withUncheckedBytes { names in
                var first = 0
                while first < elements.count {
                    var last = first
                    while last + 1 < elements.count,
                        held.name(of: elements[last + 1], in: names).elementsEqual(
                            held.name(of: elements[first], in: names))
                    {
                        last += 1
                    }
                    let isOpen = !final && last == elements.count - 1
                    if isOpen && first == last {
                        keep = elements[first]
                        levels[index].group = .head
                        break
                    }
                    beginMember(index, held.name(of: elements[first], in: names))
                    if first == last {
                        sinks.transfer(bytes.extracting(unchecked: held.range(of: elements[first])), to: sink, extra: 1)
                    } else {
                        sinks.put(0x5B, sink)
                        for position in first...last {
                            if position > first { sinks.put(0x2C, sink) }
                            sinks.newline(2, sink)
                            sinks.transfer(
                                bytes.extracting(unchecked: held.range(of: elements[position])), to: sink, extra: 2)
                        }
                        if isOpen {
                            levels[index].group = .array
                            // An open last element streams on into the array.
                            redirect(from: index, extra: 2)
                        } else {
                            sinks.newline(1, sink)
                            sinks.put(0x5D, sink)
                        }
                    }
                    first = last + 1
                }
            }
        }
        if let keep {
            sinks.restore(held.only(keep), index)
        } else {
            sinks.giveBack(held, index)
        }
        levels[index].form = .members
    }

    /// Ends the current run of same-named child elements of an element in members form.
    private mutating func closeGroup(_ index: Int) {
        switch levels[index].group {
        case .head:
            let held = sinks.take(index)
            beginGroupMember(index)
            sinks.transfer(
                held.bytes.view.extracting(unchecked: held.range(of: 0)), to: levels[index].sink, extra: 1)
            sinks.giveBack(held, index)
        case .array:
            sinks.newline(1, levels[index].sink)
            sinks.put(0x5D, levels[index].sink)
        case .single, .none:
            break
        }
        levels[index].group = .none
    }

    /// Commits the outermost elements holding output, until the look-ahead is respected.
    private mutating func commitOutermost() {
        while sinks.pendingTotal > lookahead {
            var chosen: Int?
            for index in 0..<depth where !sinks.held[index].items.isEmpty {
                // Empty text cannot be committed as "#text" (it would not be written at all).
                if levels[index].form == .pending, !levels[index].sawElement, sinks.held[index].bytes.isEmpty {
                    continue
                }
                chosen = index
                break
            }
            guard let index = chosen else { return }
            commit(index)
        }
    }

    /// Commits one element to the form its content so far implies; see the file's header comment.
    private mutating func commit(_ index: Int) {
        let sink = levels[index].sink
        switch levels[index].form {
        case .pending where !levels[index].sawElement:
            if levels[index].hasAttributes {
                beginMember(index, "#text")
                levels[index].form = .text
            } else {
                levels[index].form = .string
            }
            let held = sinks.take(index)
            sinks.put(0x22, sink)
            sinks.put(held.bytes.view, sink)
            sinks.giveBack(held, index)
        case .pending:
            renderMembers(index, final: false)
        case .members:
            // The held first element of a name: one member.
            let held = sinks.take(index)
            beginGroupMember(index)
            sinks.transfer(held.bytes.view.extracting(unchecked: held.range(of: 0)), to: sink, extra: 1)
            sinks.giveBack(held, index)
            levels[index].group = .single
            redirect(from: index, extra: 1)
        case .content:
            // Held items after a run of white space: written without the runs from now on.
            emitHeld(index, keepingWhitespace: false, stoppingAtWhitespace: false)
            levels[index].dropsWhitespace = true
        case .string, .text:
            // Nothing is held in these forms.
            sinks.giveBack(sinks.take(index), index)
        }
    }

    /// After the element at `index` wrote its open child's held bytes to its own sink, placed
    /// `extra` deeper than its value, sends what the open descendants write there too.
    private mutating func redirect(from index: Int, extra: Int) {
        let sink = levels[index].sink
        for deeper in (index + 1)..<max(index + 1, depth) where levels[deeper].sink.target == index {
            levels[deeper].sink = JSONSink(
                target: sink.target, offset: sink.offset + extra + levels[deeper].sink.offset)
        }
    }

    /// The name of the open element at `index`, for messages.
    private func name(_ index: Int) -> String {
        String(decoding: levels[index].name, as: UTF8.self)
    }

    /// The error for a document that needs another form than the one committed.
    private func unmappable(at index: Int, _ problem: String) -> StreamFailure {
        let path = (0...max(0, min(index, depth - 1))).map { name($0) }.joined(separator: "/")
        return .unmappable(
            "cannot map <\(path)> to JSON within the look-ahead of \(lookahead) bytes: \(problem) "
                + "(the form was chosen when the look-ahead was full); run again with a larger --lookahead")
    }

    // MARK: Members and items

    /// Writes the separator and the name of the next member of an element's object.
    private mutating func beginMember(_ index: Int, prefix: UInt8? = nil, _ name: UncheckedBytes) {
        let first = levels[index].members == 0
        levels[index].members += 1
        sinks.member(name, prefix: prefix, first: first, levels[index].sink)
    }

    private mutating func beginMember(_ index: Int, _ name: StaticString) {
        beginMember(index, UncheckedBytes(name))
    }

    /// Writes the separator and the name of the member of the current run of child elements.
    private mutating func beginGroupMember(_ index: Int) {
        let first = levels[index].members == 0
        levels[index].members += 1
        let sink = levels[index].sink
        sinks.member(levels[index].groupName, first: first, sink)
    }

    /// Writes the separator before the next item of an element's "#content" array.
    private mutating func beginContentItem(_ index: Int) {
        if levels[index].contentItems > 0 { sinks.put(0x2C, levels[index].sink) }
        levels[index].contentItems += 1
        sinks.newline(2, levels[index].sink)
    }
}

// The types below are internal rather than private: with `~Copyable`, a private type in a writer
// crashes Swift 6.3.1's compiler when another file destroys the writer ("Global is external, but
// doesn't have external or weak linkage" for its metadata).
/// Where a value goes: the output (`target` -1; `offset` is then the absolute depth of the
/// value), or the held items of the open element at depth `target` (`offset` is then the depth
/// relative to the held item's value).
struct JSONSink {
    var target: Int
    var offset: Int

    /// The output, at an absolute depth.
    static func output(depth: Int) -> JSONSink { JSONSink(target: -1, offset: depth) }

    /// A new held item of the element at `depth`.
    static func held(_ depth: Int) -> JSONSink { JSONSink(target: depth, offset: 0) }

    /// The same place, `levels` deeper.
    func deeper(_ levels: Int) -> JSONSink { JSONSink(target: target, offset: offset + levels) }
}

/// One held item: a text run, or a child element's value.
struct HeldItem {
    var isText: Bool
    /// Where its bytes start in `Held.bytes` (they end where the next item's start).
    var start: Int
    /// The element's name in `Held.itemNames`.
    var nameStart = 0
    var nameEnd = 0
}

/// The held items of an element: their bytes (JSON text with depth markers), their names.
struct Held: ~Copyable {
    var bytes = UncheckedByteBuffer()
    var items: [HeldItem] = []
    var itemNames: [UInt8] = []

    /// The memory an item takes, counted against the look-ahead with its bytes.
    static let itemCost = MemoryLayout<HeldItem>.stride

    /// The memory held, counted against the look-ahead.
    var size: Int { bytes.count + items.count * Self.itemCost + itemNames.count }

    /// The bytes of item `index`.
    func range(of index: Int) -> Range<Int> {
        items[index].start..<(index + 1 < items.count ? items[index + 1].start : bytes.count)
    }

    /// The name of element item `index`.
    func nameRange(of index: Int) -> Range<Int> {
        items[index].nameStart..<items[index].nameEnd
    }

    /// The name of element item `index`, in `names` (the bytes of `itemNames`).
    func name(of index: Int, in names: UncheckedBytes) -> UncheckedBytes {
        names.extracting(unchecked: nameRange(of: index))
    }

    /// The items from `first` on, moved to the front.
    func suffix(from first: Int) -> Held {
        let start = items[first].start
        let nameStart = items[first...].first { !$0.isText }?.nameStart ?? itemNames.count
        var kept = Held()
        kept.bytes.append(bytes.view.extracting(unchecked: start..<bytes.count))
        kept.itemNames = Array(itemNames[nameStart...])
        kept.items = items[first...].map { item in
            item.isText
                ? HeldItem(isText: true, start: item.start - start)
                : HeldItem(
                    isText: false, start: item.start - start, nameStart: item.nameStart - nameStart,
                    nameEnd: item.nameEnd - nameStart)
        }
        return kept
    }

    /// Item `index` alone.
    func only(_ index: Int) -> Held {
        var kept = Held()
        kept.bytes.append(bytes.view.extracting(unchecked: range(of: index)))
        kept.itemNames = Array(itemNames[nameRange(of: index)])
        kept.items = [HeldItem(isText: items[index].isText, start: 0, nameStart: 0, nameEnd: kept.itemNames.count)]
        return kept
    }
}

/// Where the JSON writer writes: the output, and the held items of each depth of open element
/// (reused from one element to the next).
struct JSONSinks: ~Copyable {
    var output = OutputBuffer()
    private(set) var held = UniqueArray<Held>()
    /// The bytes held (`Held.size`, summed).
    private(set) var pendingTotal = 0
    /// Whether the output is indented (`false`: compact).
    private let indented: Bool
    /// One level of indentation (none for compact output).
    private let indentation: UncheckedByteBuffer
    /// A line break followed by `lineBreakLevels` levels of indentation, to copy line breaks from.
    private let lineBreaks: UncheckedByteBuffer
    private static let lineBreakLevels = 32

    /// Sinks for output indented by `indentation` per level, or compact (`nil`).
    init(indentation: [UInt8]?) {
        indented = indentation != nil
        self.indentation = UncheckedByteBuffer(copying: indentation ?? [])
        lineBreaks = UncheckedByteBuffer(
            copying: [0x0A] + Array([[UInt8]](repeating: indentation ?? [], count: Self.lineBreakLevels).joined()))
    }

    /// Makes the held items of `depth` ready for a new element.
    mutating func prepare(_ depth: Int) {
        if held.count == depth { held.append(Held()) }
    }

    /// Takes the held items of `depth` out, for writing them elsewhere.
    mutating func take(_ depth: Int) -> Held {
        var taken = Held()
        swap(&taken, &held[depth])
        pendingTotal -= taken.size
        return taken
    }

    /// Puts held items back.
    mutating func restore(_ items: consuming Held, _ depth: Int) {
        pendingTotal += items.size - held[depth].size
        held[depth] = items
    }

    /// Puts taken items back emptied, keeping their room for the next element unless it grew large.
    mutating func giveBack(_ emptied: consuming Held, _ depth: Int) {
        emptied.bytes.removeAll(keepingCapacityUpTo: 1 << 20)
        if emptied.items.capacity > 1 << 14 {
            emptied.items = []
        } else {
            emptied.items.removeAll(keepingCapacity: true)
        }
        if emptied.itemNames.capacity > 1 << 16 {
            emptied.itemNames = []
        } else {
            emptied.itemNames.removeAll(keepingCapacity: true)
        }
        pendingTotal -= held[depth].size
        held[depth] = emptied
    }

    /// Holds a piece of text, continuing the held text run of `depth` or starting one.
    mutating func holdText(_ bytes: UncheckedBytes, at depth: Int) {
        if held[depth].items.last?.isText != true {
            held[depth].items.append(HeldItem(isText: true, start: held[depth].bytes.count))
            pendingTotal += Held.itemCost
        }
        putEscaped(bytes, .held(depth))
    }

    /// Starts a held item for a child element of the element at `depth`.
    mutating func holdElement(_ name: [UInt8], at depth: Int) {
        let start = held[depth].itemNames.count
        held[depth].itemNames.append(contentsOf: name)
        held[depth].items.append(
            HeldItem(
                isText: false, start: held[depth].bytes.count, nameStart: start, nameEnd: held[depth].itemNames.count))
        pendingTotal += Held.itemCost + name.count
    }

    @inline(__always)
    mutating func put(_ bytes: UncheckedBytes, _ sink: JSONSink) {
        if sink.target < 0 {
            output.append(bytes)
        } else {
            held[sink.target].bytes.append(bytes)
            pendingTotal += bytes.count
        }
    }

    @inline(__always)
    mutating func put(_ byte: UInt8, _ sink: JSONSink) {
        if sink.target < 0 {
            output.append(byte)
        } else {
            held[sink.target].bytes.append(byte)
            pendingTotal += 1
        }
    }

    /// Writes `bytes[range]`.
    mutating func put(_ bytes: [UInt8], _ range: Range<Int>, _ sink: JSONSink) {
        bytes.withUncheckedBytes { put($0.extracting(unchecked: range), sink) }
    }

    @inline(__always)
    mutating func colon(_ sink: JSONSink) {
        put(0x3A, sink)
        if indented { put(0x20, sink) }
    }

    /// A line break and the indentation of depth `level` relative to the sink; in held items, a
    /// marker (0x0A and the relative depth in 16 bits) to be placed later.
    mutating func newline(_ level: Int, _ sink: JSONSink) {
        guard indented else { return }
        let depth = sink.offset + level
        if sink.target < 0 {
            if depth <= Self.lineBreakLevels {
                output.append(lineBreaks.view.extracting(unchecked: 0..<(1 + max(0, depth) * indentation.count)))
                return
            }
            output.append(0x0A)
            for _ in 0..<max(0, depth) { output.append(indentation.view) }
        } else {
            let clamped = UInt16(clamping: depth)
            held[sink.target].bytes.append(0x0A)
            held[sink.target].bytes.append(UInt8(truncatingIfNeeded: clamped))
            held[sink.target].bytes.append(UInt8(truncatingIfNeeded: clamped >> 8))
            pendingTotal += 3
        }
    }

    /// Writes the separator and the name of a member: `,` unless it is the first, the line
    /// break, `"name":`.
    mutating func member(_ name: UncheckedBytes, prefix: UInt8? = nil, first: Bool, _ sink: JSONSink) {
        if !first { put(0x2C, sink) }
        newline(1, sink)
        put(0x22, sink)
        if let prefix { put(prefix, sink) }
        putEscaped(name, sink)
        put(0x22, sink)
        colon(sink)
    }

    mutating func member(_ name: [UInt8], first: Bool, _ sink: JSONSink) {
        name.withUncheckedBytes { member($0, first: first, sink) }
    }

    /// Copies held bytes to a sink, placing their line-break markers `extra` deeper.
    mutating func transfer(_ bytes: UncheckedBytes, to sink: JSONSink, extra: Int) {
        guard indented else {
            put(bytes, sink)
            return
        }
        let count = bytes.count
        var runStart = 0
        while runStart < count {
            guard let index = bytes.firstIndex(of: 0x0A, in: runStart..<count) else { break }
            if index > runStart { put(bytes.extracting(unchecked: runStart..<index), sink) }
            guard index + 2 < count else {
                runStart = index
                break
            }
            let relative = Int(bytes[unchecked: index + 1]) | (Int(bytes[unchecked: index + 2]) << 8)
            newline(relative + extra, sink)
            runStart = index + 3
        }
        if count > runStart { put(bytes.extracting(unchecked: runStart..<count), sink) }
    }

    /// Writes a JSON string.
    mutating func putString(_ bytes: UncheckedBytes, _ sink: JSONSink) {
        put(0x22, sink)
        putEscaped(bytes, sink)
        put(0x22, sink)
    }

    /// Writes `bytes[range]` as a JSON string.
    mutating func putString(_ bytes: [UInt8], _ range: Range<Int>, _ sink: JSONSink) {
        bytes.withUncheckedBytes { putString($0.extracting(unchecked: range), sink) }
    }

    /// Writes UTF-8 text escaped for a JSON string, as the tree-based mapping's writer does.
    mutating func putEscaped(_ bytes: UncheckedBytes, _ sink: JSONSink) {
        var runStart = 0
        for index in 0..<bytes.count {
            let byte = bytes[unchecked: index]
            guard byte < 0x20 || byte == 0x22 || byte == 0x5C else { continue }
            if index > runStart { put(bytes.extracting(unchecked: runStart..<index), sink) }
            runStart = index + 1
            put(0x5C, sink)
            switch byte {
            case 0x22: put(0x22, sink)
            case 0x5C: put(0x5C, sink)
            case 0x0A: put(0x6E, sink)
            case 0x0D: put(0x72, sink)
            case 0x09: put(0x74, sink)
            case 0x08: put(0x62, sink)
            case 0x0C: put(0x66, sink)
            default:
                let hex = UncheckedBytes("0123456789abcdef")
                put(0x75, sink)
                put(0x30, sink)
                put(0x30, sink)
                put(hex[unchecked: Int(byte >> 4)], sink)
                put(hex[unchecked: Int(byte & 0xF)], sink)
            }
        }
        if bytes.count > runStart { put(bytes.extracting(unchecked: runStart..<bytes.count), sink) }
    }
}
