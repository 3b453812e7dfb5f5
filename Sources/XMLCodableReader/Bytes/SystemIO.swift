// The operating system's file calls, as the chunked reader (`XMLReader(contentsOf:)`,
// `XMLReader(fileHandle:)`) and xmlc use them: opening a file, reads and whole writes on a
// descriptor, a file's bytes at an offset, what kind of thing a path names, and the system's
// words for an error.
//
// Design: one place for the C library's file calls. The core reads files with `open(2)` and
// `read(2)` rather than `FileHandle` (it does not link Foundation); xmlc links XMLCodableCore and
// FoundationEssentials only, so that it starts in about as little time as a C tool and links
// statically into a small binary (Benchmarks/README.md, "Start-up and linking"), and uses these
// through their `package` access. Each call retries after a signal (`EINTR`), the whole reads and
// writes also after a short one, and a failure is a `SystemError`, described in the system's own
// words (`strerror`).

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A failed system call: its error number, described as the system describes it.
package struct SystemError: Error, CustomStringConvertible {
    /// The system's error number (`ENOENT`, `EACCES`…).
    package let code: Int32

    /// Creates the error for the system's error number `code`.
    package init(code: Int32) {
        self.code = code
    }

    /// The error of the call that just failed (`errno`).
    package static var current: SystemError { SystemError(code: errno) }

    /// The system's description of the error number (`strerror`), like "No such file or directory".
    package var description: String { String(cString: strerror(code)) }
}

/// The system's file calls, each retried after a signal.
package enum SystemIO {
    /// Writes all of `bytes` to `descriptor`.
    package static func writeAll(_ bytes: UncheckedBytes, to descriptor: Int32) throws(SystemError) {
        let buffer = bytes.unsafeRawBuffer
        guard let base = buffer.baseAddress else { return }
        var written = 0
        while written < buffer.count {
            let result = systemWrite(descriptor, base + written, buffer.count - written)
            if result < 0 {
                if errno == EINTR { continue }
                throw .current
            }
            written += result
        }
    }

    /// Writes the UTF-8 of `text` to `descriptor`.
    package static func writeAll(_ text: String, to descriptor: Int32) throws(SystemError) {
        var text = text
        try text.withUncheckedUTF8 { bytes in
            Result { () throws(SystemError) in try writeAll(bytes, to: descriptor) }
        }.get()
    }

    /// Reads up to `buffer.count` bytes from `descriptor` at its current position, straight into
    /// `buffer`; 0 at its end (or for an empty buffer).
    package static func read(_ descriptor: Int32, into bytes: UncheckedMutableBytes) throws(SystemError) -> Int {
        let buffer = bytes.unsafeMutableRawBuffer
        guard let base = buffer.baseAddress, !buffer.isEmpty else { return 0 }
        while true {
            let result = systemRead(descriptor, base, buffer.count)
            if result >= 0 { return result }
            if errno != EINTR { throw .current }
        }
    }

    /// Opens the file at `path` (a C string in the file system's representation, or a `String`)
    /// for reading; the descriptor is not inherited by programs this one starts.
    package static func openForReading(_ path: UnsafePointer<CChar>) throws(SystemError) -> Int32 {
        while true {
            let descriptor = systemOpen(path, O_RDONLY | O_CLOEXEC)
            if descriptor >= 0 { return descriptor }
            if errno != EINTR { throw .current }
        }
    }

    /// Closes `descriptor`, ignoring a failure (nothing is left to do about one).
    package static func close(_ descriptor: Int32) {
        _ = systemClose(descriptor)
    }

    /// Up to `count` bytes of the file at `path`, from byte `offset` (fewer at its end).
    package static func readFile(_ path: String, offset: Int, count: Int) throws(SystemError) -> [UInt8] {
        let descriptor = try openForReading(path)
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: count)
        var got = 0
        while got < count {
            let result = UncheckedMutableBytes.withView(of: &bytes) { view -> Int in
                guard let base = view.unsafeMutableRawBuffer.baseAddress else { return 0 }
                return pread(descriptor, base + got, count - got, off_t(offset + got))
            }
            if result < 0 {
                if errno == EINTR { continue }
                throw .current
            }
            if result == 0 { break }
            got += result
        }
        bytes.removeLast(count - got)
        return bytes
    }

    /// What a path names.
    package enum PathKind {
        /// Nothing (or nothing this process may look at).
        case missing
        /// A directory.
        case directory
        /// A file, a device, a pipe…: anything else.
        case other
    }

    /// What `path` names (following symbolic links).
    package static func kind(of path: String) -> PathKind {
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing }
        return info.st_mode & S_IFMT == S_IFDIR ? .directory : .other
    }
}

// The system's calls under names of their own (`SystemIO` has methods called `read` and `close`).
@inline(__always)
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

@inline(__always)
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}

@inline(__always)
private func systemOpen(_ path: UnsafePointer<CChar>, _ flags: Int32) -> Int32 {
    open(path, flags)
}

@inline(__always)
private func systemClose(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}
