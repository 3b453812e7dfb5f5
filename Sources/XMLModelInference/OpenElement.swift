// OpenElement: one element being read, from its start tag to its end tag.
//
// Design: memory is bounded by the number of distinct child names, not the number of children:
// for `<r><a/><a/><b/><a/></r>` it keeps the counts a: 3, b: 1, the runs a, b (a name is added when
// its first run starts) and the fact that `a` started a second run. Text is kept only until the
// first child element, since only the text of an element without children is given a type.

/// The state of an element whose end tag has not been read yet.
struct OpenElement: Sendable {
    /// The element's expanded name.
    let key: String
    /// The attributes' expanded names and values (namespace declarations left out).
    var attributes: [(name: String, value: String)] = []
    /// How many children of each name.
    var childCounts: [String: Int] = [:]
    /// The child names in the order their first runs started.
    var childRuns: [String] = []
    /// The name of the last child element.
    var lastChild: String?
    /// Whether a child name started a second run, after another name.
    var childRepeatsAfterAnother = false
    /// The text read so far, while the element has no children.
    var text = ""
    /// Whether some text was not only white space.
    var hasText = false

    init(key: String) {
        self.key = key
    }

    /// Records the start of a child element.
    mutating func addChild(_ name: String) {
        childCounts[name, default: 0] += 1
        if name != lastChild {
            if childCounts[name]! > 1 {
                childRepeatsAfterAnother = true
            } else {
                childRuns.append(name)
            }
        }
        lastChild = name
        text = ""
    }

    /// Records a piece of text (character data or a CDATA section).
    mutating func addText(_ piece: String) {
        if !hasText, piece.unicodeScalars.contains(where: { !ValueKinds.isXMLWhitespace($0) }) {
            hasText = true
        }
        if childRuns.isEmpty, text.utf8.count < 4096 { text += piece }
    }
}
