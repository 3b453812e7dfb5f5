// Helpers for the reader tests: reading a whole document into a compact, comparable trace.

@testable import XMLCodableReader

/// Reads every event of a document and renders it as one line per event:
/// `<name a="v">`, `</name>`, `"text"`, `[CDATA]`, `<!--c-->`, `<?t d?>`, `<!DOCTYPE n>`.
/// Attribute values and text are decoded; adjacent text events are kept apart.
func trace(_ reader: inout XMLReader) throws -> [String] {
    var lines: [String] = []
    while let event = try reader.next() {
        switch event {
        case .startElement(let name):
            let attributes = reader.attributes.map { " \(reader.string($0.name))=\"\(reader.string($0.value))\"" }
                .joined()
            lines.append("<\(reader.string(name))\(attributes)>")
        case .endElement(let name): lines.append("</\(reader.string(name))>")
        case .text(let text): lines.append("\"\(reader.string(text))\"")
        case .cdata(let text): lines.append("[\(reader.string(text))]")
        case .comment(let text): lines.append("<!--\(reader.string(text))-->")
        case .processingInstruction(let target, let data):
            lines.append("<?\(reader.string(target)) \(reader.string(data))?>")
        case .doctype(let name): lines.append("<!DOCTYPE \(reader.string(name))>")
        }
    }
    return lines
}

func trace(_ xml: String, options: XMLReader.Options = XMLReader.Options()) throws -> [String] {
    var reader = XMLReader(xml, options: options)
    return try trace(&reader)
}

/// Reads a document to its end and returns the error it throws, or `nil` if it is well-formed.
func readError(_ bytes: [UInt8], options: XMLReader.Options = XMLReader.Options()) -> XMLParsingError? {
    do {
        var reader = try XMLReader(bytes, options: options)
        while try reader.next() != nil {}
        return nil
    } catch {
        return error
    }
}

func readError(_ xml: String, options: XMLReader.Options = XMLReader.Options()) -> XMLParsingError? {
    readError(Array(xml.utf8), options: options)
}
