// `xmlc from-json [FILE]`: JSON in the mapping `to-json` writes, back to an XML document, written
// as the JSON is read (JSONEventReader.swift, JSONToXMLWriter.swift).
//
// For example, `echo '{"a": {"@x": 1, "b": ["2", null]}}' | xmlc from-json` writes
//
//     <a x="1">
//       <b>2</b>
//       <b/>
//     </a>

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import XMLCodableCore

/// `xmlc from-json`: converts JSON to XML.
enum FromJSONCommand: Command {
    static let name = "from-json"
    static let summary = "Convert JSON (in to-json's mapping) to an XML document"
    static let help = """
        OVERVIEW: Convert JSON, in the mapping 'xmlc to-json' writes, to an XML document.

        Reads FILE (or standard input) and writes XML to standard output, indented:

          {"ROOT": VALUE}        the document and its root element
          "text", 12, true       an element with that text (numbers and booleans as written)
          null                   an empty element
          {"@name": "v", ...}    attributes, in order
          "#text": "text"        the element's text
          "name": VALUE          a child element; "name": [VALUE, ...] repeated child elements
          "#content": [...]      content in order: strings are text, {"name": VALUE} elements

        Namespace prefixes must be declared with "@xmlns:prefix" attributes. Names that are not
        XML names, characters XML 1.0 cannot carry, and JSON that does not follow the mapping are
        errors, reported as FILE:LINE:COLUMN: error: … at the JSON value concerned.

        The JSON is read in chunks and the XML written as it is read, in bounded memory. Output
        that later members can still change (an element's attributes, and its indentation, which
        text among its children turns off) is held, up to 8 MiB; past that, the outermost element
        waiting is written as it stands, and an "@name" or text member that then comes for it is
        an error (put attributes and text before an element's children). On an error the JSON is
        still read to its end, so the error reported is the first one; output already written
        stays on standard output.

        USAGE: xmlc from-json [--compact] [--indent N] [FILE]

        ARGUMENTS:
          FILE                  The JSON text, or '-' (or nothing) for standard input.

        OPTIONS:
          --compact             Write the document without indentation.
          --indent N            Indent by N spaces (0-16, default 2).
          -h, --help            Show this help.

        EXIT STATUS:
          0  the document was written
          1  the JSON is not valid, or cannot be written as XML
          2  usage error, or a file that cannot be read

        """

    static let options = [
        Option(key: "compact", spellings: ["--compact"]),
        Option(key: "indent", spellings: ["--indent"], takesValue: true),
    ]

    static func run(_ arguments: [String], console: Console) -> ExitStatus {
        Conversion.run(arguments, command: self, options: options, console: console) { request in
            let input: JSONInput
            do throws(ReadError) {
                input = try JSONInput(request.input, chunkSize: Testing.chunkSize ?? JSONInput.defaultChunkSize)
            } catch {
                console.toolError(error.message)
                return .usage
            }
            var reader = JSONEventReader(input)
            var writer = JSONToXMLWriter(
                pretty: !request.parsed.has("compact"), indent: request.width,
                holdLimit: Testing.holdLimit ?? JSONToXMLWriter.defaultHoldLimit)
            do throws(JSONToXMLWriter.Failure) {
                try writer.convert(&reader)
                return .success
            } catch {
                switch error {
                case .invalid(let message, let position):
                    let error = XMLParsingError(
                        reason: .syntax(message), offset: position.offset, line: position.line, column: position.column)
                    console.err(
                        Diagnostic(
                            fileName: request.input.displayName, error: error, excerpt: input.excerpt(for: error)
                        ).rendered)
                    return .failure
                case .unreadable(let message), .unwritable(let message):
                    console.toolError(message)
                    return .usage
                }
            }
        }
    }

    /// Sizes the tests set through the environment to exercise chunk boundaries and the hold
    /// limit on small documents: `XMLC_TEST_JSON_CHUNK_SIZE` (bytes read at a time) and
    /// `XMLC_TEST_JSON_HOLD_LIMIT` (bytes of output held). Unset, the defaults apply.
    private enum Testing {
        static var chunkSize: Int? { value("XMLC_TEST_JSON_CHUNK_SIZE") }
        static var holdLimit: Int? { value("XMLC_TEST_JSON_HOLD_LIMIT") }

        private static func value(_ name: String) -> Int? {
            guard let text = getenv(name) else { return nil }
            return Int(String(cString: text))
        }
    }
}
