// Support for the real-world model tests: reading the fixtures of Fixtures/real-world, the
// canonical form that an encoded model is compared with its fixture in, and the JSON round trip.
//
// The canonical form is what "the same document" means in these tests. Two documents have the same
// form when they have the same elements, in the same order, with the same names (as written, and
// their namespace URIs), the same attributes (in any order) and the same text. It leaves out:
//
// - the XML declaration, comments and processing instructions (models do not carry them);
// - where namespaces are declared (`xmlns` and `xmlns:p` attributes are not part of the form; the
//   namespace URI of every name is);
// - white space that only lays out element content (`XMLTree.removingWhitespaceBetweenElements()`:
//   white-space-only text in an element whose other content is elements; mixed content and
//   `xml:space="preserve"` keep theirs);
// - the difference between CDATA sections and text (both are the characters they hold), and the
//   way characters are escaped.
//
// Each format's tests may add, and then name in the test's name and in a comment, one of the
// normalizations of `CanonicalForm`: prefixes replaced by their namespace URIs, `xsd:boolean`
// values `1`/`0` read as `true`/`false`, numbers compared as numbers (`11` and `11.0`), layout
// white space around a value trimmed, children of a map element in any order.

import Foundation
import Testing
import XMLCodableCore
import XMLCodableTestSupport

/// The fixture documents of `Tests/Fixtures/real-world`, found from this file's path
/// (Tests/Fixtures belongs to no test target: xmlc's tests and CI read it too).
enum RealWorldFixture {
    /// The `real-world` folder.
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures").appendingPathComponent("real-world")

    /// The bytes of a fixture, by its path under `real-world` (`"gpx/etrex-hike.gpx"`).
    static func data(_ path: String) throws -> Data {
        try Data(contentsOf: directory.appendingPathComponent(path))
    }
}

/// A canonical form of a document, written as indented text (one element, attribute list or text
/// per line) so that a failed comparison shows where two documents differ.
struct CanonicalForm {
    /// Write names as `{uri}local`, leaving out the prefix the document chose. For documents whose
    /// encoder chooses its own prefixes (`ns1`, …) for Clark-notation keys.
    var ignoresPrefixes = false
    /// Local names of attributes and text-only elements whose value is an `xsd:boolean`: `1` and `0`
    /// are written as `true` and `false`, the spelling `Bool` is encoded with.
    var booleanNames: Set<String> = []
    /// Local names of text-only elements around whose value the producer writes layout white space
    /// (Google Earth's `coordinates`, WordPress's `sy:updatePeriod`): leading and trailing white
    /// space is dropped, as a decoder that trims values (the default) drops it.
    var trimmedNames: Set<String> = []
    /// Local names of attributes and text-only elements holding numbers (`xsd:double`, `xsd:int`):
    /// compared as numbers, since the encoder writes a whole `Double` with a fraction (`11.0`)
    /// where producers write `11`.
    var numericNames: Set<String> = []
    /// Local names of elements whose children are a map: the children are sorted by name, since a
    /// dictionary does not keep their order.
    var mapNames: Set<String> = []

    /// The canonical form of a document.
    func text(of data: Data) throws -> String {
        let tree = try XMLTree(parsing: data)
        var output = ""
        write(tree.root.removingWhitespaceBetweenElements(), depth: 0, to: &output)
        return output
    }

    private func name(_ name: XMLTree.Name) -> String {
        let uri = name.namespaceURI.map { "{\($0)}" } ?? ""
        return uri + (ignoresPrefixes ? name.localName : name.qualifiedName)
    }

    private func isNamespaceDeclaration(_ attribute: XMLTree.Attribute) -> Bool {
        attribute.name.qualifiedName == "xmlns" || attribute.name.prefix == "xmlns"
    }

    /// A value in the form `booleanNames` and `numericNames` ask for.
    private func normalized(_ value: String, named local: String) -> String {
        if numericNames.contains(local), let number = Double(value) { return String(number) }
        guard booleanNames.contains(local) else { return value }
        return value == "1" ? "true" : value == "0" ? "false" : value
    }

