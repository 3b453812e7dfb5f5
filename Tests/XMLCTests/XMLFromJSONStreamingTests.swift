// End-to-end tests of `xmlc from-json` as a stream, run as processes (XMLCheckCommandTests.swift
// finds the executable): the same XML whatever the chunk boundaries, errors at the right line
// and column after chunk boundaries, nesting limits, attributes and text that come after an
// element's children (held output), the hold limit, invalid UTF-8 and truncated input, and which
// error is reported when there are several (the one the whole-tree conversion reported).
//
// The chunk size and the hold limit are made small through the environment
// (XMLC_TEST_JSON_CHUNK_SIZE, XMLC_TEST_JSON_HOLD_LIMIT, read by FromJSONCommand), so that every
// position of a small document falls on a chunk boundary. For example, with a chunk size of 1,
// `{"a": "x"}` is read one byte at a time and must still give `<a>x</a>`.

import Foundation
import Testing

@Suite("xmlc from-json streams")
struct XMLFromJSONStreamingTests {
    static func run(_ arguments: [String], input: String, chunk: Int? = nil, hold: Int? = nil) throws -> XMLC.Result {
        try run(arguments, bytes: Array(input.utf8), chunk: chunk, hold: hold)
    }

    static func run(_ arguments: [String], bytes: [UInt8], chunk: Int? = nil, hold: Int? = nil) throws -> XMLC.Result {
        var environment: [String: String] = [:]
        if let chunk { environment["XMLC_TEST_JSON_CHUNK_SIZE"] = String(chunk) }
        if let hold { environment["XMLC_TEST_JSON_HOLD_LIMIT"] = String(hold) }
        return try XMLC.run(arguments, standardInput: Data(bytes), environment: environment)
    }

    static let document = """
        \u{FEFF}{"catalog": {"@xmlns:d": "urn:d", "@id": 7, "@ok": true, "d:title": "T & <U> \\"q\\" \\u00e9\\ud83d\\ude00",
         "item": [{"@n": "1", "#text": "one"}, null, 2.50, -1e+3, false],
         "note": {"#content": ["a ", {"em": "b"}, " c", {"em": ["d", "e"]}]}, "empty": {"#content": []},
         "late": {"x": "1", "@y": "2", "#text": "t"}, "é": "\\t\\n"}}
        """

