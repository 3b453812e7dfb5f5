// End-to-end tests of `xmlc format`, `xmlc to-json` and `xmlc from-json`, run as processes (see
// XMLCheckCommandTests.swift for how the executable is found): the JSON mapping case by case,
// exact output, errors with FILE:LINE:COLUMN, exit statuses, and — on the sample, generated
// book and OSM documents and the real shared-mime-info database — that the outputs are accepted by
// `xmlc check` and xmllint and keep the content (canonical forms compared).
//
// Set XMLC_DOCUMENTS_DIR to a folder of .xml files (for example the benchmark documents from
// `swift run -c release workloads --write /tmp/w` in Benchmarks/) to run the content checks on
// those too; they are not part of the default run because of their size.

import Foundation
import Testing
@testable import XMLCodable

@Suite("xmlc format, to-json, from-json")
struct XMLConversionCommandTests {
    static func run(_ arguments: [String], input: String) throws -> XMLC.Result {
        try XMLC.run(arguments, standardInput: Data(input.utf8))
    }

    // MARK: format

    @Test func formatIndentsElementContentOnly() throws {
        let input = """
            <?xml version="1.0" encoding="ISO-8859-1"?><!--c--><r a="1"><b>  keep  </b>
                   <m>mixed <i>x</i> text</m><e/><![CDATA[<x>]]></r>
            """
        let result = try Self.run(["format"], input: input)
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(
            result.stdout == """
                <?xml version="1.0" encoding="UTF-8"?>
                <!--c-->
                <r a="1"><b>  keep  </b>
                       <m>mixed <i>x</i> text</m><e/><![CDATA[<x>]]></r>

                """)
        let elementOnly = "<r><a>1</a>\n<b><c/></b></r>"
        #expect(try Self.run(["format"], input: elementOnly).stdout == "<r>\n  <a>1</a>\n  <b>\n    <c/>\n  </b>\n</r>\n")
        #expect(try Self.run(["format", "--indent", "1", "-"], input: elementOnly).stdout == "<r>\n <a>1</a>\n <b>\n  <c/>\n </b>\n</r>\n")
        #expect(try Self.run(["format", "--tabs"], input: elementOnly).stdout == "<r>\n\t<a>1</a>\n\t<b>\n\t\t<c/>\n\t</b>\n</r>\n")
        #expect(try Self.run(["format", "--compact"], input: "<r>\n  <a> 1 </a>\n  <b/>\n</r>").stdout == "<r><a> 1 </a><b/></r>\n")
    }

    @Test func formatExpandsEntitiesAndKeepsTheDoctypeName() throws {
        let input = """
            <!DOCTYPE r SYSTEM "r.dtd" [<!ENTITY e "&#38;#60;ok&#38;#62;"><!ATTLIST r v CDATA "d">]>
            <r>&e;</r>
            """
        let result = try Self.run(["format"], input: input)
        #expect(result.stdout == "<!DOCTYPE r SYSTEM \"r.dtd\">\n<r v=\"d\">&lt;ok&gt;</r>\n")
    }

