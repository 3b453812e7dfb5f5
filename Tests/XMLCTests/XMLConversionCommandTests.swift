// End-to-end tests of `xmlc format`, `xmlc to-json` and `xmlc from-json`, run as processes (see
// XMLCheckCommandTests.swift for how the executable is found): the JSON mapping case by case,
// exact output, errors with FILE:LINE:COLUMN, exit statuses, and — on the sample, generated
// book and OSM documents and the real shared-mime-info database — that the outputs are accepted by
// `xmlc check` and xmllint and keep the content (canonical forms compared).
//
// `format` and `to-json` stream: their output must be byte for byte what the tree-based commands
// gave (`TreeReference`: the document tree, `removingWhitespaceBetweenElements()`, the library's
// writer or the mapping written from the tree) on every test document and on seeded random ones
// (`RandomDocuments`), and, with look-aheads small enough that layout decisions do not fit, keep
// the content (`format`) or be exact or refused with the look-ahead error (`to-json`).
//
// Set XMLC_DOCUMENTS_DIR to a folder of .xml files (for example the benchmark documents from
// `swift run -c release workloads --write /tmp/w` in Benchmarks/) to run the content checks on
// those too; they are not part of the default run because of their size.

import Foundation
import Testing
@testable import XMLCodableCore
import XMLCodableTestSupport

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
        #expect(
            try Self.run(["format"], input: elementOnly).stdout == "<r>\n  <a>1</a>\n  <b>\n    <c/>\n  </b>\n</r>\n")
        #expect(
            try Self.run(["format", "--indent", "1", "-"], input: elementOnly).stdout
                == "<r>\n <a>1</a>\n <b>\n  <c/>\n </b>\n</r>\n")
        #expect(
            try Self.run(["format", "--tabs"], input: elementOnly).stdout
                == "<r>\n\t<a>1</a>\n\t<b>\n\t\t<c/>\n\t</b>\n</r>\n")
        #expect(
            try Self.run(["format", "--compact"], input: "<r>\n  <a> 1 </a>\n  <b/>\n</r>").stdout
                == "<r><a> 1 </a><b/></r>\n")
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
        let file = try XMLC.run(["format", "Tests/Fixtures/fail/mismatched-end-tag.xml"])
        #expect(file.status == 1)
        #expect(
            file.stderr.hasPrefix(
                "Tests/Fixtures/fail/mismatched-end-tag.xml:4:22: error: end tag </publisher> does not match start tag <author>"
            ))
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
        #expect(
            try Self.run(["from-json", "--compact"], input: json).stdout.hasPrefix(
                "<catalog xmlns:d=\"urn:d\" id=\"7\" ok=\"true\"><d:title>"))
    }

    @Test(arguments: [
        ("{\"a\": [1,\n 2}", "<stdin>:2:3: error: unexpected '}'; expected ',' or ']'"),
        ("{\"a\": \"x\"} x", "<stdin>:1:12: error: unexpected 'x' after the JSON value"),
        ("{\"a\": \"\\ud800\"}", "<stdin>:1:8: error: lone surrogate \\uD800 in a string"),
        ("[1]", "<stdin>:1:1: error: expected an object with one member, the root element: {\"root\": …}"),
        (
            "{\"a\": 1, \"b\": 2}",
            "<stdin>:1:1: error: expected an object with one member, the root element: {\"root\": …}"
        ),
        (
            "{\"a\": [1]}",
            "<stdin>:1:7: error: the root element's value cannot be an array: a document has one root element"
        ),
        (
            "{\"a\": {\"b\": [[1]]}}",
            "<stdin>:1:14: error: nested arrays cannot be mapped to XML: an array holds the repeated elements \"b\""
        ),
        ("{\"a\": {\"@x\": {}}}", "<stdin>:1:14: error: the attribute \"x\" needs a string, number or boolean value"),
        (
            "{\"a\": {\"#tail\": 1}}",
            "<stdin>:1:17: error: unknown member \"#tail\" (the mapping knows \"#text\" and \"#content\")"
        ),
        (
            "{\"a\": {\"#content\": [[]]}}",
            "<stdin>:1:21: error: a \"#content\" item must be a string or an object with one member (an element)"
        ),
        (
            "{\"a\": {\"b\": {\"1c\": 1}}}",
            "<stdin>:1:20: error: cannot be written as XML: a/b/1c: \"1c\" is not a valid XML name here"
        ),
        (
            "{\"a\": {\"b\": [1, {\"@v\": \"\\u0001\"}]}}",
            "<stdin>:1:17: error: cannot be written as XML: a/b[1]: U+1 cannot be represented in XML 1.0"
        ),
        (
            "{\"a\": {\"p:b\": 1}}",
            "<stdin>:1:15: error: cannot be written as XML: a/p:b: namespace prefix \"p\" is not declared and has no namespace URI"
        ),
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

    // MARK: Streaming

    /// The documents of the tests above. (The real and generated ones below are compared with
    /// the tree-based output in `formatAndJSONKeepTheContentOfRealDocuments`.)
    static func streamingTestDocuments() -> [(name: String, bytes: [UInt8])] {
        let small = [
            "<a>text</a>", "<a/>", "<a>  </a>", #"<a x="1" y="&lt;&quot;">t</a>"#, #"<a x="1"/>"#,
            "<a>\n  <b>1</b>\n  <b>2</b>\n  <c/>\n</a>",
            "<a><b>1</b><c/><b>2</b></a>", "<p>Hello <b>big</b> world</p>", "<a>x<![CDATA[<y>]]>z<!--c--><?pi d?></a>",
            "<a xml:space=\"preserve\"> <b/> </a>", "<n:a xmlns:n=\"urn:n\"><n:b>1</n:b></n:a>",
            "<a>tab\tline\nquote\" back\\ \u{1F600}</a>",
            "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><!--c--><r a=\"1\"><b>  keep  </b>\n       <m>mixed <i>x</i> text</m><e/><![CDATA[<x>]]></r>",
            "<r><a>1</a>\n<b><c/></b></r>", "<r>\n  <a> 1 </a>\n  <b/>\n</r>",
            "<!DOCTYPE r SYSTEM \"r.dtd\" [<!ENTITY e \"&#38;#60;ok&#38;#62;\"><!ATTLIST r v CDATA \"d\">]>\n<r>&e;</r>",
            "<!--before--><!DOCTYPE r PUBLIC \"-//P//EN\" 'x\"y.dtd'><?p?><r><![CDATA[a]]]]><![CDATA[>b\r]]>&#13;</r><!--after-->",
        ]
        return small.map { ($0, Array($0.utf8)) }
    }

    /// Every variant of the streaming commands' layouts.
    static let streamingArguments = [
        ["format"], ["format", "--compact"], ["format", "--tabs"], ["format", "--indent", "0"], ["to-json"],
        ["to-json", "--compact"],
        ["to-json", "--indent", "5"],
    ]

    @Test func streamingOutputIsTheTreeOutputOnTheTestDocuments() throws {
        for (name, bytes) in Self.streamingTestDocuments() {
            for arguments in Self.streamingArguments {
                let result = try XMLC.run(arguments, standardInput: Data(bytes))
                #expect(result.status == 0, "\(name) \(arguments): \(result.stderr)")
                #expect(
                    result.stdout == (try TreeReference.output(of: bytes, arguments: arguments)), "\(name) \(arguments)"
                )
            }
        }
    }

    @Test(arguments: 1...16)
    func streamingOutputIsTheTreeOutputOnRandomDocuments(seed: Int) throws {
        let bytes = Array(RandomDocuments.document(seed: UInt64(seed), size: 40).utf8)
        for arguments in Self.streamingArguments {
            let result = try XMLC.run(arguments, standardInput: Data(bytes))
            #expect(result.status == 0, "seed \(seed) \(arguments): \(result.stderr)")
            #expect(
                result.stdout == (try TreeReference.output(of: bytes, arguments: arguments)),
                "seed \(seed) \(arguments)")
        }
    }

    /// How the runs with small look-aheads ended, over all seeds: both paths must have run.
    static let smallLookaheadOutcomes = Locked<[String: Int]>([:])

    @Test(arguments: 1...16)
    func smallLookaheadsKeepTheContentOrRefuse(seed: Int) throws {
        let bytes = Array(RandomDocuments.document(seed: UInt64(1000 + seed), size: 90).utf8)
        let content = try ContentForm.canonical(bytes, dropProcessingInstructions: false)
        for lookahead in ["0", "1K"] {
            for layout in [[], ["--compact"]] {
                // format: the content is kept, and only white space that is layout may differ, so
                // formatting the output again with the tree gives what formatting the input gives.
                let arguments = ["format"] + layout
                let result = try XMLC.run(arguments + ["--lookahead", lookahead], standardInput: Data(bytes))
                #expect(result.status == 0, "seed \(seed) \(arguments) --lookahead \(lookahead): \(result.stderr)")
                let output = Array(result.stdout.utf8)
                #expect(
                    try ContentForm.canonical(output, dropProcessingInstructions: false) == content,
                    "seed \(seed) \(arguments)")
                let expected = try TreeReference.output(of: bytes, arguments: arguments)
                #expect(
                    try TreeReference.output(of: output, arguments: arguments) == expected,
                    "seed \(seed) \(arguments) --lookahead \(lookahead)")
                Self.smallLookaheadOutcomes.withLock {
                    $0[result.stdout == expected ? "format exact" : "format kept layout", default: 0] += 1
                }

                // to-json: the mapping exactly, or the look-ahead error; never another mapping.
                let json = try XMLC.run(["to-json"] + layout + ["--lookahead", lookahead], standardInput: Data(bytes))
                if json.status == 0 {
                    #expect(
                        json.stdout == (try TreeReference.output(of: bytes, arguments: ["to-json"] + layout)),
                        "seed \(seed) to-json \(layout)")
                    Self.smallLookaheadOutcomes.withLock { $0["to-json exact", default: 0] += 1 }
                } else {
                    #expect(json.status == 1)
                    #expect(json.stderr.hasPrefix("<stdin>: error: cannot map <"), "seed \(seed): \(json.stderr)")
                    #expect(
                        json.stderr.hasSuffix("run again with a larger --lookahead\n"), "seed \(seed): \(json.stderr)")
                    Self.smallLookaheadOutcomes.withLock { $0["to-json refused", default: 0] += 1 }
                }
            }
        }
    }

    @Test func smallLookaheadsRanBothPaths() throws {
        // Run after (or alongside) the seeded cases; it runs them itself if it comes first.
        if Self.smallLookaheadOutcomes.withLock({ $0.isEmpty }) {
            for seed in 1...8 { try smallLookaheadsKeepTheContentOrRefuse(seed: seed) }
        }
        let outcomes = Self.smallLookaheadOutcomes.withLock { $0 }
        for outcome in ["format exact", "format kept layout", "to-json exact", "to-json refused"] {
            #expect(outcomes[outcome, default: 0] > 0, "no run ended \(outcome): \(outcomes)")
        }
    }

    @Test func largeDocumentsWithAdjacentRepeatsStreamWithASmallLookahead() throws {
        // An OSM-like document (nodes, then ways, then relations) and a book list are far larger
        // than a 1 KiB look-ahead; the root commits to members with arrays, which stream.
        for (name, text) in [
            ("osm", GeneratedDocuments.osm(count: 3000)), ("books", GeneratedDocuments.books(count: 500)),
        ] {
            let bytes = Array(text.utf8)
            for arguments in [["to-json"], ["to-json", "--compact"], ["format"]] {
                let result = try XMLC.run(arguments + ["--lookahead", "1K"], standardInput: Data(bytes))
                #expect(result.status == 0, "\(name) \(arguments): \(result.stderr)")
                // (format too: the root keeps its white space, which is already the indentation format writes.)
                #expect(
                    result.stdout == (try TreeReference.output(of: bytes, arguments: arguments)), "\(name) \(arguments)"
                )
            }
        }
    }

    @Test func formatKeepsTheWhiteSpaceOfAnElementBeyondTheLookahead() throws {
        let items = String(repeating: "\n\n<item>\n<v>1</v>\n</item>", count: 10)
        let input = "<r>" + items + "\n\n</r>"
        // Within the look-ahead, the tree's layout.
        let laidOut = "<r>\n" + String(repeating: "  <item>\n    <v>1</v>\n  </item>\n", count: 10) + "</r>\n"
        #expect(try Self.run(["format"], input: input).stdout == laidOut)
        // Beyond it, the root keeps its own white space exactly; its children are still laid out.
        let kept = "<r>" + String(repeating: "\n\n<item>\n    <v>1</v>\n  </item>", count: 10) + "\n\n</r>\n"
        let result = try Self.run(["format", "--lookahead", "64"], input: input)
        #expect(result.status == 0)
        #expect(result.stdout == kept)
        #expect(
            try Self.run(["format", "--compact", "--lookahead", "64"], input: input).stdout == "<r>"
                + String(repeating: "\n\n<item><v>1</v></item>", count: 10)
                + "\n\n</r>\n")
        // The help says so.
        #expect(try XMLC.run(["format", "--help"]).stdout.contains("keeps its own white space exactly as it"))
    }

    @Test(arguments: [
        (
            "<r>" + String(repeating: "<a>1</a>", count: 300) + "<b/><a>2</a></r>",
            "a <a> element follows other elements at 1:2409, so it needs \"#content\" (interleaved names)"
        ),
        (
            "<r>" + String(repeating: "<a/>", count: 300) + "tail</r>",
            "text follows at 1:1204, so it needs \"#content\" (mixed content)"
        ),
        (
            "<r>" + String(repeating: "x", count: 3000) + "<a/></r>",
            "a child element <a> follows at 1:3005, but it was already written as text"
        ),
        (
            "<r><big>" + String(repeating: "<i/>", count: 400) + "</big><big/></r>",
            "another <big> follows at 1:1616, so <big> needs an array"
        ),
    ])
    func toJSONRefusesWhenACommittedFormTurnsOutWrong(input: String, problem: String) throws {
        let result = try Self.run(["to-json", "--lookahead", "1K"], input: input)
        #expect(result.status == 1)
        #expect(
            result.stderr.hasPrefix(
                "<stdin>: error: cannot map <r> to JSON within the look-ahead of 1024 bytes: \(problem)"),
            "\(result.stderr)")
        #expect(result.stderr.hasSuffix("; run again with a larger --lookahead\n"))
        // What was written before stays: the start of the JSON.
        #expect(result.stdout.hasPrefix("{\n  \"r\": "))
        // With the default look-ahead the whole element fits, and the mapping is exact.
        let full = try Self.run(["to-json"], input: input)
        #expect(full.status == 0)
        #expect(full.stdout == (try TreeReference.output(of: Array(input.utf8), arguments: ["to-json"])))
    }

    @Test func outputWrittenBeforeAnErrorStays() throws {
        let input = "<r>" + (0..<3000).map { "<i>\($0)</i>" }.joined() + "<x></y></r>"
        let format = try Self.run(["format", "--lookahead", "1K"], input: input)
        #expect(format.status == 1)
        #expect(format.stdout.hasPrefix("<r><i>0</i><i>1</i>"))
        #expect(format.stdout.hasSuffix("<i>2999</i><x"))
        #expect(
            format.stderr.hasPrefix(
                "<stdin>:1:\(input.utf8.count - 7): error: end tag </y> does not match start tag <x>\n"))
        let json = try Self.run(["to-json", "--compact", "--lookahead", "1K"], input: input)
        #expect(json.status == 1)
        #expect(json.stdout.hasPrefix(#"{"r":{"i":["0","1","#))
        #expect(json.stdout.contains(#""2998","2999"]"#))
        #expect(json.stderr.hasPrefix("<stdin>:1:\(input.utf8.count - 7): error: end tag </y>"))
    }

    @Test func filesAndStandardInputGiveTheSameOutput() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "xmlc-stream-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for seed in 1...3 {
            let bytes = Data(RandomDocuments.document(seed: UInt64(500 + seed), size: 60).utf8)
            let file = directory.appendingPathComponent("doc\(seed).xml")
            try bytes.write(to: file)
            for arguments in [["format"], ["to-json", "--lookahead", "2K"]] {
                let fromFile = try XMLC.run(arguments + [file.path])
                let fromInput = try XMLC.run(arguments + ["-"], standardInput: bytes)
                #expect(fromFile.status == fromInput.status)
                #expect(fromFile.stdout == fromInput.stdout, "seed \(seed) \(arguments)")
                #expect(fromFile.stderr.replacingOccurrences(of: file.path, with: "<stdin>") == fromInput.stderr)
            }
        }
    }

    @Test func lookaheadOptionTakesBytesWithAUnit() throws {
        for value in ["4096", "4K", "16m", "1G"] {
            #expect(
                try Self.run(["to-json", "--compact", "--lookahead", value], input: "<a><b/><b/></a>").stdout
                    == #"{"a":{"b":["",""]}}"# + "\n")
        }
        #expect(
            try Self.run(["to-json", "--compact", "--lookahead", "0"], input: "<a>x</a>").stdout == #"{"a":"x"}"# + "\n"
        )
        for value in ["x", "-1", "1T", "", "K"] {
            let result = try Self.run(["format", "--lookahead=\(value)"], input: "<a/>")
            #expect(result.status == 2, "\(value)")
            #expect(result.stderr.contains("--lookahead needs a number of bytes"), "\(value)")
        }
        #expect(try XMLC.run(["to-json", "--help"]).stdout.contains("--lookahead BYTES"))
        #expect(try XMLC.run(["from-json", "--lookahead", "1K", "-"]).status == 2)
    }

    // MARK: Content is kept on real and generated documents

    /// The sample, two generated documents and the real-world fixtures (Tests/Fixtures/real-world:
    /// OOXML parts, feeds, GPX, KML, SVG, a POM, S3 and SOAP responses, XHTML); with
    /// `XMLC_DOCUMENTS_DIR` set, the `.xml` files of that directory too (for a longer run, say
    /// `/usr/share/mime/packages`, whose 2.4 MB `freedesktop.org.xml` took 45 of this suite's
    /// seconds in a debug build).
    static func documents() throws -> [(name: String, bytes: [UInt8])] {
        var documents: [(String, [UInt8])] = []
        let sample = XMLC.packageRoot.appendingPathComponent("Samples/catalog.xml")
        documents.append(("Samples/catalog.xml", [UInt8](try Data(contentsOf: sample))))
        documents.append(("generated books", Array(GeneratedDocuments.books(count: 300).utf8)))
        documents.append(("generated osm", Array(GeneratedDocuments.osm(count: 300).utf8)))
        let fixtures = XMLC.packageRoot.appendingPathComponent("Tests/Fixtures/real-world")
        var paths: [String] = []
        if let walk = FileManager.default.enumerator(atPath: fixtures.path) {
            for case let path as String in walk where !path.hasSuffix(".md") {
                var isDirectory: ObjCBool = false
                _ = FileManager.default.fileExists(
                    atPath: fixtures.appendingPathComponent(path).path, isDirectory: &isDirectory)
                if !isDirectory.boolValue { paths.append(path) }
            }
        }
        #expect(paths.count >= 17, "the real-world fixtures are missing from \(fixtures.path)")
        for path in paths.sorted() {
            let url = fixtures.appendingPathComponent(path)
            documents.append(("real-world/" + path, [UInt8](try Data(contentsOf: url))))
        }
        if let directory = ProcessInfo.processInfo.environment["XMLC_DOCUMENTS_DIR"], !directory.isEmpty {
            let names = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".xml") }
                .sorted()
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
                // Streamed, byte for byte what the tree-based format wrote.
                #expect(
                    result.stdout == (try TreeReference.output(of: bytes, arguments: arguments)), "\(name) \(arguments)"
                )
                #expect(
                    try ContentForm.canonical(Array(result.stdout.utf8), dropProcessingInstructions: false) == expected,
                    "\(name) \(arguments)")
                outputs.append((arguments.joined(separator: " "), result.stdout))
            }
            let json = try XMLC.run(["to-json"], standardInput: input)
            #expect(json.status == 0, "\(name) to-json: \(json.stderr)")
            #expect(json.stdout == (try TreeReference.output(of: bytes, arguments: ["to-json"])), "\(name) to-json")
            let back = try XMLC.run(["from-json"], standardInput: Data(json.stdout.utf8))
            #expect(back.status == 0, "\(name) from-json: \(back.stderr)")
            #expect(
                try ContentForm.canonical(Array(back.stdout.utf8), dropProcessingInstructions: true)
                    == expectedWithoutPIs, "\(name) to-json | from-json")
            // The JSON is JSON (Foundation's parser agrees).
            #expect(
                (try? JSONSerialization.jsonObject(with: Data(json.stdout.utf8))) != nil,
                "\(name): to-json output is not JSON")
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
                if let space = node.attributes.first(where: { $0.name == "xml:space" }) {
                    node.preserve = space.value == "preserve"
                }
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
            let isBlank: (String) -> Bool = {
                $0.utf8.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
            }
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
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: "\"", with: "&quot;")
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

