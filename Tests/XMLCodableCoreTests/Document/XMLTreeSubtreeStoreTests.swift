// Subtrees a model decodes (`XMLTree.Element` and `[XMLTree.Node]` properties) against the same
// elements read by `XMLTree(parsing:)`: for every element of the real-world fixtures and of
// documents made to hold what is hard (entities, CDATA, layout white space, namespaces declared
// above the subtree, `xmlns=""`, carriage returns), with and without `shouldProcessNamespaces`, the
// decoded element is equal to the parsed one with its comments, processing instructions and empty
// CDATA sections left out (the decoder's index keeps none), has the same name, attributes and children, and is written
// to the same bytes with every output option.

import Foundation
import Testing
@testable import XMLCodableCore

@Suite struct XMLTreeSubtreeStoreTests {
    /// The elements a walk decoded, each with where it is: (key, position) from the root.
    final class Collector {
        var elements: [(path: [(String, Int)], element: XMLTree.Element, content: [XMLTree.Node]?)] = []
    }

    static let collectorKey = CodingUserInfoKey(rawValue: "subtreeCollector")!

    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int?
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) {
            self.stringValue = "\(intValue)"
            self.intValue = intValue
        }
    }

    /// Decodes every element under every key of an element as `[XMLTree.Element]` (and, when the
    /// key names one element, its content as `[XMLTree.Node]`), then walks into each of them.
    struct Walker: Decodable {
        init(from decoder: any Decoder) throws {
            let collector = decoder.userInfo[XMLTreeSubtreeStoreTests.collectorKey] as! Collector
            var path: [(String, Int)] = []
            var pendingKey: String?
            for key in decoder.codingPath {
                if let position = key.intValue, let name = pendingKey {
                    path.append((name, position))
                    pendingKey = nil
                } else {
                    if let name = pendingKey { path.append((name, 0)) }
                    pendingKey = key.stringValue
                }
            }
            if let name = pendingKey { path.append((name, 0)) }
            guard let container = try? decoder.container(keyedBy: AnyKey.self) else { return }
            for key in container.allKeys where !key.stringValue.isEmpty {
                guard let elements = try? container.decode([XMLTree.Element].self, forKey: key) else { continue }
                let content = elements.count == 1 ? try? container.decode([XMLTree.Node].self, forKey: key) : nil
                for (position, element) in elements.enumerated() {
                    collector.elements.append((path + [(key.stringValue, position)], element, content))
                }
                if elements.count == 1 {
                    _ = try container.decode(Walker.self, forKey: key)
                } else {
                    _ = try container.decode([Walker].self, forKey: key)
                }
            }
        }
    }

    /// An element as the decoder's index has it: no comments or processing instructions, the text
    /// around them joined.
    static func withoutMarkup(_ element: XMLTree.Element) -> XMLTree.Element {
        var children: [XMLTree.Node] = []
        for node in element.children {
            switch node {
            case .comment, .processingInstruction:
                continue
            case .element(let child):
                children.append(.element(withoutMarkup(child)))
            case .text(let text):
                if case .text(let before)? = children.last {
                    children[children.count - 1] = .text(before + text)
                } else {
                    children.append(node)
                }
            case .cdata(let text):
                // The decoder's index keeps no empty CDATA section (the store keeps one with the
                // comments, which the decoder does not read).
                if !text.isEmpty { children.append(node) }
            }
        }
        return XMLTree.Element(element.name, attributes: element.attributes, children: children)
    }

    /// The element of `root` at `path`, matching names as the decoder's keys match them.
    static func element(at path: [(String, Int)], in root: XMLTree.Element, localNames: Bool) -> XMLTree.Element? {
        var current = root
        for (key, position) in path {
            let matching = current.elements.filter { (localNames ? $0.name.localName : $0.name.qualifiedName) == key }
            guard matching.indices.contains(position) else { return nil }
            current = matching[position]
        }
        return current
    }

    static let documents: [String] = [
        #"<r><extra a="1">x&amp;y<![CDATA[z]]>w<b c="&quot;">"# + "\n</b></extra></r>",
        """
        <!DOCTYPE r [<!ENTITY e "<b x='1'>in &amp; entity</b> tail"><!ENTITY t "text">
        <!ATTLIST k d CDATA "defaulted">]>
        <r xmlns:p="urn:p" xmlns="urn:default"><a>&e;</a><p:c p:at="v">before &t; after<![CDATA[]]>x<![CDATA[y]]><k/></p:c>
          <x xmlns=""><y/></x>
          <q:z xmlns:q="urn:q" q:a="1" b="2"><q:w>&#13;&#10;cr</q:w></q:z>
        </r>
        """,
        "<books>\n  <book id=\"1\">\n    <title>A</title>\n    <author>B</author>\n  </book>\n  <book id=\"2\">\r\n<title>C</title>  <!-- c -->\n <?pi d?>  <author>D</author></book>\n</books>",
        #"<doc xml:space="preserve"><m>  <n>  </n>  <n>x</n>  </m><e></e><e/></doc>"#,
        #"<a:r xmlns:a="urn:a" xmlns:b="urn:b"><a:s b:t="1"><b:u><a:v a:w="2">deep</a:v></b:u></a:s></a:r>"#,
    ]

    static func fixtures() throws -> [(String, Data)] {
        let directory = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures").appendingPathComponent("real-world")
        var found: [(String, Data)] = []
        let files = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
        while let url = files?.nextObject() as? URL {
            guard ["xml", "gpx", "kml", "svg"].contains(url.pathExtension) else { continue }
            found.append((url.lastPathComponent, try Data(contentsOf: url)))
        }
        #expect(found.count >= 10)
        let made = documents.enumerated().map { ("document \($0.offset)", Data($0.element.utf8)) }
        return found.sorted { $0.0 < $1.0 } + made
    }

    @Test(arguments: [false, true])
    func decodedSubtreesAreTheParsedElements(processNamespaces: Bool) throws {
        var compared = 0
        for (name, data) in try Self.fixtures() {
            let parsed = try XMLTree(parsing: data).root
            let collector = Collector()
            let decoder = XMLDecoder()
            decoder.shouldProcessNamespaces = processNamespaces
            decoder.trimValueWhitespaces = false
            decoder.userInfo[Self.collectorKey] = collector
            _ = try decoder.decode(Walker.self, from: data)
            // The root too, as a value at the top level.
            let root = try decoder.decode(XMLTree.Element.self, from: data)
            collector.elements.append(([], root, nil))
            #expect(collector.elements.count > 1, "\(name)")
            for (path, decoded, content) in collector.elements {
                let place = "\(name) \(path.map { "\($0.0)[\($0.1)]" }.joined(separator: "/"))"
                guard let found = Self.element(at: path, in: parsed, localNames: processNamespaces) else {
                    Issue.record("\(place): not in the parsed tree")
                    continue
                }
                let expected = Self.withoutMarkup(found)
                #expect(decoded == expected, "\(place)")
                #expect(decoded.name == expected.name, "\(place)")
                #expect(decoded.name.namespaceURI == expected.name.namespaceURI, "\(place)")
                #expect(decoded.attributes == expected.attributes, "\(place)")
                #expect(decoded.children == expected.children, "\(place)")
                #expect(decoded.text == expected.text, "\(place)")
                if let content { #expect(content == expected.children, "\(place)") }
                #expect(decoded.sourceLocation == nil, "\(place)")
                for (formatting, indentation) in StoredTreeWriterTests.formattings {
                    let written = StoredTreeWriterTests.written {
                        try decoded.xmlString(outputFormatting: formatting, prettyPrintIndentation: indentation)
                    }
                    let fromValues = StoredTreeWriterTests.written {
                        try expected.xmlString(outputFormatting: formatting, prettyPrintIndentation: indentation)
                    }
                    #expect(written == fromValues, "\(place) \(formatting)")
                }
                compared += 1
            }
        }
        #expect(compared > 450)
    }

    // MARK: The store

    struct Holder: Codable { var x: XMLTree.Element }

    @Test func aDecodedSubtreeIsAStoreOfItsOwn() throws {
        let xml = #"<r xmlns:p="urn:p" xmlns="urn:d"><x a="&lt;">t<p:y p:b="1">&amp;</p:y></x></r>"#
        let holder = try XMLDecoder().decode(Holder.self, from: Data(xml.utf8))
        guard case .stored(let store, let node) = holder.x.storage else {
            Issue.record("not stored: \(holder.x)")
            return
        }
        #expect(node == 0)
        #expect(store.isChecked)
        #expect(store.shouldProcessNamespaces)
        // Its slices are its own bytes, decoded: the document's were only borrowed.
        #expect(store.reader.input.withUncheckedBytes { $0.string } == "xa<tp:yp:b1&")
        #expect(holder.x.name == XMLTree.Name("x", namespaceURI: "urn:d"))
        #expect(holder.x["p:y"].element?.name.namespaceURI == "urn:p")
        // What its names need that was declared above it is declared where it is written.
        #expect(
            try holder.x.xmlString()
                == #"<x a="&lt;" xmlns="urn:d">t<p:y p:b="1" xmlns:p="urn:p">&amp;</p:y></x>"#)
        // Decoded again, from the store; its errors say it has no source position, as a value's did.
        struct Inner: Decodable { var a: Int }
        let error = #expect(throws: DecodingError.self) { try XMLDecoder().decode(Inner.self, from: holder.x) }
        guard case .dataCorrupted(let context)? = error else {
            Issue.record("expected dataCorrupted, got \(String(describing: error))")
            return
        }
        #expect(context.debugDescription.contains(XMLDecoderImpl.noSourcePosition), "\(context.debugDescription)")
    }

    @Test func contentIsTheStoredChildren() throws {
        struct Content: Codable { var x: [XMLTree.Node] }
        let content = try XMLDecoder().decode(Content.self, from: Data("<r><x>a<b/>\n  <c/><![CDATA[d]]></x></r>".utf8))
        #expect(
            content.x == [
                .text("a"), .element(XMLTree.Element("b")), .text("\n  "), .element(XMLTree.Element("c")), .cdata("d"),
            ])
        guard case .element(let b) = content.x[1], case .stored = b.storage else {
            Issue.record("not stored: \(content.x)")
            return
        }
        let empty = try XMLDecoder().decode(Content.self, from: Data("<r><x/></r>".utf8))
        #expect(empty.x.isEmpty)
    }

    @Test func aSubtreeOfAnElementBuiltInCodeIsCheckedWhenWritten() throws {
        // Names built in code were never read: the subtree's store says so, and the writer takes
        // the value path, which refuses the name, as it did when the subtree was made of values.
        let built = XMLTree.Element("r") { XMLTree.Element("x") { XMLTree.Element("bad name") } }
        let holder = try XMLDecoder().decode(Holder.self, from: built)
        guard case .stored(let store, _) = holder.x.storage else {
            Issue.record("not stored: \(holder.x)")
            return
        }
        #expect(!store.isChecked)
        #expect(throws: XMLTree.SerializationError.self) { try holder.x.xmlData() }
        // A parsed tree's element, decoded from, gives checked subtrees.
        let parsed = try XMLTree(parsing: "<r><x><y/></x></r>")
        guard case .stored(let checked, _) = try XMLDecoder().decode(Holder.self, from: parsed).x.storage else {
            Issue.record("not stored")
            return
        }
        #expect(checked.isChecked)
    }

    // MARK: Encoding a stored element

    struct ElementHolder: Encodable { var x: XMLTree.Element }
    struct ContentHolder: Encodable { var x: [XMLTree.Node] }

    /// What encoding gives: the text, or the error's message and coding path.
    static func encoded(_ encode: () throws -> String) -> String {
        do {
            return try encode()
        } catch let EncodingError.invalidValue(_, context) {
            return "error: \(context.debugDescription) at \(context.codingPath.map(\.stringValue))"
        } catch {
            return "error: \(error)"
        }
    }

    /// Checks that `element` (stored) is encoded as its values are: under a key, as content, and
    /// as the root, with each formatting, and with `rootAttributes` declared around it.
    static func expectEncodedAsValues(
        _ element: XMLTree.Element, rootAttributes: [String: String], formattings: [XMLEncoder.OutputFormatting],
        _ place: String
    ) {
        let values = StoredTreeWriterTests.parts(element)
        for formatting in formattings {
            let encoder = XMLEncoder()
            encoder.outputFormatting = formatting
            let pairs: [(String, () throws -> String, () throws -> String)] = [
                (
                    "key",
                    {
                        try encoder.encodeToString(
                            ElementHolder(x: element), withRootKey: "r", rootAttributes: rootAttributes)
                    },
                    {
                        try encoder.encodeToString(
                            ElementHolder(x: values), withRootKey: "r", rootAttributes: rootAttributes)
                    }
                ),
                (
                    "content",
                    {
                        try encoder.encodeToString(
                            ContentHolder(x: element.children), withRootKey: "r", rootAttributes: rootAttributes)
                    },
                    {
                        try encoder.encodeToString(
                            ContentHolder(x: values.children), withRootKey: "r", rootAttributes: rootAttributes)
                    }
                ),
                ("root", { try encoder.encodeToString(element) }, { try encoder.encodeToString(values) }),
            ]
            for (what, stored, fromValues) in pairs {
                #expect(encoded(stored) == encoded(fromValues), "\(place) \(what) \(formatting)")
            }
        }
    }

    @Test func storedElementsAreEncodedAsTheirValues() throws {
        let all: [XMLEncoder.OutputFormatting] = [
            [], .prettyPrinted, .sortedKeys, [.prettyPrinted, .sortedKeys], [.noEmptyElements, .prettyPrinted],
            .compactEmptyElements, [.compactEmptyElements, .sortedKeys, .prettyPrinted],
        ]
        var compared = 0
        for (name, data) in try Self.fixtures() {
            let tree = try XMLTree(parsing: data)
            var declarations: [String: String] = [:]
            for attribute in tree.root.attributes where attribute.name.qualifiedName.hasPrefix("xmlns") {
                declarations[attribute.name.qualifiedName] = attribute.value
            }
            // Every element of the parsed tree (comments and all), with the root's declarations
            // around it and without.
            var pending = [(tree.root, name)]
            while let (element, place) = pending.popLast() {
                let formattings = element == tree.root ? all : [[], [.prettyPrinted, .sortedKeys]]
                Self.expectEncodedAsValues(element, rootAttributes: [:], formattings: formattings, place)
                Self.expectEncodedAsValues(
                    element, rootAttributes: declarations, formattings: [[]], place + " declared")
                for (position, child) in element.elements.enumerated() {
                    pending.append((child, place + "/\(child.name.qualifiedName)[\(position)]"))
                }
                compared += 1
            }
            // The subtrees a model decodes (stores of their own), and encodeToTree's elements.
            let collector = Collector()
            let decoder = XMLDecoder()
            decoder.userInfo[Self.collectorKey] = collector
            _ = try decoder.decode(Walker.self, from: data)
            for (path, decoded, _) in collector.elements.prefix(60) {
                Self.expectEncodedAsValues(
                    decoded, rootAttributes: [:], formattings: [[], .prettyPrinted], "\(name) decoded \(path)")
            }
            // (A document with comments or processing instructions cannot be a model's subtree.)
            if let made = try? XMLEncoder().encodeToTree(ElementHolder(x: tree.root), withRootKey: "r") {
                Self.expectEncodedAsValues(made.root, rootAttributes: [:], formattings: all, "\(name) encodeToTree")
            }
        }
        #expect(compared > 450)
    }

    @Test func aCommentInAStoredSubtreeIsRefusedAtItsElement() throws {
        let tree = try XMLTree(parsing: "<a><b>x<![CDATA[]]>y<c><!-- no --></c></b><!-- later --></a>")
        let message = Self.encoded { try XMLEncoder().encodeToString(ElementHolder(x: tree.root), withRootKey: "r") }
        #expect(message.contains("a/b/c: XMLEncoder cannot write comments"), "\(message)")
        #expect(message.hasSuffix(#"at ["x"]"#), "\(message)")
        // Text around an empty CDATA section stays two texts, as the values have them.
        let b = try tree["a"]["b"].require()
        var withoutComment = b
        withoutComment.children.removeLast()
        let written = try XMLEncoder().encodeToString(ElementHolder(x: withoutComment), withRootKey: "r")
        #expect(written == "<r><b>xy</b></r>")
    }
}