    @Test func formatReportsMalformedInputLikeCheck() throws {
        let result = try Self.run(["format"], input: "<r>\n  <a></b>\n</r>")
        #expect(result.status == 1)
        // Output is written as it is produced: the root's start tag came before the error.
        #expect(result.stdout == "<r>")
        #expect(result.stderr.hasPrefix("<stdin>:2:6: error: "))
        let file = try XMLC.run(["format", "Tests/XMLCodableTests/Fixtures/fail/mismatched-end-tag.xml"])
        #expect(file.status == 1)
        #expect(
            file.stderr.hasPrefix(
                "Tests/XMLCodableTests/Fixtures/fail/mismatched-end-tag.xml:4:22: error: end tag </publisher> does not match start tag <author>"))
    }

    // MARK: to-json

    @Test(arguments: [
        ("<a>text</a>", ##"{"a":"text"}"##),
        ("<a/>", ##"{"a":""}"##),
        ("<a>  </a>", ##"{"a":"  "}"##),
        (#"<a x="1" y="&lt;&quot;">t</a>"#, ##"{"a":{"@x":"1","@y":"<\"","#text":"t"}}"##),
        (#"<a x="1"/>"#, ##"{"a":{"@x":"1"}}"##),
        ("<a>\n  <b>1</b>\n  <b>2</b>\n  <c/>\n</a>", ##"{"a":{"b":["1","2"],"c":""}}"##),
        ("<a><b>1</b><c/><b>2</b></a>", ##"{"a":{"#content":[{"b":"1"},{"c":""},{"b":"2"}]}}"##),
        ("<p>Hello <b>big</b> world</p>", ##"{"p":{"#content":["Hello ",{"b":"big"}," world"]}}"##),
        ("<a>x<![CDATA[<y>]]>z<!--c--><?pi d?></a>", ##"{"a":"x<y>z"}"##),
        ("<a xml:space=\"preserve\"> <b/> </a>", ##"{"a":{"@xml:space":"preserve","#content":[" ",{"b":""}," "]}}"##),
        ("<n:a xmlns:n=\"urn:n\"><n:b>1</n:b></n:a>", ##"{"n:a":{"@xmlns:n":"urn:n","n:b":"1"}}"##),
        ("<a>tab\tline\nquote\" back\\ \u{1F600}</a>", ##"{"a":"tab\tline\nquote\" back\\ 😀"}"##),
    ])
    func toJSONMapping(xml: String, json: String) throws {
        let result = try Self.run(["to-json", "--compact"], input: xml)
        #expect(result.status == 0)
        #expect(result.stdout == json + "\n")
        // And back: the same elements, attributes and text.
        let back = try Self.run(["from-json", "--compact"], input: result.stdout)
        #expect(back.status == 0, "\(back.stderr)")
        #expect(
            try ContentForm.canonical(Array(back.stdout.utf8), dropProcessingInstructions: true)
                == ContentForm.canonical(Array(xml.utf8), dropProcessingInstructions: true))
    }

    @Test func toJSONIsIndentedByDefault() throws {
        let result = try Self.run(["to-json"], input: #"<a x="1"><b>2</b><b>3</b></a>"#)
        #expect(
            result.stdout == """
                {
                  "a": {
                    "@x": "1",
                    "b": [
                      "2",
                      "3"
                    ]
                  }
                }

                """)
    }

    // MARK: from-json

    @Test func fromJSONWritesTheMapping() throws {
        let json = """
            {"catalog": {"@xmlns:d": "urn:d", "@id": 7, "@ok": true, "d:title": "T & <U>",
             "item": [{"@n": "1", "#text": "one"}, null, 2.50],
             "note": {"#content": ["a ", {"em": "b"}, " c", {"em": ["d", "e"]}]}}}
            """
        let result = try Self.run(["from-json"], input: json)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout == """
                <catalog xmlns:d="urn:d" id="7" ok="true">
                  <d:title>T &amp; &lt;U&gt;</d:title>
                  <item n="1">one</item>
                  <item/>
                  <item>2.50</item>
                  <note>a <em>b</em> c<em>d</em><em>e</em></note>
                </catalog>

                """)
        #expect(try Self.run(["from-json", "--compact"], input: json).stdout.hasPrefix("<catalog xmlns:d=\"urn:d\" id=\"7\" ok=\"true\"><d:title>"))
    }

    @Test(arguments: [
        ("{\"a\": [1,\n 2}", "<stdin>:2:3: error: unexpected '}'; expected ',' or ']'"),
        ("{\"a\": \"x\"} x", "<stdin>:1:12: error: unexpected 'x' after the JSON value"),
        ("{\"a\": \"\\ud800\"}", "<stdin>:1:8: error: lone surrogate \\uD800 in a string"),
        ("[1]", "<stdin>:1:1: error: expected an object with one member, the root element: {\"root\": …}"),
        ("{\"a\": 1, \"b\": 2}", "<stdin>:1:1: error: expected an object with one member, the root element: {\"root\": …}"),
        ("{\"a\": [1]}", "<stdin>:1:7: error: the root element's value cannot be an array: a document has one root element"),
        ("{\"a\": {\"b\": [[1]]}}", "<stdin>:1:14: error: nested arrays cannot be mapped to XML: an array holds the repeated elements \"b\""),
        ("{\"a\": {\"@x\": {}}}", "<stdin>:1:14: error: the attribute \"x\" needs a string, number or boolean value"),
        ("{\"a\": {\"#tail\": 1}}", "<stdin>:1:17: error: unknown member \"#tail\" (the mapping knows \"#text\" and \"#content\")"),
        ("{\"a\": {\"#content\": [[]]}}", "<stdin>:1:21: error: a \"#content\" item must be a string or an object with one member (an element)"),
        ("{\"a\": {\"b\": {\"1c\": 1}}}", "<stdin>:1:20: error: cannot be written as XML: a/b/1c: \"1c\" is not a valid XML name here"),
        ("{\"a\": {\"b\": [1, {\"@v\": \"\\u0001\"}]}}", "<stdin>:1:17: error: cannot be written as XML: a/b[1]: U+1 cannot be represented in XML 1.0"),
        ("{\"a\": {\"p:b\": 1}}", "<stdin>:1:15: error: cannot be written as XML: a/p:b: namespace prefix \"p\" is not declared and has no namespace URI"),
    ])
    func fromJSONErrorsSayWhere(json: String, expected: String) throws {
        let result = try Self.run(["from-json"], input: json)
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix(expected + "\n"), "\(result.stderr)")
    }

    @Test func deeplyNestedJSONIsRefusedNotACrash() throws {
        let deep = "{\"a\":" + String(repeating: "{\"a\":", count: 5000) + "1" + String(repeating: "}", count: 5001)
        let result = try Self.run(["from-json"], input: deep)
        #expect(result.status == 1)
        #expect(result.stderr.contains("nested deeper than 1024"))
    }

    // MARK: Usage

    @Test(arguments: ["format", "to-json", "from-json"])
    func helpAndUsageErrors(command: String) throws {
        let help = try XMLC.run([command, "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("USAGE: xmlc \(command)"))
        #expect(help.stdout.contains("EXIT STATUS:"))
        #expect(try XMLC.run(["help", command]).stdout == help.stdout)
        let two = try XMLC.run([command, "a.xml", "b.xml"])
        #expect(two.status == 2)
        #expect(two.stderr.contains("expected one FILE"))
        let unknown = try XMLC.run([command, "--bogus"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("unknown option '--bogus'"))
        let badIndent = try XMLC.run([command, "--indent", "x", "-"])
        #expect(badIndent.status == 2)
        let missing = try XMLC.run([command, "no-such-file.xml"])
        #expect(missing.status == 2)
        #expect(missing.stderr == "xmlc: error: cannot read 'no-such-file.xml': no such file\n")
    }

    // MARK: Content is kept on real and generated documents

    static func documents() throws -> [(name: String, bytes: [UInt8])] {
        var documents: [(String, [UInt8])] = []
        let sample = XMLC.packageRoot.appendingPathComponent("Samples/catalog.xml")
        documents.append(("Samples/catalog.xml", [UInt8](try Data(contentsOf: sample))))
        documents.append(("generated books", Array(GeneratedDocuments.books(count: 300).utf8)))
        documents.append(("generated osm", Array(GeneratedDocuments.osm(count: 300).utf8)))
        let mime = "/usr/share/mime/packages/freedesktop.org.xml"
        if let data = FileManager.default.contents(atPath: mime) {
            documents.append((mime, [UInt8](data)))
        } else {
            print("note: \(mime) is absent (Debian package shared-mime-info); the real-document checks use the other documents only")
        }
        if let directory = ProcessInfo.processInfo.environment["XMLC_DOCUMENTS_DIR"], !directory.isEmpty {
            let names = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".xml") }.sorted()
            for name in names {
                let path = (directory as NSString).appendingPathComponent(name)
                documents.append((path, [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))))
            }
        }
        return documents
    }

    @Test func formatAndJSONKeepTheContentOfRealDocuments() throws {
        for (name, bytes) in try Self.documents() {
            let input = Data(bytes)
            let expected = try ContentForm.canonical(bytes, dropProcessingInstructions: false)
            let expectedWithoutPIs = try ContentForm.canonical(bytes, dropProcessingInstructions: true)
            var outputs: [(String, String)] = []
            for arguments in [["format"], ["format", "--compact"]] {
                let result = try XMLC.run(arguments, standardInput: input)
                #expect(result.status == 0, "\(name) \(arguments): \(result.stderr)")
                #expect(try ContentForm.canonical(Array(result.stdout.utf8), dropProcessingInstructions: false) == expected, "\(name) \(arguments)")
                outputs.append((arguments.joined(separator: " "), result.stdout))
            }
            let json = try XMLC.run(["to-json"], standardInput: input)
            #expect(json.status == 0, "\(name) to-json: \(json.stderr)")
            let back = try XMLC.run(["from-json"], standardInput: Data(json.stdout.utf8))
            #expect(back.status == 0, "\(name) from-json: \(back.stderr)")
            #expect(try ContentForm.canonical(Array(back.stdout.utf8), dropProcessingInstructions: true) == expectedWithoutPIs, "\(name) to-json | from-json")
            // The JSON is JSON (Foundation's parser agrees).
            #expect((try? JSONSerialization.jsonObject(with: Data(json.stdout.utf8))) != nil, "\(name): to-json output is not JSON")
            outputs.append(("to-json | from-json", back.stdout))

            for (what, output) in outputs {
                let check = try XMLC.run(["check", "--quiet", "-"], standardInput: Data(output.utf8))
                #expect(check.status == 0, "\(name) \(what): xmlc check: \(check.stderr)")
            }
            if XMLLint.isAvailable {
                let complaints = try XMLLint.check(outputs.map(\.1))
                for ((what, _), complaint) in zip(outputs, complaints) {
                    #expect(complaint == nil, "\(name) \(what): xmllint: \(complaint ?? "")")
                }
            } else {
                print("note: xmllint is not installed (Debian package libxml2-utils); skipping the xmllint checks")
            }
        }
    }
}

/// The content of a document for comparing a conversion's output with its input: James Clark's
/// canonical form (entities expanded, defaults applied, attributes sorted, CDATA as text, no
/// comments) of the document with the white space that only lays out element content removed,
/// optionally without processing instructions. Built from XMLReader events into a small tree of
/// its own, independent of the XMLTree code under test.
enum ContentForm {
    final class Node {
        var name = ""
        var attributes: [(name: String, value: String)] = []
        var items: [Item] = []
        var preserve = false
    }

    enum Item {
        case text(String)
        case element(Node)
        case pi(String, String)
    }

    static func canonical(_ bytes: [UInt8], dropProcessingInstructions: Bool) throws -> [UInt8] {
        var reader = try XMLReader(bytes)
        var stack: [Node] = []
        var root: Node?
        var outsidePIs: [(String, String)] = []
        while let event = try reader.next() {
            switch event {
            case .startElement(let name):
                let node = Node()
                node.name = reader.string(name)
                node.attributes = reader.attributes.map { (reader.string($0.name), reader.string($0.value)) }
                node.preserve = stack.last?.preserve ?? false
                if let space = node.attributes.first(where: { $0.name == "xml:space" }) { node.preserve = space.value == "preserve" }
                stack.last?.items.append(.element(node))
                stack.append(node)
            case .endElement:
                let node = stack.removeLast()
                if stack.isEmpty { root = node }
            case .text(let slice), .cdata(let slice):
                guard let top = stack.last else { continue }
                let text = reader.string(slice)
                if case .text(let previous)? = top.items.last {
                    top.items[top.items.count - 1] = .text(previous + text)
                } else {
                    top.items.append(.text(text))
                }
            case .processingInstruction(let target, let data):
                guard !dropProcessingInstructions else { continue }
                if let top = stack.last {
                    top.items.append(.pi(reader.string(target), reader.string(data)))
                } else {
                    outsidePIs.append((reader.string(target), reader.string(data)))
                }
            case .comment, .doctype:
                continue
            }
        }
        var writer = CanonicalWriter()
        func write(_ node: Node) {
            let isBlank: (String) -> Bool = { $0.utf8.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D } }
            let hasElements = node.items.contains { if case .element = $0 { true } else { false } }
            let mixed = node.items.contains { if case .text(let t) = $0 { !isBlank(t) } else { false } }
            let dropBlank = hasElements && !mixed && !node.preserve
            writer.startElement(node.name, attributes: node.attributes)
            for item in node.items {
                switch item {
                case .text(let text): if !(dropBlank && isBlank(text)) { writer.characters(text) }
                case .element(let inner): write(inner)
                case .pi(let target, let data): writer.processingInstruction(target: target, data: data)
                }
            }
            writer.endElement(node.name)
        }
        for (target, data) in outsidePIs { writer.processingInstruction(target: target, data: data) }
        if let root { write(root) }
        return writer.output
    }
}

/// Documents shaped like the benchmark's books and OSM workloads, with the characters that need
/// care (`&`, `<`, quotes, non-ASCII, white space at the ends of values).
enum GeneratedDocuments {
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    static func books(count: Int) -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<books>\n"
        for index in 0..<count {
            xml += "  <book name=\"\(escaped("Book \(index) \"vol\" & <more>"))\">\n"
            xml += "    <author>Author \(index % 17) — Ünïcödé</author>\n"
            xml += "    <publisher>\(escaped("P&P \(index % 5)"))</publisher>\n"
            xml += "    <category> Cat \(index % 3) </category>\n"
            xml += "    <description>Line one\nline two &lt;b&gt; \(index)</description>\n"
            xml += "  </book>\n"
        }
        return xml + "</books>\n"
    }

    static func osm(count: Int) -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<osm version=\"0.6\" generator=\"test\">\n"
        for index in 0..<count {
            xml +=
                "  <node id=\"\(1_000_000 + index)\" lat=\"\(Double(index) * 0.001 + 48.1)\" lon=\"\(11.5 - Double(index) * 0.002)\" version=\"\(index % 7 + 1)\" user=\"\(escaped("user<\(index % 11)>"))\" visible=\"true\">\n"
            for tag in 0..<(index % 3) {
                xml += "    <tag k=\"key\(tag)\" v=\"\(escaped("value \(index) & 'x'"))\"/>\n"
            }
            xml += "  </node>\n"
        }
        return xml + "</osm>\n"
    }
}
