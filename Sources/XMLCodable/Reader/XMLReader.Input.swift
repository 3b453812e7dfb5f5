// The storage a reader reads from, borrowed for the length of each call.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension XMLReader {
    /// The document's UTF-8 bytes, kept in whatever the caller handed over.
    @usableFromInline
    internal enum Input {
        case array([UInt8])
        case data(Data)
        case string(String)
        case unsafe(UnsafeRawBufferPointer)

        /// Calls `body` with the bytes. Each stored form is contiguous, so this never copies.
        @inlinable
        internal func withBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
            // `withUnsafeBytes` rethrows untyped errors; carry the typed error across it by hand.
            var result: Result<R, E>!
            switch self {
            case .array(let array):
                array.withUnsafeBytes { bytes in result = Result { () throws(E) in try body(bytes) } }
            case .data(let data):
                data.withUnsafeBytes { bytes in result = Result { () throws(E) in try body(bytes) } }
            case .string(let string):
                var string = string
                string.withUTF8 { bytes in result = Result { () throws(E) in try body(UnsafeRawBufferPointer(bytes)) } }
            case .unsafe(let bytes):
                return try body(bytes)
            }
            return try result.get()
        }
    }
}
