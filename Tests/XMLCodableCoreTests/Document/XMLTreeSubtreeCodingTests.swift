// Subtrees in models: `XMLTree.Element` and `[XMLTree.Node]` properties through XMLDecoder and
// XMLEncoder (verbatim, compared in canonical form) and through JSONEncoder/JSONDecoder (the
// `xmlc to-json` mapping).

import Foundation
import Testing
@testable import XMLCodableCore
import XMLCodableTestSupport

@Suite struct XMLTreeSubtreeCodingTests {
    static let atom = "http://www.w3.org/2005/Atom"
    static let xhtml = "http://www.w3.org/1999/xhtml"

    static let feed = """
        <feed xmlns="http://www.w3.org/2005/Atom"><entry><title>First</title>\
        <content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">Hello <b>x</b> &amp; <i>y</i></div></content>\
        </entry></feed>
        """

    struct Feed: Codable, Equatable {
        var entry: [Entry]
    }

    struct Entry: Codable, Equatable {
        var title: String
        var content: XMLTree.Element
    }

    func canonical(_ xml: String) throws -> String {
        String(decoding: try CanonicalWriter.canonicalize(Array(xml.utf8)), as: UTF8.self)
    }

    @Test(arguments: [false, true])
    func atomXHTMLContentIsCapturedAndWrittenBack(processNamespaces: Bool) throws {
        let decoder = XMLDecoder()
        decoder.shouldProcessNamespaces = processNamespaces
        let feed = try decoder.decode(Feed.self, from: Data(Self.feed.utf8))
        let content = feed.entry[0].content
        #expect(content.name.qualifiedName == "content")
        #expect(content.attributes["type"] == "xhtml")
        #expect(content["div"]["b"].text == "x")
        #expect(content["div"].element?.children.count == 4)
        #expect(content["div"].element?.attributes["xmlns"] == Self.xhtml)
        // The reader resolves every name, whatever the decoder does with keys.
        #expect(content["div"].element?.name.namespaceURI == Self.xhtml)
        #expect(content.name.namespaceURI == Self.atom)

        let written = try XMLEncoder().encodeToString(feed, withRootKey: "feed", rootAttributes: ["xmlns": Self.atom])
        #expect(written == Self.feed)
        #expect(try canonical(written) == canonical(Self.feed))
    }

    @Test func aSubtreeRoundTripsInCanonicalForm() throws {
        struct Document: Codable, Equatable {
            var id: Int
            var extra: XMLTree.Element
            var after: String
        }
        let xml = """
            <doc xmlns:m="urn:m"><id>1</id><extra b="2" a="1" xmlns:x="urn:x" x:c="3">
              text <m:em>one</m:em> <![CDATA[<raw> & ]]>  <x:k a="&lt;&#9;"/>tail&#10;
              <empty></empty><m:deep><m:deeper xml:space="preserve">  </m:deeper></m:deep>
            </extra><after>end</after></doc>
            """
        for processNamespaces in [false, true] {
            let decoder = XMLDecoder()
            decoder.shouldProcessNamespaces = processNamespaces
            decoder.trimValueWhitespaces = false
            let document = try decoder.decode(Document.self, from: Data(xml.utf8))
            #expect(document.extra.attributes.map(\.name.qualifiedName) == ["b", "a", "xmlns:x", "x:c"])
            #expect(document.extra.children.contains(.cdata("<raw> & ")))
            let written = try XMLEncoder().encodeToString(
                document, withRootKey: "doc", rootAttributes: ["xmlns:m": "urn:m"])
            #expect(try canonical(written) == canonical(xml))
            // And decoding the output gives the same value.
            #expect(try decoder.decode(Document.self, from: Data(written.utf8)) == document)
        }
    }

