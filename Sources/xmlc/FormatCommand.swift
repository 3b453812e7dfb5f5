// `xmlc format [FILE]`: the document written again, pretty printed or compact.
//
// Design: the output is what reading the document into an `XMLTree`, removing the white space that
// only lays out element content (`removingWhitespaceBetweenElements`) and writing the tree with the
// library's writer — indented (`.prettyPrinted`) or compact — gives; but it is produced while the
// document is read, in bounded memory (`StreamingFormatter`), and written as it is produced. An
// element whose layout decision does not fit the look-ahead keeps its own white space as it came,
// so the content never changes. Everything else is kept as it is: text (including white space
// inside values and in mixed content), CDATA sections, comments, processing instructions,
// attributes in order, the XML declaration and the document type's name and identifiers. Entity
// references come out expanded and attribute defaults from the DTD explicit, since the internal
// subset is not written (the canonical form of the output equals the input's). A malformed
// document stops the run part-way: what was written stays, the error follows on standard error.

import XMLCodableCore

/// `xmlc format`: pretty prints or compacts a document.
enum FormatCommand: Command {
    static let name = "format"
    static let summary = "Pretty print (or compact) an XML document"
    static let help = """
        OVERVIEW: Pretty print (or compact) an XML document.

        Reads FILE (or standard input) and writes it to standard output with element content
        indented, one element per line. Only the white space between tags is changed: text,
        white space inside values and in mixed content, CDATA sections, comments, processing
        instructions, attribute order and xml:space="preserve" content are kept exactly.
        Entity references are written expanded and DTD attribute defaults explicitly (the
        DOCTYPE keeps its name and external identifiers, not its internal subset), so the
        content is unchanged: the canonical form of the output is the input's. An XML
        declaration is kept, with encoding="UTF-8" (the output's encoding).

        The document is read in chunks and written as it is read, in bounded memory. Whether an
        element's white space is layout is known only when its end tag (or text in it) is read,
        so its output is held until then, up to --lookahead bytes for all elements together.
        When more is held, the outermost element waiting keeps its own white space exactly as it
        is instead (typically a very large root element; its children are still laid out), so
        the content is never changed. If the document turns out malformed, the output written
        so far stays and the error follows on standard error.

        USAGE: xmlc format [--compact] [--indent N | --tabs] [--lookahead BYTES] [--no-namespaces]
                           [--html-entities] [FILE]

        ARGUMENTS:
          FILE                  The document, or '-' (or nothing) for standard input.

        OPTIONS:
          --compact             Remove the white space between tags instead of indenting.
          --indent N            Indent by N spaces (0-16, default 2).
          --tabs                Indent with one tab per level.
          --lookahead BYTES     Output held back while layout is undecided (default 16M;
                                K, M and G suffixes count KiB, MiB, GiB).
        \(Conversion.readerFlagsHelp)
          -h, --help            Show this help.

        EXIT STATUS:
          0  the document was written
          1  the document is not well-formed (FILE:LINE:COLUMN: error: … on standard error)
          2  usage error, or a file that cannot be read (or output that cannot be written)

        """

    static let options =
        [
            Option(key: "compact", spellings: ["--compact"]),
            Option(key: "indent", spellings: ["--indent"], takesValue: true),
            Option(key: "tabs", spellings: ["--tabs"]),
            Conversion.lookaheadOption,
        ] + Conversion.readerFlags

    static func run(_ arguments: [String], console: Console) -> ExitStatus {
        Conversion.run(arguments, command: self, options: options, console: console) { request in
            let parsed = request.parsed
            let indentation: [UInt8] = parsed.has("tabs") ? [0x09] : Array(repeating: 0x20, count: request.width)
            return Conversion.stream(request, console: console) { document throws(StreamFailure) in
                var formatter = StreamingFormatter(
                    pretty: !parsed.has("compact"), indentation: indentation, lookahead: request.lookahead)
                try formatter.run(&document)
            }
        }
    }
}
