// `xmlc from-json [FILE]`: JSON in the mapping `to-json` writes, back to an XML document.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
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
            let (parsed, width, input) = (request.parsed, request.width, request.input)
            guard let source = Conversion.read(input, console: console) else { return .usage }

            let json: LocatedJSONValue
            do throws(JSONSyntaxError) {
                json = try JSONParser.parse(source)
            } catch {
                Conversion.report(error.message, offset: error.offset, input: input, source: source, console: console)
                return .failure
            }
            let mapped: (tree: XMLTree, offsets: [String: Int])
            do throws(JSONMapping.MappingError) {
                mapped = try JSONMapping.tree(from: json)
            } catch {
                Conversion.report(error.message, offset: error.offset, input: input, source: source, console: console)
                return .failure
            }
            let formatting: XMLEncoder.OutputFormatting = parsed.has("compact") ? [] : .prettyPrinted
            var xml: Data
            do throws(XMLTree.SerializationError) {
                xml = try mapped.tree.xmlData(outputFormatting: formatting, prettyPrintIndentation: .spaces(width))
            } catch {
                let message = "cannot be written as XML: \(error.description)"
                if let offset = mapped.offsets[error.path] {
                    Conversion.report(message, offset: offset, input: input, source: source, console: console)
                } else {
                    console.err("\(input.displayName): error: \(message)\n")
                }
                return .failure
            }
            xml.append(0x0A)
            do {
                try xml.withUnsafeBytes { bytes in Result { () throws(SystemError) in try SystemIO.writeAll(bytes, to: 1) } }.get()
            } catch {
                console.toolError("cannot write standard output: \(error)")
                return .usage
            }
            return .success
        }
    }
}
