// Reading a whole input event by event and reporting how it ended, for the commands that read
// documents to their end without writing as they go (`check`, `generate`).
//
// Design: the command's closure sees each event with the reader that returned it (to decode its
// names and text) and may stop the reading with a status of its own; a malformed document is
// reported as a compiler-style diagnostic with its source line (status 1), an input that cannot
// be read as a tool error (status 2).

import XMLCodableCore

extension DocumentReader {
    /// Reads `input` to its end, calling `body` with every event; returns `.success`, the status
    /// `body` stopped with, or the status of the failure it reported.
    static func readAll(
        _ input: InputSource, options: XMLReader.Options, console: Console,
        _ body: (XMLEvent, XMLReader) -> ExitStatus?
    ) -> ExitStatus {
        var document: DocumentReader
        do {
            document = try DocumentReader(input, options: options)
        } catch {
            console.toolError(error.message)
            return .usage
        }
        do throws(StreamFailure) {
            while let event = try document.next() {
                if let status = body(event, document.reader) { return status }
            }
        } catch {
            switch error {
            case .malformed(let error):
                let excerpt = document.excerpt(for: error)
                console.err(Diagnostic(fileName: input.displayName, error: error, excerpt: excerpt).rendered)
                return .failure
            case .unreadable(let message), .unmappable(let message), .unwritable(let message):
                console.toolError(message)
                return .usage
            }
        }
        return .success
    }
}