/// What `format` and `to-json` wrote before they streamed, computed in the test process: the
/// oracle for the streaming commands. `format` is the document tree with the white space that only
/// lays out element content removed, written by the library's writer; `to-json` is the mapping
/// written from that tree (the tree-based writer xmlc had).
enum TreeReference {
    /// The output of `xmlc ARGUMENTS` (`format` or `to-json` and their layout options) for a document.
    static func output(of bytes: [UInt8], arguments: [String]) throws -> String {
        let compact = arguments.contains("--compact")
        var width = 2
        if let index = arguments.firstIndex(of: "--indent"), index + 1 < arguments.count,
            let value = Int(arguments[index + 1])
        {
            width = value
        }
        let tree = try XMLTree(parsing: bytes).removingWhitespaceBetweenElements()
        if arguments.first == "format" {
            let indentation: XMLEncoder.PrettyPrintIndentation =
                arguments.contains("--tabs") ? .tabs(1) : .spaces(width)
            let data = try tree.xmlData(
                outputFormatting: compact ? [] : .prettyPrinted, prettyPrintIndentation: indentation)
            return String(decoding: data, as: UTF8.self) + "\n"
        }
        var writer = JSON(indentation: compact ? nil : String(repeating: " ", count: width))
        writer.raw("{")
        writer.newline(1)
        writer.string(tree.root.name.qualifiedName)
        writer.colon()
        value(of: tree.root, depth: 1, into: &writer)
        writer.newline(0)
        writer.raw("}")
        return writer.text + "\n"
    }

