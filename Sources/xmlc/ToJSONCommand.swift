// `xmlc to-json [FILE]`: an XML document as JSON, by the generic mapping (JSONToXMLWriter.swift).
//
// Design: the JSON is written while the document is read, in bounded memory
// (`StreamingJSONWriter`): output whose form is not decided yet is held, up to `--lookahead`
// bytes, and when a form committed for the look-ahead turns out wrong, the command stops with an
// error rather than write JSON that maps the document wrongly. A malformed document stops it too;
// either way the output written so far stays, and the error follows on standard error.

import XMLCodableCore

/// `xmlc to-json`: converts XML to JSON.
enum ToJSONCommand: Command {
    static let name = "to-json"
    static let summary = "Convert an XML document to JSON"
    static let help = """
        OVERVIEW: Convert an XML document to JSON.

        Reads FILE (or standard input) and writes JSON to standard output, by this mapping:

          document               {"ROOT": VALUE}                the root element's name
          <a>text</a>  <a/>      "text"  ""                     no attributes, no child elements
          attributes             "@name": "value"               in document order
          <a x="1">t</a>         {"@x": "1", "#text": "t"}
          child elements         "name": VALUE                  a name that occurs once
          repeated elements      "name": [VALUE, ...]           each name's elements adjacent
          mixed content, or      "#content": ["text", {"b": VALUE}, ...]
          interleaved names                                     everything in document order

        All values are strings. White space that only lays out element content is left out;
        all other text is kept exactly. CDATA sections become text; comments, processing
        instructions and the DOCTYPE are not carried. 'xmlc from-json' reads the mapping back:
        from-json of to-json's output is the same document (same canonical form).

        The document is read in chunks and the JSON written as it is read, in bounded memory.
        Output whose form is not known yet (string or object, one member or an array, members
        or "#content") is held, up to --lookahead bytes for all elements together. When more is
        held, the outermost element waiting commits to the form its content so far implies: a
        name seen twice becomes an array that streams on, child elements become members, text
        becomes a string. So a large document whose repeated elements are adjacent (such as an
        OpenStreetMap file) streams with the default. If the rest of the document then needs
        another form, to-json stops with an error naming the element (run it again with a larger
        --lookahead): it never writes JSON that maps the document wrongly. The output written
        before an error stays on standard output.

        USAGE: xmlc to-json [--compact] [--indent N] [--lookahead BYTES] [--no-namespaces]
                            [--html-entities] [FILE]

        ARGUMENTS:
          FILE                  The document, or '-' (or nothing) for standard input.

        OPTIONS:
          --compact             Write the JSON on one line.
          --indent N            Indent by N spaces (0-16, default 2).
          --lookahead BYTES     Output held back while a form is undecided (default 16M;
                                K, M and G suffixes count KiB, MiB, GiB).
        \(Conversion.readerFlagsHelp)
          -h, --help            Show this help.

        EXIT STATUS:
          0  the JSON was written
          1  the document is not well-formed (FILE:LINE:COLUMN: error: … on standard error),
             or cannot be mapped within the look-ahead (FILE: error: …)
          2  usage error, or a file that cannot be read (or output that cannot be written)

        """

    static let options =
        [
            Option(key: "compact", spellings: ["--compact"]),
            Option(key: "indent", spellings: ["--indent"], takesValue: true),
            Conversion.lookaheadOption,
        ] + Conversion.readerFlags

    static func run(_ arguments: [String], console: Console) -> ExitStatus {
        Conversion.run(arguments, command: self, options: options, console: console) { request in
            let indentation: [UInt8]? =
                request.parsed.has("compact") ? nil : Array(repeating: 0x20, count: request.width)
            return Conversion.stream(request, console: console) { document throws(StreamFailure) in
                var writer = StreamingJSONWriter(indentation: indentation, lookahead: request.lookahead)
                try writer.run(&document)
            }
        }
    }
}