    private func write(_ element: XMLTree.Element, depth: Int, to output: inout String) {
        let indent = String(repeating: "  ", count: depth)
        let attributes = element.attributes.filter { !isNamespaceDeclaration($0) }
            .map { "\(name($0.name))=\(normalized($0.value, named: $0.name.localName).debugDescription)" }
            .sorted()
        output += "\(indent)<\(name(element.name))\(attributes.map { " " + $0 }.joined())>\n"
        // Text and CDATA next to each other are one run of characters.
        var items: [Item] = []
        for child in element.children {
            switch child {
            case .element(let element): items.append(.element(element))
            case .text(let text), .cdata(let text):
                if case .text(let previous) = items.last {
                    items[items.count - 1] = .text(previous + text)
                } else {
                    items.append(.text(text))
                }
            case .comment, .processingInstruction: break
            }
        }
        if mapNames.contains(element.name.localName) {
            items.sort { left, right in
                guard case .element(let left) = left, case .element(let right) = right else { return false }
                return name(left.name) < name(right.name)
            }
        }
        for item in items {
            switch item {
            case .element(let child): write(child, depth: depth + 1, to: &output)
            case .text(var text):
                let local = element.name.localName
                if trimmedNames.contains(local) {
                    text = text.trimmingCharacters(in: CharacterSet(charactersIn: " \t\r\n"))
                }
                output += "\(indent)  \(normalized(text, named: local).debugDescription)\n"
            }
        }
    }

    private enum Item {
        case element(XMLTree.Element)
        case text(String)
    }
}

/// Expects an encoded document to have the fixture's canonical form.
func expectSameCanonicalForm(
    _ encoded: Data, _ fixture: Data, _ form: CanonicalForm = CanonicalForm(),
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let expected = try form.text(of: fixture)
    let actual = try form.text(of: encoded)
    #expect(actual == expected, sourceLocation: sourceLocation)
}

/// The value after encoding it with `JSONEncoder` and decoding it with `JSONDecoder`.
func jsonRoundTrip<T: Codable>(_ value: T) throws -> T {
    try JSONDecoder().decode(T.self, from: try JSONEncoder().encode(value))
}

/// A date from its ISO 8601 form (`2024-03-18T09:12:44Z`, or with fractional seconds).
func isoDate(_ text: String) -> Date {
    let formatter = ISO8601DateFormatter()
    if text.contains(".") { formatter.formatOptions.insert(.withFractionalSeconds) }
    guard let date = formatter.date(from: text) else { fatalError("not an ISO 8601 date: \(text)") }
    return date
}

/// A date formatter with a fixed format, in UTC and the POSIX locale, as wire formats need.
func fixedFormatter(_ format: String) -> DateFormatter {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = format
    return formatter
}

/// An empty element whose presence is the value (`<b/>` in a run's properties): `nil` when absent.
struct EmptyElement: Codable, Equatable, Sendable {}

/// A type whose keys are all attributes, except the `""` key, its element's text: the placement
/// `DynamicNodeEncoding` and `DynamicNodeDecoding` give, written once for the many small types of
/// the formats (links, categories, styles) that are attributes only.
protocol AttributesAndText: DynamicNodeEncoding, DynamicNodeDecoding {}

extension AttributesAndText {
    static func nodeEncoding(for key: any CodingKey) -> XMLEncoder.NodeEncoding {
        key.stringValue.isEmpty ? .element : .attribute
    }

    static func nodeDecoding(for key: any CodingKey) -> XMLDecoder.NodeDecoding {
        key.stringValue.isEmpty ? .element : .attribute
    }
}

extension XMLTree.Element {
    /// What a subtree keeps through JSON (DocumentModel.md, "Capturing a subtree in a model"):
    /// no white space that only lays out element content, no namespace URIs, and attributes in no
    /// particular order (here sorted by name), so that a subtree can be compared with the one it
    /// was before the JSON round trip.
    var keptThroughJSON: XMLTree.Element {
        removingWhitespaceBetweenElements().withoutNamespaceURIs
    }

    /// The element with the namespace URI of every name in it removed and its attributes sorted by
    /// name, in it and below.
    private var withoutNamespaceURIs: XMLTree.Element {
        var attributes = XMLTree.Attributes()
        for attribute in self.attributes.sorted(by: { $0.name.qualifiedName < $1.name.qualifiedName }) {
            attributes.append(XMLTree.Attribute(XMLTree.Name(attribute.name.qualifiedName), value: attribute.value))
        }
        let children = self.children.map { node -> XMLTree.Node in
            if case .element(let element) = node { return .element(element.withoutNamespaceURIs) }
            return node
        }
        return XMLTree.Element(XMLTree.Name(name.qualifiedName), attributes: attributes, children: children)
    }
}