    /// A JSON text being written.
    struct JSON {
        var text = ""
        let indentation: String?

        mutating func raw(_ string: String) { text += string }

        mutating func newline(_ depth: Int) {
            guard let indentation else { return }
            text += "\n" + String(repeating: indentation, count: depth)
        }

        mutating func colon() { text += indentation == nil ? ":" : ": " }

        mutating func string(_ string: String) {
            text += "\""
            for scalar in string.unicodeScalars {
                switch scalar {
                case "\"": text += "\\\""
                case "\\": text += "\\\\"
                case "\n": text += "\\n"
                case "\r": text += "\\r"
                case "\t": text += "\\t"
                case "\u{8}": text += "\\b"
                case "\u{C}": text += "\\f"
                case "\u{0}"..."\u{1F}": text += String(format: "\\u%04x", scalar.value)
                default: text.unicodeScalars.append(scalar)
                }
            }
            text += "\""
        }
    }

    private enum Item {
        case text(String)
        case element(XMLTree.Element)
    }

    /// The child elements grouped by name, when the content is elements only and each name's
    /// elements are adjacent; otherwise `nil`.
    private static func groupedByName(_ items: [Item]) -> [(name: String, elements: [XMLTree.Element])]? {
        var groups: [(name: String, elements: [XMLTree.Element])] = []
        var seen = Set<[UInt8]>()
        for item in items {
            guard case .element(let element) = item else { return nil }
            let name = element.name.qualifiedName
            if let last = groups.last, last.name.utf8.elementsEqual(name.utf8) {
                groups[groups.count - 1].elements.append(element)
            } else {
                guard seen.insert(Array(name.utf8)).inserted else { return nil }
                groups.append((name, [element]))
            }
        }
        return groups
    }

