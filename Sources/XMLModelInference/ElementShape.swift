// ElementShape: what the samples showed about every element of one name, accumulated occurrence
// by occurrence so that a sample of any size is read in bounded memory.
//
// Design: shapes are keyed by the element's expanded name (`{uri}local`, or the local name when
// it is in no namespace), so every `<book>` of every sample contributes to one shape, wherever it
// occurs; a shape that contains itself is recursion. For
//
//     <book id="1"><title>A</title><author>X</author><author>Y</author></book>
//     <book id="2"><title>B</title></book>
//
// the shape of `book` has 2 occurrences; attribute `id` present in 2, values Int; child `title`
// present in 2, at most once each; child `author` present in 1, at most twice (so an array); the
// children always in the order title, author. Text and child elements in one occurrence make it
// mixed; a child name that starts a second run (`<a/><b/><a/>`), or two occurrences that order
// their children differently, make the children unordered: both are modelled as a list of choices.

/// Statistics of one attribute or one child element of a shape.
struct MemberStatistics: Sendable {
    /// In how many occurrences of the parent the member appeared.
    var presentIn = 0
    /// The most times it appeared in one occurrence of the parent (always 1 for attributes).
    var maxPerParent = 0
    /// The kinds every value of an attribute round-trips through (unused for children).
    var kinds: ValueKinds = .any
}

/// Everything seen of the elements of one expanded name.
struct ElementShape: Sendable {
    /// The expanded name: `{uri}local`, or the local name.
    let key: String
    /// The local name, from which the Swift names are made.
    let localName: String
    /// How many elements of this name were read.
    var occurrences = 0
    /// The attributes, by expanded name, and the order in which they were first seen.
    var attributes: [String: MemberStatistics] = [:]
    var attributeOrder: [String] = []
    /// The child elements, by expanded name, and an order consistent with every occurrence.
    var children: [String: MemberStatistics] = [:]
    var childOrder: [String] = []
    /// Occurrences with text that is not only white space.
    var occurrencesWithText = 0
    /// Occurrences with child elements.
    var occurrencesWithChildren = 0
    /// Occurrences with attributes.
    var occurrencesWithAttributes = 0
    /// Whether some occurrence had both text and child elements.
    var hasMixedContent = false
    /// Whether the children are not always in one order (or a name repeats after another).
    var childrenUnordered = false
    /// The kinds every text of an occurrence without children round-trips through.
    var textKinds: ValueKinds = .any

    init(key: String, localName: String) {
        self.key = key
        self.localName = localName
    }

    /// Records one finished occurrence.
    mutating func record(_ element: OpenElement) {
        occurrences += 1
        if !element.attributes.isEmpty { occurrencesWithAttributes += 1 }
        for (name, value) in element.attributes {
            if attributes[name] == nil { attributeOrder.append(name) }
            attributes[name, default: MemberStatistics()].presentIn += 1
            attributes[name]!.maxPerParent = 1
            attributes[name]!.kinds.formIntersection(ValueKinds.of(value))
        }
        for name in element.childRuns where children[name] == nil {
            children[name] = MemberStatistics()
        }
        for (name, count) in element.childCounts {
            children[name]!.presentIn += 1
            children[name]!.maxPerParent = max(children[name]!.maxPerParent, count)
        }
        if element.hasText { occurrencesWithText += 1 }
        if !element.childRuns.isEmpty { occurrencesWithChildren += 1 }
        if element.hasText && !element.childRuns.isEmpty { hasMixedContent = true }
        if element.childRepeatsAfterAnother { childrenUnordered = true }
        if element.childRuns.isEmpty { textKinds.formIntersection(ValueKinds.of(element.text)) }
        mergeOrder(element.childRuns)
    }

    /// Merges one occurrence's order of children into `childOrder`; an order that contradicts it
    /// marks the children unordered.
    /// A name not seen before goes just before the next known name of the run, or at the end.
    private mutating func mergeOrder(_ runs: [String]) {
        var position = -1
        var pending: [String] = []
        for name in runs {
            if let index = childOrder.firstIndex(of: name) {
                if index < position { childrenUnordered = true }
                childOrder.insert(contentsOf: pending, at: max(index, position + 1))
                position = max(position, index) + pending.count
                pending = []
            } else {
                pending.append(name)
            }
        }
        childOrder.append(contentsOf: pending)
    }

    /// Whether the element is only ever text (no attributes, no children): a scalar property.
    var isSimple: Bool {
        attributes.isEmpty && children.isEmpty
    }

    /// Whether the children are modelled as a list of choices under the `""` key.
    var hasChoiceContent: Bool {
        !children.isEmpty && (hasMixedContent || childrenUnordered || occurrencesWithText > 0)
    }

    /// Whether the element's text is a property under the `""` key beside its attributes.
    var hasTextValue: Bool {
        children.isEmpty && !attributes.isEmpty && occurrencesWithText > 0
    }
}
