// `from-json` as a stream: the JSON mapping read back to XML, written while the JSON is read.
//
// The mapping (also in README.md and in `xmlc to-json --help`; `to-json` writes it in
// StreamingJSONWriter.swift):
//
//   document                 {"ROOT": VALUE}                 one member: the root element's name
//   <a>text</a>, <a/>        "text", ""                      no attributes, no child elements
//   attributes               "@name": "value"                in document order (xmlns ones too)
//   <a x="1">text</a>        {"@x": "1", "#text": "text"}    "#text" left out when there is none
//   child elements           "name": VALUE                   for a name that occurs once
//   repeated elements        "name": [VALUE, VALUE, …]       when each name's elements are adjacent
//   mixed content, or        "#content": ["text", {"b": VALUE}, …]
//   interleaved names                                        everything in document order
//
// White space that only lays out element content (between tags, outside xml:space="preserve")
// is not carried; all other text is, exactly. CDATA sections become text. Comments, processing
// instructions and the document type declaration are not carried. Every value is a string: JSON
// numbers and booleans given to `from-json` become their literal text, and null an empty element.
// So `from-json` of `to-json`'s output is the same document up to those: the same elements,
// attributes (in order) and text — the canonical forms match.
//
// Design: the XML is what `XMLTree`'s writer gives for the tree the JSON describes (indented only
// where an element holds elements and no text, names and characters checked, namespace prefixes
// declared by `"@xmlns:p"` on the element or an ancestor), but it is written as the events of
// `JSONEventReader` arrive, so memory is bounded by the nesting depth and the largest string, not
// by the document. Two things depend on JSON not read yet: whether an element's children are
// indented (text may follow them) and its attributes (an `"@name"` member may follow its
// content). So the output from the outermost element still open to change is held
// (`HeldOutput`): a break before a child is taken out when text follows, a late attribute is put
// into the start tag, and an undeclared prefix is only an error once no element that could still
// declare it is held. At most `holdLimit` bytes (8 MiB by default) are held: past that, the
// outermost held element is committed (its start tag and layout written out as they stand), and
// if text or an attribute then comes for it, that is an error naming the limit. Below the limit
// the output is byte for byte the tree writer's.
//
// Errors are the ones the whole-tree conversion reported, and the same one when there are
// several: the first syntax error; else the mapping error the tree's walk meets first (the one
// earliest in the text, as every check is made at the start of the value it concerns); else the
// first element or text the writer cannot write. So after an error nothing more is written, and
// the JSON is read on to its end, checking the syntax and the mapping and counting the names that
// an error's path needs (`SiblingCounts`), before the error is reported. (Late attributes are not
// checked any more after a writing error, and late namespace declarations do not change which
// attributes count as duplicates: those orders of errors can differ from the tree's.)
//
// For example, `{"a": {"b": ["1", "2"], "#text": "t"}}` writes `<a>` and holds the break and
// `<b>1</b>`, the break and `<b>2</b>`; the text takes the breaks out, so `<a><b>1</b><b>2</b>t</a>`
// is written, where `{"a": {"b": ["1", "2"]}}` gives `<a>\n  <b>1</b>\n  <b>2</b>\n</a>`.

import XMLCodableCore

/// Converts a JSON text in the mapping to XML, writing to standard output as it reads. It holds
/// its output (`HeldOutput`), which cannot be copied, so it cannot be either.
struct JSONToXMLWriter: ~Copyable {
    /// Why a conversion failed, with where in the JSON text when that is known.
    enum Failure: Error {
        /// The JSON is not valid, does not follow the mapping, or cannot be written as XML.
        case invalid(String, JSONEventReader.Position)
        /// The input could not be read.
        case unreadable(String)
        /// Standard output could not be written.
        case unwritable(String)
    }

    /// How many bytes of output are held by default while elements may still change: 8 MiB.
    static let defaultHoldLimit = 8 << 20
    /// How many child names are counted for error paths, over all open elements.
    static let countedNameLimit = 1 << 16

    private typealias Position = JSONEventReader.Position

    /// One step of an element's path: its name, its index among its parent's children of that
    /// name (`nil` when not counted) and the parent's counts (`nil` for the root).
    private struct PathStep {
        var name: String
        var index: Int?
        var parent: SiblingCounts?
    }