    private static func value(of element: XMLTree.Element, depth: Int, into writer: inout JSON) {
        var items: [Item] = []
        for child in element.children {
            switch child {
            case .element(let inner): items.append(.element(inner))
            case .text(let text), .cdata(let text):
                if case .text(let previous)? = items.last {
                    items[items.count - 1] = .text(previous + text)
                } else {
                    items.append(.text(text))
                }
            case .comment, .processingInstruction: continue
            }
        }
        let elements = items.compactMap { if case .element(let inner) = $0 { inner } else { nil } }
        let text = items.compactMap { if case .text(let text) = $0 { text } else { nil } }.joined()
        if element.attributes.isEmpty && elements.isEmpty {
            writer.string(text)
            return
        }
        writer.raw("{")
        var first = true
        func member(_ name: String, _ writer: inout JSON) {
            if !first { writer.raw(",") }
            first = false
            writer.newline(depth + 1)
            writer.string(name)
            writer.colon()
        }
        for attribute in element.attributes {
            member("@" + attribute.name.qualifiedName, &writer)
            writer.string(attribute.value)
        }
        let groups = groupedByName(items)
        if elements.isEmpty {
            if !text.isEmpty {
                member("#text", &writer)
                writer.string(text)
            }
        } else if let groups {
            for group in groups {
                member(group.name, &writer)
                if group.elements.count == 1 {
                    value(of: group.elements[0], depth: depth + 1, into: &writer)
                } else {
                    writer.raw("[")
                    for (index, inner) in group.elements.enumerated() {
                        if index > 0 { writer.raw(",") }
                        writer.newline(depth + 2)
                        value(of: inner, depth: depth + 2, into: &writer)
                    }
                    writer.newline(depth + 1)
                    writer.raw("]")
                }
            }
        } else {
            member("#content", &writer)
            writer.raw("[")
            for (index, item) in items.enumerated() {
                if index > 0 { writer.raw(",") }
                writer.newline(depth + 2)
                switch item {
                case .text(let text):
                    writer.string(text)
                case .element(let inner):
                    writer.raw("{")
                    writer.newline(depth + 3)
                    writer.string(inner.name.qualifiedName)
                    writer.colon()
                    value(of: inner, depth: depth + 3, into: &writer)
                    writer.newline(depth + 2)
                    writer.raw("}")
                }
            }
            writer.newline(depth + 1)
            writer.raw("]")
        }
        writer.newline(depth)
        writer.raw("}")
    }
}

