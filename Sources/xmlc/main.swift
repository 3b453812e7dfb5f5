// xmlc: the command-line front end to XMLCodable.
//
// Design: this file only hands the arguments to `Tool` and exits with the status it returns.
// Everything else is split by job so that a new command is one new file plus one line in
// `Tool.commands`:
//
//   Tool.swift                  dispatch, top-level usage, --help / --version
//   Command.swift               the `Command` protocol and `ExitStatus`
//   CommandLineArguments.swift  a small hand-rolled option parser shared by the commands
//   Console.swift               writing messages to standard output and standard error
//   InputSource.swift           a FILE argument (or `-` for standard input), and reading it whole
//   DocumentReader.swift        an XML document read in chunks from a file or standard input
//   SourceLine.swift            recovering the source line of an error in bounded memory
//   Diagnostics.swift           `FILE:LINE:COLUMN: error: MESSAGE`, the source line and a caret
//   OutputBuffer.swift          standard output written in 64 KiB pieces as it is produced
//   SystemIO.swift              the reason for a failed system call (the calls: XMLCodableCore)
//   UncheckedByteBuffer.swift   the one store through a pointer: the writers' byte buffers (~Copyable)
//   ByteViews.swift             reading slices, arrays and literals as `UncheckedBytes` views
//   UniqueArray.swift           a list of noncopyable values (the writers' held buffers)
//   CheckCommand.swift          `xmlc check`
//   ConversionSupport.swift     one input, shared options (--lookahead), streaming and errors
//   FormatCommand.swift         `xmlc format`
//   StreamingFormatter.swift    format's layout, decided while the document is read
//   ToJSONCommand.swift         `xmlc to-json`
//   StreamingJSONWriter.swift   to-json's mapping, written while the document is read
//   FromJSONCommand.swift       `xmlc from-json`
//   JSONToXMLWriter.swift       the XML <-> JSON mapping; from-json's XML, written while it reads
//   JSONEventReader.swift       a strict, order-keeping JSON reader, one event at a time
//   JSONInput.swift             the JSON read in chunks, and the source line of an error
//   HeldOutput.swift            from-json's output held while later members may change it
//   SiblingCounts.swift         the names counted for the paths in from-json's errors
//
// The tool uses the public API of XMLCodableCore and, of its `package` API, the system's file calls
// (`SystemIO`), the writers' markup rules (`XMLMarkup`) and the reader's byte view
// (`UncheckedBytes`), and FoundationEssentials and the C library (no Foundation, so that it starts
// quickly and links statically into a small binary: Benchmarks/README.md, "Start-up and
// linking"). It has no other dependency.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

let status = Tool.run(Array(CommandLine.arguments.dropFirst()))
exit(status.rawValue)
