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
        internal func withBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
            switch self {
            case .array(let array):
                return try array.withUnsafeBytes(body)
            case .data(let data):
                return try data.withUnsafeBytes(body)
            case .string(let string):
                // Strings are made contiguous when the reader is created, so the fallback never runs.
                if let result = try string.utf8.withContiguousStorageIfAvailable({ try body(UnsafeRawBufferPointer($0)) }) {
                    return result
                }
                return try Array(string.utf8).withUnsafeBytes(body)
            case .unsafe(let bytes):
                return try body(bytes)
            }
        }
    }
}