/// Seeded random documents for the streaming commands: nesting, white-space layouts, mixed
/// content, repeated and interleaved names, `xml:space`, entities and DTD attribute defaults,
/// CDATA (also holding `]]>` split across sections, or a carriage return), comments, processing
/// instructions, namespaces, and attribute values and text with characters to escape.
enum RandomDocuments {
    /// SplitMix64: the same documents on every platform and run.
    struct Generator: RandomNumberGenerator {
        var state: UInt64

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// A document of about `size` elements.
    static func document(seed: UInt64, size: Int) -> String {
        var random = Generator(state: seed)
        var budget = size
        let withDTD = Bool.random(using: &random)
        var xml = ""
        if Bool.random(using: &random) {
            xml += ["<?xml version=\"1.0\"?>", "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>"]
                .randomElement(using: &random)!
        }
        if Int.random(in: 0..<3, using: &random) == 0 {
            xml += ["<!--prologue-->", "<?pi data?>", "\n"].randomElement(using: &random)!
        }
        if withDTD {
            xml +=
                "<!DOCTYPE root [<!ENTITY e \"ent&#38;amp;ity\"><!ENTITY ws \"  \"><!ATTLIST b def CDATA \"d&amp;v\">]>"
        }
        if Int.random(in: 0..<3, using: &random) == 0 {
            xml += ["<!--after-->", "<?pi2?>", "\n"].randomElement(using: &random)!
        }

        func whitespace(_ random: inout Generator) -> String {
            ["", " ", "\n", "\n  ", "\n    ", "\t", "\r\n  "].randomElement(using: &random)!
        }
        func text(_ random: inout Generator) -> String {
            if Int.random(in: 0..<10, using: &random) < 3 { return whitespace(&random) }
            var text = [
                "hello", " x ", "a&amp;b", "&lt;tag&gt;", "\"q\"", "it's", "ünï 😀", "&#13;", "&#x9;t", "]]&gt;",
                "line\nbreak",
            ]
            .randomElement(using: &random)!
            if withDTD && Int.random(in: 0..<5, using: &random) == 0 {
                text += ["&e;", "&ws;"].randomElement(using: &random)!
            }
            return text
        }
        func attributes(_ random: inout Generator) -> String {
            var used = Set<String>()
            var result = ""
            for _ in 0..<[0, 0, 0, 1, 2].randomElement(using: &random)! {
                let name = ["id", "k", "v", "xml:space", "xml:lang"].randomElement(using: &random)!
                guard used.insert(name).inserted else { continue }
                let value =
                    name == "xml:space"
                    ? ["preserve", "default"].randomElement(using: &random)!
                    : ["1", "a&amp;b", "&lt;", "&quot;x", "tab&#9;", "nl&#10;", " sp ", "'"].randomElement(
                        using: &random)!
                result += " \(name)=\"\(value)\""
            }
            return result
        }
        func element(_ depth: Int, _ random: inout Generator) -> String {
            budget -= 1
            let name = depth == 0 ? "root" : ["a", "b", "c", "d", "p:e"].randomElement(using: &random)!
            var attributes = attributes(&random)
            if name == "p:e" || Int.random(in: 0..<10, using: &random) == 0 { attributes += " xmlns:p=\"urn:p\"" }
            if Int.random(in: 0..<7, using: &random) == 0 || budget <= 0 || depth > 6 {
                return Bool.random(using: &random)
                    ? "<\(name)\(attributes)/>"
                    : "<\(name)\(attributes)>\(Int.random(in: 0..<10, using: &random) < 7 ? text(&random) : "")</\(name)>"
            }
            // Layout (white space between children) or mixed content; one repeated name or several.
            let layout = Int.random(in: 0..<10, using: &random) < 6
            let repeated = Bool.random(using: &random)
            var content = ""
            var child = ""
            for index in 0..<Int.random(in: 0...6, using: &random) {
                content += layout ? whitespace(&random) : text(&random)
                if Int.random(in: 0..<10, using: &random) == 0 {
                    content += [
                        "<!--c-->", "<?pi x?>", "<![CDATA[cd]]>", "<![CDATA[]]>", "<![CDATA[a]]]]><![CDATA[>b]]>",
                        "<![CDATA[x<y&z\r\n]]>",
                    ]
                    .randomElement(using: &random)!
                }
                if repeated && index > 0 && Bool.random(using: &random) {
                    content += child
                } else {
                    child = element(depth + 1, &random)
                    content += child
                }
            }
            content += layout ? whitespace(&random) : text(&random)
            return "<\(name)\(attributes)>\(content)</\(name)>"
        }
        xml += element(0, &random)
        if Int.random(in: 0..<3, using: &random) == 0 {
            xml += ["<!--epilogue-->", "\n<?end?>\n"].randomElement(using: &random)!
        }
        return xml
    }
}
