// The document model's writer on stored elements (XMLWriter+StoredTree.swift): the bytes written
// from a store's nodes are the bytes written from the same elements' values (every element turned
// into parts, which the writer writes through its values), for parsed documents, generated ones,
// `encodeToTree` trees and edited trees, with every output option; refusals too.

import Foundation
import Testing
@testable import XMLCodableCore

@Suite struct StoredTreeWriterTests {
    // MARK: The value path, for comparison

    /// The element with every element in it made of parts (values), so that the writer writes it
    /// through its values.
    static func parts(_ element: XMLTree.Element) -> XMLTree.Element {
        XMLTree.Element(
            element.name, attributes: element.attributes,
            children: element.children.map { node in
                if case .element(let child) = node { return .element(parts(child)) }
                return node
            })
    }

    static func parts(_ tree: XMLTree) -> XMLTree {
        var tree = tree
        tree.root = parts(tree.root)
        return tree
    }

    /// Every output option the tree's writer reads, in every combination, with three indentations.
    static let formattings: [(XMLEncoder.OutputFormatting, XMLEncoder.PrettyPrintIndentation)] = {
        let options: [XMLEncoder.OutputFormatting] = [
            .prettyPrinted, .sortedKeys, .noEmptyElements, .compactEmptyElements,
        ]
        var all: [(XMLEncoder.OutputFormatting, XMLEncoder.PrettyPrintIndentation)] = []
        for mask in 0..<(1 << options.count) {
            var formatting = XMLEncoder.OutputFormatting()
            for (bit, option) in options.enumerated() where mask & (1 << bit) != 0 { formatting.insert(option) }
            all.append((formatting, .spaces(4)))
            if formatting.contains(.prettyPrinted) {
                all.append((formatting, .tabs(1)))
                all.append((formatting, .spaces(0)))
            }
        }
        return all
    }()

    /// What writing gives: the text, or the error's description.
    static func written(_ write: () throws -> String) -> String {
        do { return try write() } catch { return "error: \(error)" }
    }