    /// An element whose object value is being read.
    private struct Frame {
        var name: String
        /// Where its value starts in the JSON: its errors are reported there.
        var position: Position
        /// Its place in writing order, to tell which error the tree's writer meets first.
        var sequence: Int
        var path: [PathStep]
        var children = SiblingCounts()
        /// Its attributes, until the start tag is written.
        var attributes: [(name: String, value: String)] = []
        /// The qualified names of its attributes, for the duplicate check of late ones.
        var attributeNames: [String] = []
        /// Whether the start tag was written (up to its attributes), and whether its `>` was.
        var started = false
        var opened = false
        var hasElementChild = false
        var hasText = false
        /// Whether breaks were written before its children (it is laid out as element content).
        var indented = false
        var preserve: Bool
        /// Whether `xml:space` was among its attributes (the first one decides).
        var hasSpace = false
        /// The number of namespace bindings before its own.
        var bindingCount = 0
        /// Whether it is committed: written out as it stands, no longer held.
        var committed = false
        /// Where, in the held output, its start tag begins and its attributes end; and the
        /// breaks before its children, which text would take out.
        var regionStart = 0
        var tagEnd = 0
        var breaks: [Range<Int>] = []
    }

    /// What the values being read are.
    private enum Context {
        /// The top-level value.
        case top
        /// The top-level object: its members so far and the first one's name.
        case root(start: Position, members: Int, name: String?)
        /// An element's object (the frame on top of `frames`), and the member whose value is next.
        case element(Member?)
        /// The array of a member's repeated elements.
        case repeated(String)
        /// A `"#content"` array.
        case content
        /// An object in a `"#content"` array: its members so far and the first one's name.
        case contentItem(start: Position, members: Int, name: String?)
        /// A value not mapped (after an error), and how deep in it the reader is.
        case skip(Int)
    }

    /// What an element's member is, by its name.
    private enum Member {
        case attribute(String)
        case text
        case content
        case unknown(String)
        case child(String)

        init(_ name: String) {
            if name.hasPrefix("@") {
                self = .attribute(String(name.dropFirst()))
            } else if name == "#text" {
                self = .text
            } else if name == "#content" {
                self = .content
            } else if name.hasPrefix("#") {
                self = .unknown(name)
            } else {
                self = .child(name)
            }
        }
    }

    /// An element or text the writer cannot write, and where it comes in writing order.
    private struct WritingError {
        /// What is wrong: what the tree writer says, or what only streaming refuses (past the
        /// hold limit), in a sentence of its own.
        enum Problem {
            case reason(XMLTree.SerializationError.Reason)
            case message(String)
        }

        var sequence: Int
        var problem: Problem
        var path: [PathStep]
        var position: Position
    }

    /// An undeclared prefix that a late `"@xmlns:p"` member could still declare.
    private struct PendingPrefix {
        var prefix: String
        var error: WritingError
    }

    private let pretty: Bool
    private let indentation: UncheckedByteBuffer
    private let holdLimit: Int
    private var output = HeldOutput()
    private var contexts: [Context] = [.top]
    private var frames: [Frame] = []
    /// How many frames, from the root, are committed (the rest are held).
    private var committedCount = 0
    private var bindings: [(prefix: String, uri: String)] = [("xml", ReservedNamespace.xml)]
    private var sequence = 0
    private var nameBudget = JSONToXMLWriter.countedNameLimit
    /// The first mapping error in the text, the first writing error, and prefixes not yet known
    /// to be undeclared.
    private var mappingError: (message: String, position: Position)?
    private var writingError: WritingError?
    private var pending: [PendingPrefix] = []

    /// A converter writing indented XML (`indent` spaces a level) or, with `pretty` off, compact XML.
    init(pretty: Bool, indent: Int, holdLimit: Int = JSONToXMLWriter.defaultHoldLimit) {
        self.pretty = pretty
        self.indentation = UncheckedByteBuffer(copying: Array(repeating: 0x20, count: max(0, indent)))
        self.holdLimit = max(0, holdLimit)
    }

    /// Whether output is still being written (no error found yet).
    private var writing: Bool { mappingError == nil && writingError == nil }

