// How many child elements of each name an element has had, for the paths in `from-json`'s errors.
//
// Design: an error names the element concerned by its path, as `XMLTree.SerializationError` does
// (`catalog/item[1]/name`): the index counts the element's siblings of the same name before it,
// and is shown only when the parent has more than one child of that name. `from-json` writes as it
// reads, so each open element counts its children's names here, and an error's path keeps the
// counts of its elements' parents, which are complete once the JSON has been read to its end
// (the converter reads on after an error before reporting it). The names counted are capped
// (`JSONToXMLWriter.countedNameLimit` over all elements), so memory stays bounded; a name first
// seen past the cap has no index in a path. For example, after children `b`, `c`, `b`,
// `record("b")` returns 2 and `total("b")` is 3.

/// The numbers of children, by name, of one element.
final class SiblingCounts {
    private var counts: [String: Int] = [:]

    /// Counts a child named `name`; returns how many children of that name came before it, or
    /// `nil` when the name is not counted (it is new and `budget` is spent).
    func record(_ name: String, budget: inout Int) -> Int? {
        if let count = counts[name] {
            counts[name] = count + 1
            return count
        }
        guard budget > 0 else { return nil }
        budget -= 1
        counts[name] = 1
        return 0
    }

    /// The children named `name` counted so far.
    func total(_ name: String) -> Int {
        counts[name] ?? 0
    }
}
