// The storage a reader reads from, borrowed for the length of each call.
//
// The forms are kept in separate stored properties rather than as an enum's payloads: reading a
// stored property borrows it, while binding an enum payload copies it (a retain and a release on
// every event, measurable in a tight loop).

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension XMLReader {
    /// The document's UTF-8 bytes, kept in whatever the caller handed over.
    @usableFromInline
    package struct Input {
        @usableFromInline package enum Kind: UInt8 { case array, data, string, unsafe, stream }
        @usableFromInline package let kind: Kind
        @usableFromInline let array: [UInt8]
        @usableFromInline let data: Data
        @usableFromInline let string: String
        /// Bytes the caller owns (`XMLReader(unsafeBytes:)`), viewed.
        @usableFromInline let unsafe: UncheckedBytes
        /// The window of a document read in chunks (see `StreamInput`).
        @usableFromInline package let stream: StreamInput?

        private init(
            kind: Kind, array: [UInt8] = [], data: Data = Data(), string: String = "",
            unsafe: UncheckedBytes = .empty, stream: StreamInput? = nil
        ) {
            self.kind = kind
            self.array = array
            self.data = data
            self.string = string
            self.unsafe = unsafe
            self.stream = stream
        }

        package static func array(_ array: [UInt8]) -> Input { Input(kind: .array, array: array) }
        package static func data(_ data: Data) -> Input { Input(kind: .data, data: data) }
        package static func string(_ string: String) -> Input { Input(kind: .string, string: string) }
        package static func unsafe(_ bytes: UncheckedBytes) -> Input { Input(kind: .unsafe, unsafe: bytes) }
        package static func stream(_ stream: StreamInput) -> Input { Input(kind: .stream, stream: stream) }

        /// Calls `body` with a view of the bytes, valid for the call only: how the reader and the
        /// layers above borrow the document. Each stored form is contiguous, so this never copies.
        ///
        /// Always inlined: a call takes the input by address, and the caller, to have an address
        /// for it, copied the whole reader (some 600 bytes) for every slice a consumer read.
        @inlinable @inline(__always)
        package func withUncheckedBytes<R>(_ body: (UncheckedBytes) throws -> R) rethrows -> R {
            try withRawBytes { try body(UncheckedBytes($0)) }
        }

        /// `withUncheckedBytes(_:)`'s dispatch, on the standard library's buffers: one closure (the
        /// view's) lent to each form. The one shape of this in which the optimizer inlines the
        /// scanner's step into the reader's `next()`: a view lent by each form's own closure
        /// (`UncheckedBytes.withView(of:_:)`) leaves the step out of line, a call per event
        /// (`read-books5k` 15% more instructions, `read-osm5k` 8%).
        @inlinable @inline(__always)
        func withRawBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
            switch kind {
            case .array:
                return try array.withUnsafeBytes(body)
            case .data:
                return try data.withUnsafeBytes(body)
            case .string:
                // Strings are made contiguous when the reader is created, so the fallback never runs.
                if let result = try string.utf8.withContiguousStorageIfAvailable({
                    try body(UncheckedBytes($0).unsafeRawBuffer)
                }) {
                    return result
                }
                return try Array(string.utf8).withUnsafeBytes(body)
            case .unsafe:
                return try body(unsafe.unsafeRawBuffer)
            case .stream:
                // `kind` is `.stream` only for an input made with a stream (`stream(_:)`). (Read
                // through `?.`, not bound with `let`, which would retain the stream per call.)
                return try body((stream?.view ?? .empty).unsafeRawBuffer)
            }
        }
    }
}
