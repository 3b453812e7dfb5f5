// The one shape of the document model's errors that say where: a reason users can switch over and
// the path of the element where it arose, described as `path: sentence`.
//
// Design: `LookupFailure`, `EditError` and `SerializationError` are public structs with a public
// `reason` and `path`, each declared in full (that is their API, `description` included); what they
// share is how they read. Each reason says what went wrong as a sentence (`message`), and this one
// extension prefixes it with the path, unless the path is empty (the root, the prologue).
// `ValueError` puts the source position between the two and reads a lookup failure's sentence the
// same way. For example, a
// `LookupFailure` with the reason `.noChildElement("price")` and the path `catalog/book[1]` reads
// `catalog/book[1]: no child element <price>`.

extension XMLTree {
    /// What a document-model error with a path shares: its reason as a sentence, and the path.
    protocol LocatedError: CustomStringConvertible {
        /// The reasons of the error.
        associatedtype Reason: LocatedErrorReason
        /// What went wrong.
        var reason: Reason { get }
        /// Where: the path of the element, empty at the root or outside it.
        var path: String { get }
    }

    /// A reason of a document-model error, as the sentence its description ends with.
    protocol LocatedErrorReason {
        /// What went wrong, as a sentence without the path.
        var message: String { get }
    }
}

extension XMLTree.LocatedError {
    /// The error as a sentence, prefixed with the path (`books/book[1]: …`) unless it is empty: each
    /// error's public `description`.
    var locatedDescription: String { path.isEmpty ? reason.message : path + ": " + reason.message }
}
