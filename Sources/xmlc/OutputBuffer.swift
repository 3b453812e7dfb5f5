// Standard output written in large pieces while a command is still reading its input.
//
// Design: `format` and `to-json` emit their result as they read, so their output goes through
// one buffer of 64 KiB that is written to standard output (file descriptor 1) whenever it fills,
// and once more at the end — or before an error is reported, so that what was produced comes
// out ahead of the message. A piece larger than the buffer (held output being released) is
// written directly. Writes go straight to `write(2)` (SystemIO), retried after a signal and after
// a short write. A write that fails is remembered, later output is dropped, and the command
// reports the failure once (`failure`); a closed pipe ends the process with SIGPIPE, as usual for
// a filter.
//
// Appending is the innermost step of both streaming writers, called for every few bytes, so the
// buffer is raw memory: a struct holding its address and fill, owned by the writer that fills
// it (and never copied: copies would share the memory), with an object whose only job is to
// free the memory when the buffer goes away. An append is a bounds check and a `memcpy`.

import XMLCodableCore

/// A buffered writer to standard output. Call `flush()` when done.
struct OutputBuffer {
    /// The bytes gathered before they are written.
    static let capacity = 1 << 16

    /// Frees the buffer's memory when the last reference goes.
    private final class Memory {
        let base = UnsafeMutablePointer<UInt8>.allocate(capacity: OutputBuffer.capacity)
        deinit { base.deallocate() }
    }

    private let memory = Memory()
    private let base: UnsafeMutablePointer<UInt8>
    private var count = 0
    private let descriptor: Int32
    /// Why writing failed, once it has; nothing more is written after that.
    private(set) var failure: String?

    /// A buffer that writes to `descriptor` (standard output by default).
    init(descriptor: Int32 = 1) {
        self.descriptor = descriptor
        base = memory.base
    }

    /// Appends one byte.
    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count == Self.capacity { flush() }
        base[count] = byte
        count += 1
    }

    /// Appends bytes.
    @inline(__always)
    mutating func append(_ buffer: UnsafeRawBufferPointer) {
        guard let source = buffer.baseAddress else { return }
        if buffer.count > Self.capacity - count {
            flush()
            if buffer.count >= Self.capacity {
                if failure == nil { failure = Self.write(buffer, to: descriptor) }
                return
            }
        }
        (base + count).update(from: source.assumingMemoryBound(to: UInt8.self), count: buffer.count)
        count += buffer.count
    }

    /// Appends the UTF-8 of a static string.
    @inline(__always)
    mutating func append(_ text: StaticString) {
        append(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends the UTF-8 of a string.
    mutating func append(_ string: String) {
        var string = string
        string.withUTF8 { append(UnsafeRawBufferPointer($0)) }
    }

    /// Writes everything gathered so far.
    mutating func flush() {
        guard count > 0 else { return }
        if failure == nil { failure = Self.write(UnsafeRawBufferPointer(start: base, count: count), to: descriptor) }
        count = 0
    }

    /// Writes all of `buffer`; returns why it could not, if it could not.
    private static func write(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32) -> String? {
        do {
            try SystemIO.writeAll(buffer, to: descriptor)
            return nil
        } catch {
            return "cannot write standard output: \(error)"
        }
    }
}