    @Test func aSubtreeIsTheSameAsTheTreeReadsIt() throws {
        struct Holder: Codable { var extra: XMLTree.Element }
        let xml = "<r><extra a=\"1\">x&amp;y<![CDATA[z]]>w<b c=\"&quot;\">\n</b></extra></r>"
        let decoded = try XMLDecoder().decode(Holder.self, from: Data(xml.utf8)).extra
        let parsed = try XMLTree(
            parsing: xml,
            options: {
                var options = XMLReader.Options()
                options.shouldProcessNamespaces = false
                return options
            }())["r"]["extra"].require()
        #expect(decoded == parsed)
    }

    @Test func aPrefixDeclaredAboveIsDeclaredOnTheSubtreeWhereItLands() throws {
        struct Holder: Codable { var extra: XMLTree.Element }
        let decoder = XMLDecoder()
        decoder.shouldProcessNamespaces = true
        let holder = try decoder.decode(
            Holder.self, from: Data(#"<r xmlns:p="urn:p"><extra><p:x p:a="1"/></extra></r>"#.utf8))
        // The output's root declares nothing: the subtree declares what it uses.
        let written = try XMLEncoder().encodeToString(holder, withRootKey: "r")
        #expect(written == #"<r><extra><p:x p:a="1" xmlns:p="urn:p" /></extra></r>"#)
        // Declared at the root of the output: not again.
        let again = try XMLEncoder().encodeToString(holder, withRootKey: "r", rootAttributes: ["xmlns:p": "urn:p"])
        #expect(again == #"<r xmlns:p="urn:p"><extra><p:x p:a="1" /></extra></r>"#)
    }

    @Test func anUndeclaredPrefixWithoutANamespaceURIIsRefused() throws {
        struct Holder: Codable { var extra: XMLTree.Element }
        // A built name with a prefix and no namespace URI: the output must declare it already.
        let holder = Holder(extra: XMLTree.Element("extra") { XMLTree.Element("p:x") })
        #expect(
            try XMLEncoder().encodeToString(holder, withRootKey: "r", rootAttributes: ["xmlns:p": "urn:p"])
                == #"<r xmlns:p="urn:p"><extra><p:x /></extra></r>"#
        )
        #expect(throws: EncodingError.self) { try XMLEncoder().encodeToString(holder, withRootKey: "r") }
        do {
            _ = try XMLEncoder().encodeToString(holder, withRootKey: "r")
        } catch let EncodingError.invalidValue(_, context) {
            #expect(context.debugDescription.contains("extra/p:x: namespace prefix \"p\" is not declared"))
            #expect(context.codingPath.map(\.stringValue) == ["extra"])
        }
    }

    @Test func contentAsNodesUnderAKeyAndUnderTheEmptyKey() throws {
        struct Content: Codable, Equatable {
            enum CodingKeys: String, CodingKey {
                case type
                case value = ""
            }
            @Attribute var type: String
            var value: [XMLTree.Node]
        }
        struct Entry: Codable, Equatable {
            var summary: [XMLTree.Node]
            var content: Content
        }
        let xml = #"<entry><summary>a <b>bold</b> move</summary><content type="html">x<br />y</content></entry>"#
        let entry = try XMLDecoder().decode(Entry.self, from: Data(xml.utf8))
        #expect(entry.summary == [.text("a "), .element(XMLTree.Element("b", text: "bold")), .text(" move")])
        #expect(entry.content.type == "html")
        #expect(entry.content.value == [.text("x"), .element(XMLTree.Element("br")), .text("y")])
        let writtenEntry = try XMLEncoder().encodeToString(entry, withRootKey: "entry")
        #expect(writtenEntry == xml)
    }

    @Test func listsAndOptionalsOfSubtrees() throws {
        struct Holder: Codable, Equatable {
            var item: [XMLTree.Element]
            var note: XMLTree.Element?
            var missing: XMLTree.Element?
        }
        let xml = #"<r><item n="1">a</item><item n="2"><x /></item><note /></r>"#
        let holder = try XMLDecoder().decode(Holder.self, from: Data(xml.utf8))
        #expect(holder.item.map { $0.attributes["n"] } == ["1", "2"])
        #expect(holder.note == XMLTree.Element("note"))
        #expect(holder.missing == nil)
        let writtenHolder = try XMLEncoder().encodeToString(holder, withRootKey: "r")
        #expect(writtenHolder == xml)
    }

    @Test func anElementAtTheTopLevelKeepsItsName() throws {
        let element = XMLTree.Element("book", attributes: ["id": "7"]) { XMLTree.Element("title", text: "T") }
        let written = try XMLEncoder().encodeToString(element)
        #expect(written == #"<book id="7"><title>T</title></book>"#)
        #expect(try XMLDecoder().decode(XMLTree.Element.self, from: Data(written.utf8)) == element)
    }

    @Test func theDecoderKeepsNoCommentsOrProcessingInstructions() throws {
        struct Holder: Codable { var x: XMLTree.Element }
        let holder = try XMLDecoder().decode(Holder.self, from: Data("<r><x>a<!--c-->b<?pi d?>c</x></r>".utf8))
        #expect(holder.x.children == [.text("abc")])
    }

    @Test func elementsDecodedOneByOneCaptureTheirSubtrees() throws {
        var entries: [Entry] = []
        let data = Data(
            (Self.feed.replacingOccurrences(of: "</feed>", with: "")
                + "<entry><title>Second</title><content>&lt;p&gt;</content></entry></feed>").utf8)
        try XMLDecoder().decodeElements(Entry.self, at: "feed/entry", from: data) { entries.append($0) }
        #expect(entries.map(\.title) == ["First", "Second"])
        #expect(entries[0].content["div"]["i"].text == "y")
        #expect(entries[1].content.children == [.text("<p>")])
    }

    @Test func theRootAndAGroupCanBeSubtrees() throws {
        // At the top level with root attributes: the root takes the element's name, the given
        // attributes come first.
        let element = XMLTree.Element("book", attributes: ["id": "7"], text: "T")
        #expect(
            try XMLEncoder().encodeToString(element, rootAttributes: ["xmlns": "urn:b"])
                == #"<book xmlns="urn:b" id="7">T</book>"#)
        // Under the `""` key of a value that holds keys too: inside the element, after them.
        struct Wrapper: Codable, Equatable {
            enum CodingKeys: String, CodingKey {
                case id
                case body = ""
            }
            @Attribute var id: String
            var body: XMLTree.Element
        }
        let wrapper = Wrapper(id: Attribute("1"), body: XMLTree.Element("p", text: "x"))
        let written = try XMLEncoder().encodeToString(wrapper, withRootKey: "w")
        #expect(written == #"<w id="1"><p>x</p></w>"#)
        // Read back, the `""` key is the model's own element (as for any value under it), so a
        // subtree there is best held as `[XMLTree.Node]`, its content.
        #expect(
            try XMLDecoder().decode(Wrapper.self, from: Data(written.utf8)).body
                == XMLTree.Element("w", attributes: ["id": "1"]) { XMLTree.Element("p", text: "x") })
    }