    /// Reads the whole JSON text and writes its XML (and a final line feed) to standard output.
    /// After a failure, output already handed to the system stays written; the rest is dropped.
    mutating func convert(_ reader: inout JSONEventReader) throws(Failure) {
        do throws(JSONEventReader.SyntaxError) {
            while let (event, position) = try reader.next() {
                handle(event, at: position)
                if writing {
                    if output.count > holdLimit { commit() }
                    if committedCount == frames.count, output.count >= OutputBuffer.capacity { output.release() }
                }
            }
        } catch {
            if error.isReadFailure { throw .unreadable(error.message) }
            throw .invalid(error.message, error.position)
        }
        if let mappingError { throw .invalid(mappingError.message, mappingError.position) }
        for entry in pending { fail(entry.error) }
        if let writingError { throw .invalid(Self.message(writingError), writingError.position) }
        output.append(0x0A)
        output.release()
        output.flush()
        if let failure = output.failure { throw .unwritable(failure) }
    }

    /// The text of a writing error: its reason after the element's path, as the tree writer says it.
    private static func message(_ error: WritingError) -> String {
        switch error.problem {
        case .message(let message):
            return message
        case .reason(let reason):
            let path = error.path.map { step in
                guard let parent = step.parent, let index = step.index, parent.total(step.name) > 1 else {
                    return step.name
                }
                return step.name + "[\(index)]"
            }.joined(separator: "/")
            return "cannot be written as XML: " + XMLTree.SerializationError(reason: reason, path: path).description
        }
    }

    // MARK: Events

    private mutating func handle(_ event: JSONEventReader.Event, at position: Position) {
        switch contexts[contexts.count - 1] {
        case .top:
            contexts.removeLast()
            if event == .objectStart {
                contexts.append(.root(start: position, members: 0, name: nil))
            } else {
                mappingFailure("expected an object with one member, the root element: {\"root\": …}", at: position)
                skip(event)
            }
        case .root(let start, let members, let name):
            switch event {
            case .name(let member):
                if members == 1 {
                    mappingFailure("expected an object with one member, the root element: {\"root\": …}", at: start)
                }
                contexts[contexts.count - 1] = .root(
                    start: start, members: members + 1, name: members == 0 ? member : name)
            case .objectEnd:
                if members == 0 {
                    mappingFailure("expected an object with one member, the root element: {\"root\": …}", at: start)
                }
                contexts.removeLast()
            default:
                if members == 1, let name {
                    if event == .arrayStart {
                        mappingFailure(
                            "the root element's value cannot be an array: a document has one root element", at: position
                        )
                        skip(event)
                    } else {
                        element(name, event, at: position)
                    }
                } else {
                    skip(event)
                }
            }
        case .element(let member):
            if case .name(let name) = event {
                contexts[contexts.count - 1] = .element(Member(name))
            } else if event == .objectEnd {
                contexts.removeLast()
                closeElement()
            } else if let member {
                contexts[contexts.count - 1] = .element(nil)
                memberValue(member, event, at: position)
            }
        case .repeated(let name):
            if event == .arrayEnd {
                contexts.removeLast()
            } else if event == .arrayStart {
                mappingFailure(
                    "nested arrays cannot be mapped to XML: an array holds the repeated elements \"\(name)\"",
                    at: position)
                skip(event)
            } else {
                element(name, event, at: position)
            }
        case .content:
            switch event {
            case .arrayEnd:
                contexts.removeLast()
            case .string, .number, .bool:
                text(Self.scalarText(event) ?? "", at: position)
            case .objectStart:
                contexts.append(.contentItem(start: position, members: 0, name: nil))
            default:
                mappingFailure(
                    "a \"#content\" item must be a string or an object with one member (an element)", at: position)
                skip(event)
            }
        case .contentItem(let start, let members, let name):
            switch event {
            case .name(let member):
                if members == 1 {
                    mappingFailure(
                        "a \"#content\" item must be a string or an object with one member (an element)", at: start)
                }
                contexts[contexts.count - 1] = .contentItem(
                    start: start, members: members + 1, name: members == 0 ? member : name)
            case .objectEnd:
                if members == 0 {
                    mappingFailure(
                        "a \"#content\" item must be a string or an object with one member (an element)", at: start)
                }
                contexts.removeLast()
            default:
                if members == 1, let name { children(name, event, at: position) } else { skip(event) }
            }
        case .skip(let depth):
            switch event {
            case .objectStart, .arrayStart:
                contexts[contexts.count - 1] = .skip(depth + 1)
            case .objectEnd, .arrayEnd:
                if depth == 1 { contexts.removeLast() } else { contexts[contexts.count - 1] = .skip(depth - 1) }
            default:
                break
            }
        }
    }