    /// Checks that `tree` and each element in it (written on its own) are written alike from the
    /// store and from values, with every formatting.
    static func expectSameAsValues(
        _ tree: XMLTree, _ comment: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let values = parts(tree)
        var elements: [XMLTree.Element] = []
        var pending = [tree.root]
        while let element = pending.popLast() {
            elements.append(element)
            pending += element.elements
        }
        for (formatting, indentation) in formattings {
            let stored = written {
                try tree.xmlString(outputFormatting: formatting, prettyPrintIndentation: indentation)
            }
            let expected = written {
                try values.xmlString(outputFormatting: formatting, prettyPrintIndentation: indentation)
            }
            #expect(stored == expected, "\(comment) \(formatting)", sourceLocation: sourceLocation)
            for element in elements.prefix(40) {
                let stored = written {
                    try element.xmlString(outputFormatting: formatting, prettyPrintIndentation: indentation)
                }
                let expected = written {
                    try parts(element).xmlString(outputFormatting: formatting, prettyPrintIndentation: indentation)
                }
                #expect(
                    stored == expected, "\(comment) <\(element.name)> \(formatting)", sourceLocation: sourceLocation)
            }
        }
    }

    // MARK: Documents

    static let documents: [String] = [
        "<a/>",
        "<a></a>",
        "<a>text</a>",
        "<a>A &amp; B &lt;c&gt; &quot;q&quot; &apos;s&apos; &#65;&#x42;</a>",
        "<a>line\r\nend\rcr &#13; &#xD;x</a>",
        "<a b=\"tab&#9;nl&#10;cr&#13;\" c='line\nend' d=\"&lt;&amp;&gt;&quot;'\"/>",
        "<a><![CDATA[x]]]]><![CDATA[>y <not markup> & ]]><![CDATA[]]><b/></a>",
        "<a><![CDATA[cr\r\nlf]]></a>",
        "<a><!-- a comment --><?target some data?><?bare?></a>",
        "<?pi before?><!-- c --><a><b/></a><!-- after --><?pi after?>",
        "<r><z/><y x='1'/><z>2</z><a/><y/></r>",
        "<r z='1' a='2' m='3' xmlns:p='urn:p' p:b='4'><c/><b/><a><d/><c/></a></r>",
        "<r>mixed <b>bold</b> and <i>italic</i> text</r>",
        "<r>\n  <a>1</a>\n  <b>2</b>\n</r>",
        "<r><a/><!-- between --><b/></r>",
        "<r><!-- only markup --><?p d?></r>",
        "<r><a><![CDATA[]]></a><b><c/><![CDATA[]]></b></r>",
        "<r xml:space='preserve'><a> <b/> </a><c xml:space='default'><d><e/></d></c><f><g/></f></r>",
        "<r><a xml:space='preserve'><b><c/></b></a><a xml:space='&#112;reserve'><b><c/></b></a></r>",
        "<r xmlns='urn:default'><a><b xmlns=''><c/></b></a></r>",
        "<r xmlns:p='urn:p' xmlns:q='urn:q'><p:a q:x='1' p:y='2'><q:b/></p:a><p:c xmlns:p='urn:other'><p:d/></p:c></r>",
        "<p:r xmlns:p='urn:p'><p:a xml:lang='en' xmlns='urn:d'><b p:z='1'/></p:a></p:r>",
        "<r xmlns:a='urn:same' xmlns:b='urn:same'><a:x b:y='1'/><b:x a:y='2'/></r>",
        "<é><e\u{301}/><z/><é/><a/><ä b='1' à='2' a='3'/></é>",
        "<r><a>\u{1F600} émoji</a><b ä='ö'>日本語</b></r>",
        """
        <!DOCTYPE r [
          <!ENTITY e "entity &amp; text">
          <!ENTITY el "<x a='1'>inside</x><y/>">
          <!ATTLIST r def CDATA "defaulted" tok NMTOKENS " a  b ">
          <!ATTLIST x extra CDATA "from dtd">
        ]>
        <r tok=" c   d ">&e; and &el; end</r>
        """,
        "<r><a><b><c><d><e><f><g>deep</g></f></e></d></c></b></a></r>",
        "<r>]]&gt; in text and &amp;amp;</r>",
        "<r a='&#x20AC;&#128512;'>&#x20AC;&#128512;</r>",
    ]

    @Test(arguments: 0..<documents.count)
    func parsedDocumentsAreWrittenAsTheirValues(number: Int) throws {
        for namespaces in [true, false] {
            var options = XMLReader.Options()
            options.shouldProcessNamespaces = namespaces
            let tree = try XMLTree(parsing: Self.documents[number], options: options)
            Self.expectSameAsValues(tree, "document \(number), namespaces \(namespaces)")
        }
    }

    @Test func realWorldDocumentsAreWrittenAsTheirValues() throws {
        let directory = RealWorldFixture.directory
        let files =
            FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension != "md" && !$0.hasDirectoryPath } ?? []
        #expect(files.count > 10)
        for file in files {
            let data = try Data(contentsOf: file)
            guard (try? XMLTree(parsing: data)) != nil else { continue }
            Self.expectSameAsValues(try XMLTree(parsing: data), file.lastPathComponent)
        }
    }

    /// A generator of documents: nested elements with namespaces, attributes, text that needs
    /// escaping, CDATA, comments and processing instructions, from a seed.
    struct Generator {
        var state: UInt64

        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }

        mutating func pick<T>(_ items: [T]) -> T { items[next(items.count)] }

        mutating func document() -> String {
            var out = ""
            element(depth: 0, into: &out)
            return out
        }

        mutating func element(depth: Int, into out: inout String) {
            let name = pick(["a", "b", "c", "p:d", "q:e", "f", "é", "p:a"])
            out += "<" + name
            if depth == 0 || next(4) == 0 { out += " xmlns:p='urn:\(pick(["p", "x"]))'" }
            if depth == 0 || next(6) == 0 { out += " xmlns:q='urn:q'" }
            if next(5) == 0 { out += " xmlns='urn:\(pick(["d", "e"]))'" }
            if next(8) == 0 { out += " xml:space='\(pick(["preserve", "default"]))'" }
            var used = Set<String>()
            for _ in 0..<next(4) {
                let attribute = pick(["z", "y", "p:x", "q:w", "m", "ä"])
                guard used.insert(attribute).inserted else { continue }
                out += " \(attribute)='\(pick(["1", "a&amp;b", "&lt;&quot;", "tab&#9;x", "", "ü"]))'"
            }
            let count = depth > 5 ? 0 : next(5)
            if count == 0, next(2) == 0 {
                out += "/>"
                return
            }
            out += ">"
            for _ in 0..<count {
                switch next(10) {
                case 0: out += pick(["text", " ", "a&amp;b", "x]]&gt;y", "\n  ", "&#13;"])
                case 1: out += "<![CDATA[\(pick(["c", "", "]]]]><![CDATA[>", "<&>"]))]]>"
                case 2: out += "<!--\(pick([" note ", ""]))-->"
                case 3: out += "<?pi \(pick(["data", ""]))?>"
                default: element(depth: depth + 1, into: &out)
                }
            }
            out += "</\(name)>"
        }
    }

    @Test func generatedDocumentsAreWrittenAsTheirValues() throws {
        var generator = Generator(state: 2026)
        for number in 0..<60 {
            let document = generator.document()
            for namespaces in [true, false] {
                var options = XMLReader.Options()
                options.shouldProcessNamespaces = namespaces
                guard let tree = try? XMLTree(parsing: document, options: options) else { continue }
                Self.expectSameAsValues(tree, "generated \(number) \(document)")
            }
        }
    }

    // MARK: Trees of other origins

    struct Book: Codable {
        @Attribute var id: Int
        var title: String
        var note: String?
        var tags: [String]
    }

    struct Shelf: Codable {
        var name: String
        var book: [Book]
    }

    @Test func encodeToTreeTreesAreWrittenAsTheirValues() throws {
        let shelf = Shelf(
            name: "A & <B>",
            book: [
                Book(id: Attribute(2), title: "Tab\tand ]]> end\r\n", note: nil, tags: ["x", "y"]),
                Book(id: Attribute(1), title: "", note: "é", tags: []),
            ])
        for formatting in [XMLEncoder.OutputFormatting(), .sortedKeys, .compactEmptyElements] {
            let encoder = XMLEncoder()
            encoder.outputFormatting = formatting
            let tree = try encoder.encodeToTree(shelf, withRootKey: "shelf")
            Self.expectSameAsValues(tree, "encodeToTree \(formatting)")
        }
        let encoder = XMLEncoder()
        encoder.stringEncodingStrategy = .cdata
        Self.expectSameAsValues(try encoder.encodeToTree(shelf, withRootKey: "shelf"), "encodeToTree CDATA")
        encoder.stringEncodingStrategy = .deferredToString
        let namespaced = try encoder.encodeToTree(
            shelf, withRootKey: "s:shelf", rootAttributes: ["xmlns:s": "urn:s", "xmlns": "urn:d"])
        Self.expectSameAsValues(namespaced, "encodeToTree with namespaces")
    }

    @Test func editedTreesWriteTheirStoredChildrenAsValues() throws {
        let document = "<r xmlns:p='urn:p'><p:a x='1'><b>text &amp; more</b><!-- c --></p:a><c><d/><p:e/></c></r>"
        var tree = try XMLTree(parsing: document)
        // The root edited (parts), its children still stored.
        tree.root.attributes["added"] = "1"
        Self.expectSameAsValues(tree, "root edited")
        // A stored child replaced, and one stored child's child edited.
        tree.root.children.append(.element(XMLTree.Element("new", text: "n")))
        if case .element(var first) = tree.root.children[0] {
            first.children.insert(.text("before "), at: 0)
            tree.root.children[0] = .element(first)
        }
        Self.expectSameAsValues(tree, "children edited")
    }

    @Test func storedSubtreesDeclareTheirPrefixesUnderAnotherParent() throws {
        let source = try XMLTree(
            parsing: "<r xmlns='urn:d' xmlns:p='urn:p'><p:a q:x='1' xmlns:q='urn:q'><b p:y='2'/></p:a></r>")
        let taken = try #require(source.root.elements.first)
        let parents = [
            XMLTree.Element("host"),
            XMLTree.Element("host", attributes: [XMLTree.Attribute(XMLTree.Name("xmlns:p"), value: "urn:other")]),
            XMLTree.Element("host", attributes: [XMLTree.Attribute(XMLTree.Name("xmlns"), value: "urn:d")]),
            XMLTree.Element(XMLTree.Name("p:host", namespaceURI: "urn:p")),
        ]
        for parent in parents {
            var host = parent
            host.children = [.element(taken), .element(taken)]
            let tree = XMLTree(root: host)
            Self.expectSameAsValues(tree, "under \(parent.name)")
        }
        // A subtree of one stored document put into another stored document.
        var target = try XMLTree(parsing: "<t xmlns:p='urn:elsewhere'><slot/></t>")
        target.root.children.append(.element(taken))
        Self.expectSameAsValues(target, "into another document")
        // Written on its own: the declarations of its ancestors' prefixes are added.
        #expect(
            try taken.xmlString()
                == "<p:a q:x=\"1\" xmlns:q=\"urn:q\" xmlns:p=\"urn:p\"><b p:y=\"2\" xmlns=\"urn:d\"/></p:a>")
    }

    @Test func storesReadWithoutNamespacesAreCheckedWhenWrittenWithThem() throws {
        var options = XMLReader.Options()
        options.shouldProcessNamespaces = false
        let tree = try XMLTree(parsing: "<a:b:c><p:x/><xmlns:y/></a:b:c>", options: options)
        // Written as read: names are names.
        #expect(try tree.xmlString() == "<a:b:c><p:x/><xmlns:y/></a:b:c>")
        // Written on its own (with namespace checks), each is refused as its values are.
        for element in [tree.root] + tree.root.elements {
            let stored = Self.written { try element.xmlString() }
            #expect(stored.hasPrefix("error: "))
            #expect(stored == Self.written { try Self.parts(element).xmlString() })
        }
    }

    @Test func deepStoredTreesAreWrittenWithoutRecursion() throws {
        let depth = XMLTree.maxDepth - 1
        let document = String(repeating: "<a>", count: depth) + "x" + String(repeating: "</a>", count: depth)
        var options = XMLReader.Options()
        options.limits.maxDepth = XMLTree.maxDepth
        let tree = try XMLTree(parsing: document, options: options)
        #expect(try tree.xmlString() == document)
        let pretty = try tree.xmlString(outputFormatting: [.prettyPrinted, .sortedKeys])
        #expect(pretty.utf8.count > document.utf8.count)
    }
}