    @Test func aMissingKeyIsAnErrorUnlessOptionalAndASingleNodeIsAnElement() throws {
        struct Required: Codable { var body: [XMLTree.Node] }
        struct Optional: Codable, Equatable {
            var body: [XMLTree.Node]?
            var node: XMLTree.Node?
        }
        let error = #expect(throws: DecodingError.self) {
            try XMLDecoder().decode(Required.self, from: Data("<r/>".utf8))
        }
        guard case .keyNotFound? = error else {
            Issue.record("expected keyNotFound, got \(String(describing: error))")
            return
        }
        #expect(try XMLDecoder().decode(Optional.self, from: Data("<r/>".utf8)) == Optional(body: nil, node: nil))
        let value = try XMLDecoder().decode(Optional.self, from: Data("<r><body/><node a=\"1\">t</node></r>".utf8))
        #expect(value == Optional(body: [], node: .element(XMLTree.Element("node", attributes: ["a": "1"], text: "t"))))
        #expect(try XMLEncoder().encodeToString(value, withRootKey: "r") == #"<r><body /><node a="1">t</node></r>"#)
    }

    // MARK: Wrong shapes

    @Test func anAttributeIsNotAnElement() throws {
        struct Holder: Codable { var id: XMLTree.Element }
        let error = #expect(throws: DecodingError.self) {
            try XMLDecoder().decode(Holder.self, from: Data(#"<r id="1"/>"#.utf8))
        }
        guard case .typeMismatch(_, let context)? = error else {
            Issue.record("expected a type mismatch, got \(String(describing: error))")
            return
        }
        #expect(
            context.debugDescription
                == "Expected to decode Element but found attribute 'id' instead, at line 1, column 4.")
    }

    @Test func severalElementsAreNotOneElement() throws {
        struct Holder: Codable { var x: XMLTree.Element }
        let error = #expect(throws: DecodingError.self) {
            try XMLDecoder().decode(Holder.self, from: Data("<r><x/><x/></r>".utf8))
        }
        guard case .typeMismatch(_, let context)? = error else {
            Issue.record("expected a type mismatch, got \(String(describing: error))")
            return
        }
        #expect(context.debugDescription.hasPrefix("Expected to decode Element but found 2 elements instead"))
    }

    @Test func theEncoderRefusesWhatXMLCannotCarry() throws {
        struct Holder: Codable { var x: XMLTree.Element }
        let cases: [(XMLTree.Element, String)] = [
            (XMLTree.Element("1bad"), "\"1bad\" is not a valid XML name here"),
            (
                XMLTree.Element("x") { XMLTree.Element("y", attributes: ["a b": "1"]) },
                "x/y: \"a b\" is not a valid XML name here"
            ),
            (
                XMLTree.Element("x") { XMLTree.Node.comment("c") },
                "x: XMLEncoder cannot write comments or processing instructions"
            ),
            (XMLTree.Element("x", text: "\u{1}"), "x: U+1 cannot be represented in XML 1.0"),
        ]
        for (element, message) in cases {
            do {
                _ = try XMLEncoder().encodeToString(Holder(x: element), withRootKey: "r")
                Issue.record("expected an error for \(element)")
            } catch let EncodingError.invalidValue(_, context) {
                #expect(
                    context.debugDescription.localizedCaseInsensitiveContains(message), "\(context.debugDescription)")
            }
        }
    }

    // MARK: Through JSON

    @Test func anElementKeepsItsContentThroughJSON() throws {
        let feed = try XMLDecoder().decode(Feed.self, from: Data(Self.feed.utf8))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = try encoder.encode(feed)
        #expect(
            String(decoding: json, as: UTF8.self)
                == ##"{"entry":[{"content":{"content":{"@type":"xhtml","div":{"#content":["Hello ",{"b":"x"}," & ",{"i":"y"}],"@xmlns":"http:\/\/www.w3.org\/1999\/xhtml"}}},"title":"First"}]}"##
        )
        let back = try JSONDecoder().decode(Feed.self, from: json)
        let original = try feed.entry[0].content.xmlString()
        // The mapping carries no namespace URIs beyond the element's own declarations: the Atom
        // namespace of <content> was declared on <feed>.
        let expected =
            #"<content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">Hello <b>x</b> &amp; <i>y</i></div></content>"#
        #expect(try canonical(back.entry[0].content.xmlString()) == canonical(expected))
        #expect(original.contains(#"xmlns="http://www.w3.org/2005/Atom""#))
    }

    @Test func elementsOfSeveralNamesKeepTheirOrderThroughJSON() throws {
        let xml = """
            <book id="1" lang="en">
              <title>T</title>
              <author>A</author>
              <author>B</author>
              <note><![CDATA[<n>]]></note>
              <!-- not carried -->
              <empty/>
            </book>
            """
        let element = try XMLTree(parsing: xml).root
        let back = try JSONDecoder().decode(XMLTree.Element.self, from: try JSONEncoder().encode(element))
        let expected =
            #"<book id="1" lang="en"><title>T</title><author>A</author><author>B</author><note>&lt;n&gt;</note><empty></empty></book>"#
        #expect(try canonical(back.xmlString()) == canonical(expected))
        // One name: members, with the repeated elements as an array.
        let list = XMLTree.Element("list") {
            XMLTree.Element("i", text: "1")
            XMLTree.Element("i", attributes: ["k": "v"], text: "2")
        }
        let sorted = JSONEncoder()
        sorted.outputFormatting = .sortedKeys
        #expect(
            String(decoding: try sorted.encode(list), as: UTF8.self)
                == ##"{"list":{"i":["1",{"#text":"2","@k":"v"}]}}"##)
    }

    @Test func mixedContentAndPreservedWhiteSpaceThroughJSON() throws {
        let xml = #"<p>a <b>b</b> <i>c</i><pre xml:space="preserve"> <x/> </pre></p>"#
        let element = try XMLTree(parsing: xml).root
        let json = try JSONEncoder().encode([XMLTree.Node.element(element)])
        let back = try JSONDecoder().decode([XMLTree.Node].self, from: json)
        #expect(back.count == 1)
        #expect(try canonical(back[0].element?.xmlString() ?? "") == canonical(xml))
    }

    @Test func jsonInTheMappingFromAnotherWriterIsRead() throws {
        let json =
            ##"{"book": {"@id": 7, "title": "T", "author": ["A", "B"], "price": 12.5, "out": null, "new": true}}"##
        let book = try JSONDecoder().decode(XMLTree.Element.self, from: Data(json.utf8))
        #expect(book.attributes["id"] == "7")
        #expect(book["author"].elements.map(\.text) == ["A", "B"])
        #expect(book["title"].text == "T")
        #expect(book["price"].text == "12.5")
        #expect(book["out"].element == XMLTree.Element("out"))
        #expect(book["new"].text == "true")
    }

    @Test(arguments: [
        (##"{"a": "1", "b": "2"}"##, "found 2 members"),
        (##""text""##, "an object with one member"),
        (##"{"a": [[1]]}"##, "Nested arrays cannot be mapped to XML"),
        (##"{"a": {"#bogus": 1}}"##, "Unknown member \"#bogus\""),
        (##"{"a": {"@x": {"y": 1}}}"##, "The attribute \"x\" needs a string, number or boolean value"),
        (##"{"a": {"#content": "x"}}"##, "\"#content\" needs an array"),
        (##"{"a": {"#content": [{"b": 1, "c": 2}]}}"##, "must be a string or an object with one member"),
        (##"{"@a": "1"}"##, "\"@a\" cannot be an element name"),
        (##"{"a": ["1", "2"]}"##, "Expected one element <a> but found an array of 2"),
    ])
    func malformedJSONMappingIsAClearError(json: String, message: String) throws {
        let error = #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(XMLTree.Element.self, from: Data(json.utf8))
        }
        guard case .dataCorrupted(let context)? = error else {
            Issue.record("expected dataCorrupted, got \(String(describing: error))")
            return
        }
        #expect(context.debugDescription.contains(message), "\(context.debugDescription)")
    }

    @Test func aCommentNodeHasNoJSONForm() throws {
        #expect(throws: EncodingError.self) { try JSONEncoder().encode([XMLTree.Node.comment("c")]) }
    }

    @Test func textAroundManyEntityReferencesIsOneTextNode() throws {
        // Each reference is a text node of its own in the decoder's index; the captured element
        // joins the run into one text node, as the tree does.
        struct Holder: Decodable { var c: XMLTree.Element }
        let body = String(repeating: "a&e;", count: 2_000)
        let document = "<!DOCTYPE r [<!ENTITY e \"x\">]><r><c>\(body)<![CDATA[z]]>\(body)</c></r>"
        let captured = try XMLDecoder().decode(Holder.self, from: Data(document.utf8)).c
        let run = String(repeating: "ax", count: 2_000)
        #expect(captured.children == [.text(run), .cdata("z"), .text(run)])
        #expect(captured == (try XMLTree(parsing: document))["r"]["c"].element)
    }
}
