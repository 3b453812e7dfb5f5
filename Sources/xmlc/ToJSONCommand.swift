// `xmlc to-json [FILE]`: an XML document as JSON, by the generic mapping in JSONMapping.swift.

import Foundation
import XMLCodable

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

        USAGE: xmlc to-json [--compact] [--indent N] [--no-namespaces] [FILE]

        ARGUMENTS:
          FILE                  The document, or '-' (or nothing) for standard input.

        OPTIONS:
          --compact             Write the JSON on one line.
          --indent N            Indent by N spaces (0-16, default 2).
          --no-namespaces       Read names without Namespaces 1.0 processing.
          -h, --help            Show this help.

        EXIT STATUS:
          0  the JSON was written
          1  the document is not well-formed (FILE:LINE:COLUMN: error: … on standard error)
          2  usage error, or a file that cannot be read

        """

    static let options = [
        Option(key: "compact", spellings: ["--compact"]),
        Option(key: "indent", spellings: ["--indent"], takesValue: true),
        Option(key: "no-namespaces", spellings: ["--no-namespaces"]),
    ]

    static func run(_ arguments: [String], console: Console) -> ExitStatus {
        Conversion.run(arguments, command: self, options: options, console: console) { request in
            let (parsed, width, input) = (request.parsed, request.width, request.input)
            guard let data = Conversion.read(input, console: console) else { return .usage }
            guard let tree = Conversion.parseXML(data, input: input, options: Conversion.readerOptions(parsed), console: console) else { return .failure }
            let indentation: [UInt8]? = parsed.has("compact") ? nil : Array(repeating: 0x20, count: width)
            var json = JSONMapping.json(of: tree, indentation: indentation)
            if indentation == nil { json.append(0x0A) }
            FileHandle.standardOutput.write(Data(json))
            return .success
        }
    }
}