    /// Skips a value that is not mapped: nothing for a scalar, everything inside a container.
    private mutating func skip(_ event: JSONEventReader.Event) {
        if event == .objectStart || event == .arrayStart { contexts.append(.skip(1)) }
    }

    /// The text of a string, number or boolean value.
    private static func scalarText(_ event: JSONEventReader.Event) -> String? {
        switch event {
        case .string(let text), .number(let text): text
        case .bool(let flag): flag ? "true" : "false"
        default: nil
        }
    }

    /// The value of an element's member.
    private mutating func memberValue(_ member: Member, _ event: JSONEventReader.Event, at position: Position) {
        switch member {
        case .attribute(let name):
            if let value = Self.scalarText(event) {
                attribute(name, value, at: position)
            } else {
                mappingFailure("the attribute \"\(name)\" needs a string, number or boolean value", at: position)
                skip(event)
            }
        case .text:
            if let value = Self.scalarText(event) {
                text(value, at: position)
            } else {
                mappingFailure("\"#text\" needs a string, number or boolean value", at: position)
                skip(event)
            }
        case .content:
            if event == .arrayStart {
                contexts.append(.content)
            } else {
                mappingFailure("\"#content\" needs an array of strings and one-member objects", at: position)
                skip(event)
            }
        case .unknown(let name):
            mappingFailure("unknown member \"\(name)\" (the mapping knows \"#text\" and \"#content\")", at: position)
            skip(event)
        case .child(let name):
            children(name, event, at: position)
        }
    }

    /// The value of a child member: one element, or an array of repeated ones.
    private mutating func children(_ name: String, _ event: JSONEventReader.Event, at position: Position) {
        if event == .arrayStart {
            contexts.append(.repeated(name))
        } else {
            element(name, event, at: position)
        }
    }

    /// An element named `name` whose value (not an array) starts with `event`.
    private mutating func element(_ name: String, _ event: JSONEventReader.Event, at position: Position) {
        guard !name.isEmpty, !name.hasPrefix("@"), !name.hasPrefix("#") else {
            mappingFailure("\"\(name)\" cannot be an element name", at: position)
            skip(event)
            return
        }
        var path = frames.last?.path ?? []
        let parent = frames.last?.children
        path.append(PathStep(name: name, index: parent?.record(name, budget: &nameBudget), parent: parent))
        sequence += 1
        if writing { beforeChild() }
        var frame = Frame(
            name: name, position: position, sequence: sequence, path: path, preserve: frames.last?.preserve ?? false)
        frame.regionStart = output.count
        frame.bindingCount = bindings.count
        if event == .objectStart {
            frames.append(frame)
            contexts.append(.element(nil))
            return
        }
        // A leaf: a string, number, boolean or null, written at once.
        guard writing else { return }
        startTag(&frame, held: false)
        guard writing else { return }
        let value = Self.scalarText(event) ?? ""
        if value.isEmpty {
            output.append("/>")
        } else {
            if let bad = XMLMarkup.invalidCharacter(in: value) {
                fail(
                    WritingError(
                        sequence: sequence, problem: .reason(.invalidCharacter(bad)), path: path, position: position))
                return
            }
            output.append(UInt8(ascii: ">"))
            appendEscaped(value, inAttribute: false)
            output.append("</")
            output.append(name)
            output.append(UInt8(ascii: ">"))
        }
        bindings.removeLast(bindings.count - frame.bindingCount)
    }

