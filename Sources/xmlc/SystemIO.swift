// The operating system's file calls, as xmlc uses them: whole writes to a descriptor, whole reads
// of one, a file's bytes at an offset, what kind of thing a path names, and the system's reason
// for an error.
//
// Design: xmlc links XMLCodableCore and FoundationEssentials only, not Foundation (no
// `FileHandle`, no `FileManager` file attributes), so that it starts in about as little time as
// a C tool and links statically into a small binary (Benchmarks/README.md, "Start-up and
// linking"). These few calls are all it needs; each retries after a signal (`EINTR`) and after a
// short read or write, and reports a failure with the system's own words (`strerror`).

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A failed system call: its error number, described as the system describes it.
struct SystemError: Error, CustomStringConvertible {
    let code: Int32

    /// The error of the call that just failed (`errno`).
    static var current: SystemError { SystemError(code: errno) }

    var description: String { String(cString: strerror(code)) }
}

enum SystemIO {
    /// Writes all of `buffer` to `descriptor`.
    static func writeAll(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32) throws(SystemError) {
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
    static func writeAll(_ text: String, to descriptor: Int32) throws(SystemError) {
        var text = text
        try text.withUTF8 { bytes in
            Result { () throws(SystemError) in try writeAll(UnsafeRawBufferPointer(bytes), to: descriptor) }
        }.get()
    }

    /// Reads up to `buffer.count` bytes from `descriptor` at its current position; 0 at its end.
    static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> Int {
        guard let base = buffer.baseAddress, !buffer.isEmpty else { return 0 }
        while true {
            let result = systemRead(descriptor, base, buffer.count)
            if result >= 0 { return result }
            if errno != EINTR { throw .current }
        }
    }

    /// Opens a file for reading.
    static func openForReading(_ path: String) throws(SystemError) -> Int32 {
        while true {
            let descriptor = systemOpen(path, O_RDONLY | O_CLOEXEC)
            if descriptor >= 0 { return descriptor }
            if errno != EINTR { throw .current }
        }
    }

    /// Up to `count` bytes of the file at `path`, from byte `offset` (fewer at its end).
    static func readFile(_ path: String, offset: Int, count: Int) throws(SystemError) -> [UInt8] {
        let descriptor = try openForReading(path)
        defer { _ = close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: count)
        var got = 0
        while got < count {
            let result = bytes.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
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
    enum PathKind {
        case missing
        case directory
        case other
    }

    /// What `path` names (following symbolic links).
    static func kind(of path: String) -> PathKind {
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing }
        return info.st_mode & S_IFMT == S_IFDIR ? .directory : .other
    }

    /// The reason for an error, as a short sentence: the system's description of its error number
    /// for a failed call here, or of the underlying `POSIXError` of a `CocoaError` (what
    /// `XMLReader(contentsOf:)` throws for a file it cannot open).
    static func reason(_ error: any Error) -> String {
        if let error = error as? SystemError { return error.description }
        if let error = error as? CocoaError, let posix = error.userInfo["NSUnderlyingError"] as? POSIXError {
            return String(cString: strerror(posix.code.rawValue))
        }
        return String(describing: error)
    }
}

// The system's calls under names of their own (`SystemIO` has methods called `read`).
@inline(__always)
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

@inline(__always)
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}

@inline(__always)
private func systemOpen(_ path: String, _ flags: Int32) -> Int32 {
    open(path, flags)
}
