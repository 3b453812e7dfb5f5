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
// bytes are gathered in an `UncheckedByteBuffer` (an append is a room check and a plain store or
// copy), which cannot be copied: neither can this buffer, so no two writers ever fill the same
// memory. For example, `output.append("<a>")` then `output.append(0x0A)` gathers four bytes, which
// `flush()` writes in one `write(2)`.

import XMLCodableCore

/// A buffered writer to standard output. Call `flush()` when done.
struct OutputBuffer: ~Copyable {
    /// The bytes gathered before they are written.
    static let capacity = 1 << 16

    /// The bytes gathered, at most `capacity`.
    private var bytes = UncheckedByteBuffer(capacity: OutputBuffer.capacity)
    private let descriptor: Int32
    /// Why writing failed, once it has; nothing more is written after that.
    private(set) var failure: String?

    /// A buffer that writes to `descriptor` (standard output by default).
    init(descriptor: Int32 = 1) {
        self.descriptor = descriptor
    }

    /// Appends one byte.
    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if bytes.count == Self.capacity { flush() }
        bytes.append(byte)
    }

    /// Appends bytes.
    @inline(__always)
    mutating func append(_ piece: UncheckedBytes) {
        if piece.count > Self.capacity &- bytes.count {
            flush()
            if piece.count >= Self.capacity {
                if failure == nil { failure = Self.write(piece, to: descriptor) }
                return
            }
        }
        bytes.append(piece)
    }

    /// Appends the UTF-8 of a static string.
    @inline(__always)
    mutating func append(_ text: StaticString) {
        append(UncheckedBytes(text))
    }

    /// Appends the UTF-8 of a string.
    mutating func append(_ string: String) {
        var string = string
        string.withUTF8 { append(UncheckedBytes($0)) }
    }

    /// Writes everything gathered so far.
    mutating func flush() {
        guard !bytes.isEmpty else { return }
        if failure == nil { failure = Self.write(bytes.view, to: descriptor) }
        bytes.removeAll(keepingCapacityUpTo: Self.capacity)
    }

    /// Writes all of `piece`; returns why it could not, if it could not.
    private static func write(_ piece: UncheckedBytes, to descriptor: Int32) -> String? {
        do {
            try SystemIO.writeAll(piece, to: descriptor)
            return nil
        } catch {
            return "cannot write standard output: \(error)"
        }
    }
}
