// The system's reason for an error, as xmlc reports it. The system's file calls themselves are
// XMLCodableCore's `SystemIO` and `SystemError` (a `package` API, so that the reader's
// `XMLReader(contentsOf:)` and xmlc share one set of them); this adds what only xmlc needs, the
// reason for an error of either kind: one of those calls', or the `CocoaError` that
// `XMLReader(contentsOf:)` throws for a file it cannot open.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import XMLCodableCore

extension SystemIO {
    /// The reason for an error, as a short sentence: the system's description of its error number
    /// for a failed call here, or of the underlying `POSIXError` of a `CocoaError` (what
    /// `XMLReader(contentsOf:)` throws for a file it cannot open).
    static func reason(_ error: any Error) -> String {
        if let error = error as? SystemError { return error.description }
        if let error = error as? CocoaError, let posix = error.userInfo["NSUnderlyingError"] as? POSIXError {
            return SystemError(code: posix.code.rawValue).description
        }
        return String(describing: error)
    }
}