    /// Before a child element of the element on top of `frames` (if any): its start tag closed,
    /// and the break before the child when the element is laid out as element content so far.
    private mutating func beforeChild() {
        guard !frames.isEmpty else { return }
        openContent()
        guard writing else { return }
        var frame = frames.removeLast()
        defer { frames.append(frame) }
        frame.hasElementChild = true
        guard pretty, !frame.preserve, !frame.hasText else { return }
        let start = output.count
        newline(frames.count + 1)
        if !frame.committed { frame.breaks.append(start..<output.count) }
        frame.indented = true
    }

    /// The element on top of `frames` has content: its start tag is written and closed.
    private mutating func openContent() {
        var frame = frames.removeLast()
        defer { frames.append(frame) }
        if !frame.started {
            startTag(&frame, held: !frame.committed)
            guard writing else { return }
        }
        if !frame.opened {
            output.append(UInt8(ascii: ">"))
            frame.opened = true
        }
    }

    /// Text in the element on top of `frames`.
    private mutating func text(_ value: String, at position: Position) {
        sequence += 1
        guard writing, !value.isEmpty, !frames.isEmpty else { return }
        openContent()
        guard writing else { return }
        var frame = frames.removeLast()
        defer { frames.append(frame) }
        if let bad = XMLMarkup.invalidCharacter(in: value) {
            fail(
                WritingError(
                    sequence: sequence, problem: .reason(.invalidCharacter(bad)), path: frame.path,
                    position: frame.position))
            return
        }
        if !frame.hasText {
            frame.hasText = true
            if frame.indented {
                if frame.committed {
                    return fail(
                        "text in <\(frame.name)> comes after more of its child elements than from-json "
                            + "holds (\(holdLimit) bytes "
                            + "of output), and they were written indented; put the text first, or use --compact",
                        in: frame, sequence: sequence, at: position)
                }
                output.remove(frame.breaks)
                frame.breaks = []
                frame.indented = false
            }
        }
        appendEscaped(value, inAttribute: false)
    }

    /// An attribute of the element on top of `frames`.
    private mutating func attribute(_ name: String, _ value: String, at position: Position) {
        guard !frames.isEmpty else { return }
        var frame = frames.removeLast()
        defer { frames.append(frame) }
        if !writing {
            // Only what could still change the error: a late declaration of a pending prefix.
            if frame.started, mappingError == nil { resolvePending(name, of: frame) }
            return
        }
        guard frame.started else {
            frame.attributes.append((name, value))
            return
        }
        // After the element's content: into the start tag, while it is held.
        if frame.committed {
            return fail(
                "the attribute \"\(name)\" of <\(frame.name)> comes after more of its content than "
                    + "from-json holds (\(holdLimit) "
                    + "bytes of output); put an element's attributes before its content",
                in: frame, sequence: frame.sequence, at: position)
        }
        if name == "xml:space", !frame.hasSpace {
            frame.hasSpace = true
            if (value == "preserve") != frame.preserve {
                guard !frame.hasElementChild else {
                    return fail(
                        "the attribute \"xml:space\" of <\(frame.name)> comes after its child "
                            + "elements, whose layout it "
                            + "decides; put it before the element's content",
                        in: frame, sequence: frame.sequence, at: position)
                }
                frame.preserve = value == "preserve"
            }
        }
        func failure(_ reason: XMLTree.SerializationError.Reason) -> WritingError {
            WritingError(sequence: frame.sequence, problem: .reason(reason), path: frame.path, position: frame.position)
        }
        guard XMLMarkup.isQualifiedName(name) else { return fail(failure(.invalidName(name))) }
        if let bad = XMLMarkup.invalidCharacter(in: value) { return fail(failure(.invalidCharacter(bad))) }
        let (prefix, local) = Self.split(name)
        if name == "xmlns" || prefix == "xmlns" {
            bindings.append((name == "xmlns" ? "" : local, value))
            resolvePending(name, of: frame)
        } else if let prefix {
            requirePrefix(prefix, failure(.undeclaredPrefix(prefix)), held: true)
            guard writing else { return }
        }
        if frame.attributeNames.contains(where: { $0.utf8.elementsEqual(name.utf8) }) {
            return fail(failure(.duplicateAttribute(name)))
        }
        if let prefix, prefix != "xmlns", let uri = bound(prefix) {
            for other in frame.attributeNames {
                let (otherPrefix, otherLocal) = Self.split(other)
                if let otherPrefix, otherPrefix != "xmlns", let otherURI = bound(otherPrefix),
                    otherURI.utf8.elementsEqual(uri.utf8),
                    otherLocal.utf8.elementsEqual(local.utf8)
                {
                    return fail(failure(.duplicateAttribute(name)))
                }
            }
        }
        frame.attributeNames.append(name)
        var bytes: [UInt8] = [0x20]
        bytes += name.utf8
        bytes += [UInt8(ascii: "="), UInt8(ascii: "\"")]
        var escapedValue = value
        escapedValue.withUncheckedUTF8 {
            XMLMarkup.escape($0, inAttribute: true) { bytes.append(contentsOf: $0) }
        }
        bytes.append(UInt8(ascii: "\""))
        output.insert(bytes, at: frame.tagEnd)
        frame.tagEnd += bytes.count
        frame.breaks = frame.breaks.map { ($0.lowerBound + bytes.count)..<($0.upperBound + bytes.count) }
    }

