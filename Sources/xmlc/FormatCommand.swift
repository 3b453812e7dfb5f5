// `xmlc format [FILE]`: the document written again, pretty printed or compact.
//
// Design: the document is read into an `XMLTree`, the white space that only lays out element
// content is removed (`removingWhitespaceBetweenElements`), and the tree is written by the library's
// writer — indented (`.prettyPrinted`) or compact. Everything else is kept as it is: text (including
// white space inside values and in mixed content), CDATA sections, comments, processing
// instructions, attributes in order, the XML declaration and the document type's name and
// identifiers. Entity references come out expanded and attribute defaults from the DTD explicit,
// since the internal subset is not written (the canonical form of the output equals the input's).

import Foundation
import XMLCodable

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

        USAGE: xmlc format [--compact] [--indent N | --tabs] [--no-namespaces] [FILE]

        ARGUMENTS:
          FILE                  The document, or '-' (or nothing) for standard input.

        OPTIONS:
          --compact             Remove the white space between tags instead of indenting.
          --indent N            Indent by N spaces (0-16, default 2).
          --tabs                Indent with one tab per level.
          --no-namespaces       Read names without Namespaces 1.0 processing.
          -h, --help            Show this help.

        EXIT STATUS:
          0  the document was written
          1  the document is not well-formed (FILE:LINE:COLUMN: error: … on standard error)
          2  usage error, or a file that cannot be read

        """

    static let options = [
        Option(key: "compact", spellings: ["--compact"]),
        Option(key: "indent", spellings: ["--indent"], takesValue: true),
        Option(key: "tabs", spellings: ["--tabs"]),
        Option(key: "no-namespaces", spellings: ["--no-namespaces"]),
    ]

    static func run(_ arguments: [String], console: Console) -> ExitStatus {
        Conversion.run(arguments, command: self, options: options, console: console) { request in
            let (parsed, width, input, data) = (request.parsed, request.width, request.input, request.data)
            guard let tree = Conversion.parseXML(data, input: input, options: Conversion.readerOptions(parsed), console: console) else { return .failure }

            let formatting: XMLEncoder.OutputFormatting = parsed.has("compact") ? [] : .prettyPrinted
            let indentation: XMLEncoder.PrettyPrintIndentation = parsed.has("tabs") ? .tabs(1) : .spaces(width)
            do throws(XMLTree.SerializationError) {
                var text = try tree.removingWhitespaceBetweenElements().xmlData(outputFormatting: formatting, prettyPrintIndentation: indentation)
                text.append(0x0A)
                FileHandle.standardOutput.write(text)
                return .success
            } catch {
                console.err("\(input.displayName): error: \(error.description)\n")
                return .failure
            }
        }
    }
}
