// The canonical form the round-trip harness compares (Scripts/generate-roundtrip): one line per
// start tag, text run and end tag, read with XMLCodable's own reader, so that entities are
// expanded and DTD attribute defaults applied exactly as the decoder sees them.
//
// Normalizations, each for a reason the article "Generating Models" states:
// - names are expanded (`{uri}local`): prefixes and namespace declarations are not compared,
//   since the encoder chooses its own prefixes;
// - attributes are sorted by expanded name, and their values trimmed of XML white space;
// - adjacent text and CDATA form one run, trimmed of XML white space at its ends, and a run left
//   empty is dropped: the default decoder trims text (`trimValueWhitespaces`), and indentation is
//   layout;
// - comments, processing instructions and the document type declaration are dropped: the models
//   do not carry them.

import Foundation
import XMLCodable

enum Canonical {
    static func lines(of data: Data) throws -> [String] {
        var reader = try XMLReader(data)
        var lines: [String] = []
        var text = ""
        func flush() {
            let trimmed = trim(text)
            if !trimmed.isEmpty { lines.append("text " + escape(trimmed)) }
            text = ""
        }
        while let event = try reader.next() {
            switch event {
            case .startElement(let name):
                flush()
                var attributes: [String] = []
                for attribute in reader.attributes where !attribute.isNamespaceDeclaration {
                    let value = escape(trim(reader.string(attribute.value)))
                    attributes.append(expanded(attribute.name, reader) + "=" + value)
                }
                lines.append("start " + expanded(name, reader) + " " + attributes.sorted().joined(separator: " "))
            case .endElement(let name):
                flush()
                lines.append("end " + expanded(name, reader))
            case .text(let slice), .cdata(let slice):
                text += reader.string(slice)
            default:
                break
            }
        }
        return lines
    }

    private static func expanded(_ name: XMLName, _ reader: XMLReader) -> String {
        if let uri = reader.namespaceURI(name), !uri.isEmpty { return "{\(uri)}\(reader.localName(name))" }
        return reader.string(name)
    }

    private static func trim(_ text: String) -> String {
        let space: Set<Unicode.Scalar> = [" ", "\t", "\n", "\r"]
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !space.contains($0) }),
            let last = scalars.lastIndex(where: { !space.contains($0) })
        else { return "" }
        return String(scalars[first...last])
    }

    private static func escape(_ text: String) -> String {
        text.debugDescription
    }
}

/// Decodes a document with its generated model, encodes it back, and compares canonical forms.
func check(_ name: String, _ path: String, _ roundTrip: (Data) throws -> Data) {
    do {
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        let expected = try Canonical.lines(of: original)
        let encoded: Data
        do {
            encoded = try roundTrip(original)
        } catch {
            let reason = String(describing: error).replacingOccurrences(of: "\n", with: " ")
            print("DISAGREE\t\(name)\tround trip failed: \(reason)")
            return
        }
        let actual = try Canonical.lines(of: encoded)
        if expected == actual {
            print("AGREE\t\(name)")
            return
        }
        let index = expected.indices.first { $0 >= actual.count || expected[$0] != actual[$0] } ?? expected.count
        let want = index < expected.count ? expected[index] : "(end)"
        let got = index < actual.count ? actual[index] : "(end)"
        print("DISAGREE\t\(name)\tcanonical line \(index + 1): expected \(want), got \(got)")
    } catch {
        print("DISAGREE\t\(name)\tharness error: \(error)")
    }
}
