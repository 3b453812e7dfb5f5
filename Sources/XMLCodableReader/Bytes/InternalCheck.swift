// InternalCheck: the unchecked types' own checks, which an internal-checks build keeps in optimized
// code.
//
// Why it exists
// -------------
// The types that read memory without Swift's checks (`UncheckedBytes`, `UncheckedElements`,
// `UnretainedReference`, `UncheckedUTF8String`, `OwnedByteBuffer`, `AttributeStore`, `XMLIndex`,
// the scanner's `OpenElements`, `XMLEncodedTree.UncheckedStorage`) check what they take on trust
// — an offset within bounds, an object still alive, a buffer not shared — in debug builds, and
// take it on trust in release builds, where a check per byte would cost too much. The tests and
// the W3C suite run in debug builds, so they run those checks. The fuzzers did not: they are
// built `-c release`, for as many inputs a second as they can run, so an offset past a view's end
// but within the same allocation, which AddressSanitizer cannot see, would go unnoticed there.
// `internalCheck` is the one place that decides: it is `assert` in an ordinary build, debug or
// release, and a precondition kept by `-O` when the module is compiled with
// `-D XMLCODABLE_INTERNAL_CHECKS`. (Not the standard library's `precondition`, whose `-O` form
// traps without its message: this one stops through `fatalError`, which prints the message and
// the check's file and line in optimized builds too, so a fuzzer's finding says which check.)
//
// How to turn it on
// -----------------
// The root Package.swift adds that define to XMLCodableCore when the environment has
// `XMLCODABLE_INTERNAL_CHECKS=1` while the package is built (also when it is built as a
// dependency, as the Fuzz package builds it). `.define` is not an unsafe flag, so the package
// stays usable as a dependency; without the variable the release code is what it was with
// `assert`, the plain load and nothing more (the instruction gate, Benchmarks/README.md, holds
// that). CI and Docs/Fuzzing.md build the fuzzers with it:
//
//     cd Fuzz && XMLCODABLE_INTERNAL_CHECKS=1 swift build -c release --sanitize=fuzzer \
//         -Xswiftc -sanitize=fuzzer,address
//
// A worked example: `UncheckedBytes.loadWord(uncheckedAt:)` checks its eight bytes with
//
//     internalCheck(
//         offset >= 0 && width >= 0 && offset <= count &- width,     // width 8
//         "UncheckedBytes: \(what()) at \(offset) ..< \(offset &+ width) is outside 0 ..< \(count)")
//
// Asked for offset 10 of a 14-byte view, a debug build stops with "UncheckedBytes: word at
// 10 ..< 18 is outside 0 ..< 14"; a release build loads the eight bytes, four of them past the
// view (when they are inside the same allocation, AddressSanitizer says nothing); a release build
// with `XMLCODABLE_INTERNAL_CHECKS=1` stops with "internal check failed: UncheckedBytes: word at
// 10 ..< 18 is outside 0 ..< 14", and the fuzzer saves the input that made the scanner read there.

/// Checks `condition`, which the unchecked code around it relies on: `assert` in ordinary builds
/// (so release builds check nothing), and in a build with `XMLCODABLE_INTERNAL_CHECKS` defined
/// (the fuzzers') a check that stops with `message` in optimized code too. See the file's header
/// comment.
///
/// ```swift
/// internalCheck(index >= 0 && index < count, "UncheckedElements: element \(index) is outside 0 ..< \(count)")
/// ```
@inlinable @inline(__always)
package func internalCheck(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String = String(),
    file: StaticString = #fileID, line: UInt = #line
) {
    #if XMLCODABLE_INTERNAL_CHECKS
    if !condition() { internalCheckFailed(message(), file: file, line: line) }
    #else
    assert(condition(), message(), file: file, line: line)
    #endif
}

#if XMLCODABLE_INTERNAL_CHECKS
/// Stops the program: an internal check failed (out of line, so that the checks stay small).
@usableFromInline @inline(never)
internal func internalCheckFailed(_ message: String, file: StaticString, line: UInt) -> Never {
    fatalError("internal check failed: \(message)", file: file, line: line)
}
#endif