    @Test func everyChunkBoundaryGivesTheSameXML() throws {
        // Every chunk size with the default layout; the layout options, which change what is
        // written and not how the input is read, with the small sizes (each size is a process).
        let every = Array(1...Self.document.utf8.count + 1)
        let layouts = [
            (["from-json"], every), (["from-json", "--compact"], Array(1...16) + [every.count]),
            (["from-json", "--indent", "0"], Array(1...16) + [every.count]),
        ]
        for (arguments, chunks) in layouts {
            let whole = try Self.run(arguments, input: Self.document)
            #expect(whole.status == 0, "\(whole.stderr)")
            for chunk in chunks {
                let result = try Self.run(arguments, input: Self.document, chunk: chunk)
                #expect(result.status == 0, "\(arguments) chunk \(chunk): \(result.stderr)")
                #expect(result.stdout == whole.stdout, "\(arguments) chunk \(chunk)")
            }
        }
        #expect(
            try Self.run(["from-json"], input: Self.document).stdout == """
                <catalog xmlns:d="urn:d" id="7" ok="true">
                  <d:title>T &amp; &lt;U&gt; "q" é😀</d:title>
                  <item n="1">one</item>
                  <item/>
                  <item>2.50</item>
                  <item>-1e+3</item>
                  <item>false</item>
                  <note>a <em>b</em> c<em>d</em><em>e</em></note>
                  <empty/>
                  <late y="2"><x>1</x>t</late>
                  <é>\t
                </é>
                </catalog>

                """)
    }

    @Test(arguments: [
        ("{\"a\": [1,\n 2}", "<stdin>:2:3: error: unexpected '}'; expected ',' or ']'"),
        ("{\"a\":\n  {\"b\": \"x\\q\"}}", "<stdin>:2:11: error: invalid escape '\\q' in a string"),
        ("{\"a\":\n \"\\ud800x\"}", "<stdin>:2:3: error: lone surrogate \\uD800 in a string"),
        ("{\"a\": \"\\u12\"}", "<stdin>:1:8: error: invalid \\u escape"),
        ("{\"a\": tru}", "<stdin>:1:7: error: invalid literal; expected 'true'"),
        ("{\"a\": -}", "<stdin>:1:7: error: invalid number"),
        ("{\"a\": 1.}", "<stdin>:1:7: error: invalid number: digits expected after '.'"),
        ("{\"a\": \"x\ny\"}", "<stdin>:1:9: error: control character U+A must be escaped in a string"),
        ("{\"a\" 1}", "<stdin>:1:6: error: unexpected '1'; expected ':'"),
        ("{\"a\": 1,}", "<stdin>:1:9: error: unexpected '}'; expected a member name in quotes"),
        (
            "\u{FEFF}{\"a\": {\"b\": [[1]]}}",
            "<stdin>:1:15: error: nested arrays cannot be mapped to XML: an array holds the repeated elements \"b\""
        ),
        (
            "{\"a\":\n {\"b\": {\"1c\": 1}}}",
            "<stdin>:2:15: error: cannot be written as XML: a/b/1c: \"1c\" is not a valid XML name here"
        ),
    ])
    func errorsSayWhereAtEveryChunkBoundary(json: String, expected: String) throws {
        for chunk in [nil] + Array(1...json.utf8.count) {
            let result = try Self.run(["from-json"], input: json, chunk: chunk)
            #expect(result.status == 1)
            #expect(result.stdout == "")
            #expect(result.stderr.hasPrefix(expected + "\n"), "chunk \(chunk ?? 0): \(result.stderr)")
        }
    }

    @Test func truncatedInputAndInvalidUTF8AreErrors() throws {
        for (bytes, expected) in [
            (Array("{\"a\": {\"b\": \"x".utf8), "<stdin>:1:13: error: unterminated string"),
            (Array("{\"a\": [1, 2".utf8), "<stdin>:1:12: error: unexpected end of input; expected ',' or ']'"),
            (Array("{\"a\": ".utf8), "<stdin>:1:7: error: unexpected end of input; expected a value"),
            (Array("".utf8), "<stdin>:1:1: error: unexpected end of input; expected a value"),
            (Array("{\"a\": \"\\".utf8), "<stdin>:1:7: error: unterminated string"),
            (
                Array("{\"a\": \"x".utf8) + [0xC3, 0x28] + Array("\"}".utf8),
                "<stdin>:1:7: error: invalid UTF-8 in a string"
            ),
            (Array("{\"a\": ".utf8) + [0xFF], "<stdin>:1:7: error: unexpected byte 0xFF; expected a value"),
            ([0xEF, 0xBB], "<stdin>:1:1: error: unexpected byte 0xEF; expected a value"),
        ] {
            for chunk in [nil, 1, 2, 3] {
                let result = try Self.run(["from-json"], bytes: bytes, chunk: chunk)
                #expect(result.status == 1)
                #expect(result.stderr.hasPrefix(expected + "\n"), "chunk \(chunk ?? 0): \(result.stderr)")
            }
        }
    }

    @Test func nestingIsLimitedTo1024ArraysAndObjects() throws {
        // The top-level object and 1023 objects nested in it: accepted.
        let deepest = "{\"a\":" + String(repeating: "{\"a\":", count: 1023) + "1" + String(repeating: "}", count: 1024)
        let accepted = try Self.run(["from-json", "--compact"], input: deepest, chunk: 7)
        #expect(accepted.status == 0, "\(accepted.stderr)")
        #expect(
            accepted.stdout == String(repeating: "<a>", count: 1024) + "1" + String(repeating: "</a>", count: 1024)
                + "\n")
        let tooDeep = "{\"a\":" + String(repeating: "{\"a\":", count: 1024) + "1" + String(repeating: "}", count: 1025)
        let refused = try Self.run(["from-json"], input: tooDeep, chunk: 7)
        #expect(refused.status == 1)
        #expect(
            refused.stderr.hasPrefix("<stdin>:1:\(5 * 1024 + 1): error: arrays and objects nested deeper than 1024\n"),
            "\(refused.stderr)")
    }

    @Test(arguments: [
        // Attributes after the children go into the start tag.
        (##"{"a": {"b": "1", "@x": "2", "c": null, "@y": 3}}"##, "<a x=\"2\" y=\"3\">\n  <b>1</b>\n  <c/>\n</a>\n"),
        // Text after the children: no indentation, as the tree writer does for mixed content.
        (##"{"a": {"b": ["1", "2"], "#text": "t"}}"##, "<a><b>1</b><b>2</b>t</a>\n"),
        (##"{"a": {"#content": [{"b": {"c": "1"}}, "t"]}}"##, "<a><b>\n    <c>1</c>\n  </b>t</a>\n"),
        (
            ##"{"r": {"a": {"b": "1", "c": {"d": null}}, "#text": "", "e": "2"}}"##,
            "<r>\n  <a>\n    <b>1</b>\n    <c>\n      <d/>\n    </c>\n  </a>\n  <e>2</e>\n</r>\n"
        ),
        // A namespace declared after the element that uses it.
        (##"{"a": {"p:b": "1", "@xmlns:p": "urn:p"}}"##, "<a xmlns:p=\"urn:p\">\n  <p:b>1</p:b>\n</a>\n"),
        (
            ##"{"p:a": {"c": {"p:b": "1"}, "@xmlns:p": "urn:p"}}"##,
            "<p:a xmlns:p=\"urn:p\">\n  <c>\n    <p:b>1</p:b>\n  </c>\n</p:a>\n"
        ),
        // xml:space before the content keeps it as written.
        (
            ##"{"a": {"@xml:space": "preserve", "b": "1", "c": {"d": "2"}}}"##,
            "<a xml:space=\"preserve\"><b>1</b><c><d>2</d></c></a>\n"
        ),
        (##"{"a": {"#text": "t", "@xml:space": "preserve", "b": "1"}}"##, "<a xml:space=\"preserve\">t<b>1</b></a>\n"),
    ])
    func laterMembersChangeWhatWasHeld(json: String, xml: String) throws {
        for chunk in [nil, 1, 5] {
            let result = try Self.run(["from-json"], input: json, chunk: chunk)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout == xml, "chunk \(chunk ?? 0)")
        }
    }

    @Test(arguments: [
        (##"{"a": {"p:b": "1"}, "x": 1}"##, "<stdin>:1:1: error: expected an object with one member, the root element"),
        (##"{"a": {"@v": {}, "#bad": 1}} x"##, "<stdin>:1:30: error: unexpected 'x' after the JSON value"),
        (##"{"a": {"p:b": "1", "#bad": 1}}"##, "<stdin>:1:28: error: unknown member \"#bad\""),
        (
            ##"{"a": {"#content": [{"b": {"#bad": 1}, "c": 2}]}}"##,
            "<stdin>:1:21: error: a \"#content\" item must be a string or an object"
        ),
        (
            ##"{"a": {"b": [{"@v": "\u0001"}, "2"]}}"##,
            "<stdin>:1:14: error: cannot be written as XML: a/b[0]: U+1 cannot be represented in XML 1.0"
        ),
        (
            ##"{"a": {"b": {"@v": "\u0001"}, "c": "1", "b": "2"}}"##,
            "<stdin>:1:13: error: cannot be written as XML: a/b[0]: U+1"
        ),
        (
            ##"{"a": {"c": {"p:b": "1"}, "d": "\u0001"}}"##,
            "<stdin>:1:21: error: cannot be written as XML: a/c/p:b: namespace prefix \"p\" is not declared"
        ),
        (
            ##"{"a": {"@x": "1", "@x": "2"}}"##,
            "<stdin>:1:7: error: cannot be written as XML: a: attribute x appears more than once"
        ),
        (
            ##"{"a": {"b": "1", "@x": "1", "@x": "2"}}"##,
            "<stdin>:1:7: error: cannot be written as XML: a: attribute x appears more than once"
        ),
    ])
    func theErrorReportedIsTheOneTheTreeConversionReported(json: String, expected: String) throws {
        for chunk in [nil, 3] {
            let result = try Self.run(["from-json"], input: json, chunk: chunk)
            #expect(result.status == 1)
            #expect(result.stdout == "")
            #expect(result.stderr.hasPrefix(expected), "chunk \(chunk ?? 0): \(result.stderr)")
        }
    }

    @Test func pastTheHoldLimitElementsAreCommitted() throws {
        let items = (0..<50).map { "{\"n\": \"\($0)\"}" }.joined(separator: ", ")
        // Within the limit or past it, the same XML when nothing comes late.
        let json = "{\"r\": {\"@a\": \"1\", \"i\": [\(items)]}}"
        let expected = try Self.run(["from-json"], input: json)
        #expect(expected.status == 0)
        for hold in [0, 16, 100] {
            let result = try Self.run(["from-json"], input: json, chunk: 4, hold: hold)
            #expect(result.status == 0, "hold \(hold): \(result.stderr)")
            #expect(result.stdout == expected.stdout, "hold \(hold)")
        }
        // Text or an attribute after more children than are held: an error at that member.
        let text = "{\"r\": {\"i\": [\(items)], \"#text\": \"t\"}}"
        let late = try Self.run(["from-json"], input: text, hold: 100)
        #expect(late.status == 1)
        #expect(
            late.stderr.hasPrefix(
                "<stdin>:1:\(text.utf8.count - 4): error: text in <r> comes after more of its child elements than from-json holds"
            ),
            "\(late.stderr)")
        #expect(try Self.run(["from-json"], input: text).status == 0)
        // Compact output has no indentation for text to take out.
        let compact = try Self.run(["from-json", "--compact"], input: text, hold: 100)
        #expect(compact.status == 0)
        #expect(compact.stdout.hasSuffix("<n>49</n></i>t</r>\n"))
        let attribute = "{\"r\": {\"i\": [\(items)], \"@x\": \"1\"}}"
        let lateAttribute = try Self.run(["from-json", "--compact"], input: attribute, hold: 100)
        #expect(lateAttribute.status == 1)
        #expect(
            lateAttribute.stderr.contains(
                "error: the attribute \"x\" of <r> comes after more of its content than from-json holds"))
        #expect(try Self.run(["from-json", "--compact"], input: attribute).stdout.hasPrefix("<r x=\"1\"><i>"))
    }

    @Test func largeOutputIsWrittenAsItIsRead() throws {
        // More output than the hold limit and the output buffer: the same as with everything held.
        let items = (0..<3000).map { "{\"@n\": \"\($0)\", \"v\": [\"a\", {\"w\": \"b\"}]}" }.joined(separator: ",\n")
        let json = "{\"r\": {\"i\": [\(items)]}}"
        let whole = try Self.run(["from-json"], input: json)
        #expect(whole.status == 0)
        let streamed = try Self.run(["from-json"], input: json, chunk: 1000, hold: 4096)
        #expect(streamed.status == 0)
        #expect(streamed.stdout == whole.stdout)
        #expect(whole.stdout.hasPrefix("<r>\n  <i n=\"0\">\n    <v>a</v>\n    <v>\n      <w>b</w>\n    </v>\n  </i>\n"))
    }

    @Test func filesAndStandardInputReportTheSameErrors() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "xmlc-json-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for json in ["{\"a\":\n  {\"b\": [1,\n   {\"@v\": \"\\u0001\"}]}}", "{\"a\": {\"b\": 1}}", "{\"a\":\n  [1]}"] {
            let file = directory.appendingPathComponent("doc.json")
            try Data(json.utf8).write(to: file)
            let fromFile = try XMLC.run(["from-json", file.path])
            let fromInput = try Self.run(["from-json"], input: json)
            #expect(fromFile.status == fromInput.status)
            #expect(fromFile.stdout == fromInput.stdout)
            #expect(fromFile.stderr.replacingOccurrences(of: file.path, with: "<stdin>") == fromInput.stderr)
        }
    }
}