    /// The end of the element on top of `frames`.
    private mutating func closeElement() {
        if writing, !frames[frames.count - 1].started {
            var frame = frames.removeLast()
            startTag(&frame, held: !frame.committed)
            frames.append(frame)
        }
        guard writing else {
            if frames.removeLast().committed { committedCount -= 1 }
            return
        }
        let frame = frames.removeLast()
        if !frame.opened {
            output.append("/>")
        } else {
            if frame.indented { newline(frames.count) }
            output.append("</")
            output.append(frame.name)
            output.append(UInt8(ascii: ">"))
        }
        bindings.removeLast(bindings.count - frame.bindingCount)
        if frame.committed {
            committedCount -= 1
        } else if frames.count == committedCount {
            // The outermost held element ended: nothing held can change any more.
            finalizePending()
            if writing { output.release() }
        }
    }

    // MARK: Start tags and namespaces

    /// Checks an element's name and attributes as the tree writer does, binds its namespace
    /// declarations and writes its start tag up to the attributes (not the `>` or `/>`). `held`:
    /// whether a late attribute can still be added to it (not for a leaf).
    private mutating func startTag(_ frame: inout Frame, held: Bool) {
        frame.started = true
        func failure(_ reason: XMLTree.SerializationError.Reason) -> WritingError {
            WritingError(sequence: frame.sequence, problem: .reason(reason), path: frame.path, position: frame.position)
        }
        let (elementPrefix, _) = Self.split(frame.name)
        guard XMLMarkup.isQualifiedName(frame.name), elementPrefix != "xmlns" else {
            return fail(failure(.invalidName(frame.name)))
        }
        for (name, value) in frame.attributes {
            guard XMLMarkup.isQualifiedName(name) else { return fail(failure(.invalidName(name))) }
            if let bad = XMLMarkup.invalidCharacter(in: value) { return fail(failure(.invalidCharacter(bad))) }
            let (prefix, local) = Self.split(name)
            if name == "xmlns" {
                bindings.append(("", value))
            } else if prefix == "xmlns" {
                bindings.append((local, value))
            }
        }
        if let elementPrefix { requirePrefix(elementPrefix, failure(.undeclaredPrefix(elementPrefix)), held: held) }
        for (name, _) in frame.attributes {
            let (prefix, _) = Self.split(name)
            if let prefix, prefix != "xmlns" { requirePrefix(prefix, failure(.undeclaredPrefix(prefix)), held: held) }
        }
        guard writing else { return }
        if frame.attributes.count > 1 {
            var seen = Set<[UInt8]>()
            var expanded = Set<[UInt8]>()
            for (name, _) in frame.attributes {
                guard seen.insert(Array(name.utf8)).inserted else { return fail(failure(.duplicateAttribute(name))) }
                let (prefix, local) = Self.split(name)
                if let prefix, prefix != "xmlns", let uri = bound(prefix) {
                    guard expanded.insert(Array("{\(uri)}\(local)".utf8)).inserted else {
                        return fail(failure(.duplicateAttribute(name)))
                    }
                }
            }
        }
        if let space = frame.attributes.first(where: { $0.name == "xml:space" }) {
            frame.hasSpace = true
            frame.preserve = space.value == "preserve"
        }
        output.append(UInt8(ascii: "<"))
        output.append(frame.name)
        for (name, value) in frame.attributes {
            output.append(0x20)
            output.append(name)
            output.append("=\"")
            appendEscaped(value, inAttribute: true)
            output.append(UInt8(ascii: "\""))
        }
        frame.tagEnd = output.count
        frame.attributeNames = frame.attributes.map(\.name)
        frame.attributes = []
    }

    /// A name's prefix (before its first colon) and local part.
    private static func split(_ name: String) -> (prefix: String?, local: String) {
        guard let colon = name.utf8.firstIndex(of: UInt8(ascii: ":")) else { return (nil, name) }
        return (String(name[..<colon]), String(name[name.utf8.index(after: colon)...]))
    }

    /// The namespace URI a prefix is bound to, if it is; prefixes compare as code points.
    private func bound(_ prefix: String) -> String? {
        bindings.last { $0.prefix.utf8.elementsEqual(prefix.utf8) }?.uri
    }

    /// Checks that a prefix is declared; an undeclared one waits while a held element could still
    /// declare it: one in `frames`, or the element itself when `held` (it is not in `frames` while
    /// its start tag is checked).
    private mutating func requirePrefix(_ prefix: String, _ error: WritingError, held: Bool) {
        guard prefix != "xml", bound(prefix) == nil else { return }
        if held || committedCount < frames.count {
            pending.append(PendingPrefix(prefix: prefix, error: error))
        } else {
            fail(error)
        }
    }

    /// A late `"@xmlns:p"` (or `"@xmlns"`) member of `frame` declares `p` for what it holds.
    private mutating func resolvePending(_ attribute: String, of frame: Frame) {
        let (prefix, local) = Self.split(attribute)
        guard attribute == "xmlns" || prefix == "xmlns" else { return }
        let declared = attribute == "xmlns" ? "" : local
        pending.removeAll { $0.prefix.utf8.elementsEqual(declared.utf8) && $0.error.sequence >= frame.sequence }
    }

    /// Reports the pending prefixes that no held element can declare any more.
    private mutating func finalizePending() {
        let firstHeld = committedCount < frames.count ? frames[committedCount].sequence : Int.max
        let final = pending.filter { $0.error.sequence < firstHeld }
        guard !final.isEmpty else { return }
        pending.removeAll { $0.error.sequence < firstHeld }
        for entry in final { fail(entry.error) }
    }

    // MARK: Holding

    /// Commits the outermost held elements until what is held fits the limit: their start tags
    /// and the breaks written so far go out as they stand.
    private mutating func commit() {
        while output.count > holdLimit, committedCount < frames.count {
            frames[committedCount].committed = true
            frames[committedCount].breaks = []
            committedCount += 1
            let released = committedCount < frames.count ? frames[committedCount].regionStart : output.count
            output.release(released)
            for index in committedCount..<frames.count {
                frames[index].regionStart -= released
                frames[index].tagEnd -= released
                frames[index].breaks = frames[index].breaks.map {
                    ($0.lowerBound - released)..<($0.upperBound - released)
                }
            }
            finalizePending()
            guard writing else { return }
        }
    }

    // MARK: Errors and output

    private mutating func mappingFailure(_ message: String, at position: Position) {
        if let mappingError, mappingError.position.offset <= position.offset { return }
        mappingError = (message, position)
    }

    /// Records a writing error; the first in writing order is the one reported.
    private mutating func fail(_ error: WritingError) {
        if let writingError, writingError.sequence <= error.sequence { return }
        writingError = error
    }

    /// Records `message` as the writing error of the element `frame` writes, at `position`, the
    /// JSON event `sequence`.
    private mutating func fail(_ message: String, in frame: Frame, sequence: Int, at position: Position) {
        fail(WritingError(sequence: sequence, problem: .message(message), path: frame.path, position: position))
    }

    private mutating func newline(_ depth: Int) {
        output.append(0x0A)
        for _ in 0..<depth { output.append(indentation.view) }
    }

    private mutating func appendEscaped(_ string: String, inAttribute: Bool) {
        var string = string
        string.withUncheckedUTF8 { bytes in
            XMLMarkup.escape(bytes, inAttribute: inAttribute) { output.append($0) }
        }
    }
}
