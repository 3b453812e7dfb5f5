// The options of the generated source (root name, prefix, optionals, let, public), its header,
// its stability, and errors for bad input.

import Testing
import XMLCodableCore
import XMLModelInference

@Suite("Model inference options and errors")
struct InferenceOptionsTests {
    static let sample = """
        <books>
          <book id="1"><title>A</title></book>
          <book id="2"><title>B</title><year>2001</year></book>
        </books>
        """

    @Test func theHeaderNamesTheSamplesAndTheRootKey() throws {
        let source = try generate(Self.sample, "<books/>")
        #expect(
            source.hasPrefix(
                """
                // Codable models for <books> documents, inferred from 2 samples
                // (7 elements in all):
                //   sample1.xml
                //   sample2.xml
                //
                // Decode with `XMLDecoder().decode(Books.self, from: data)` and encode with
                // `XMLEncoder().encode(value, withRootKey: "books")`:
                // no coder settings are needed.
                // Inferred from samples, not from a schema: check optionals and types against your documents.

                import XMLCodable

                struct Books: Codable, Equatable {
                    var book: [Book]
                }
                """))
    }

    @Test func rootNamePrefixOptionalsLetAndPublic() throws {
        let options = SwiftModelOptions(
            rootTypeName: "Catalog", typePrefix: "API", optionalEverywhere: true, declaration: .let,
            accessLevel: .public)
        let source = try declarations(Self.sample, options: options)
        #expect(
            source == """
                public struct Catalog: Codable, Equatable {
                    public let book: [APIBook]?

                    public init(book: [APIBook]?) {
                        self.book = book
                    }
                }

                public struct APIBook: Codable, Equatable {
                    @Attribute public var id: Int?
                    public let title: String?
                    public let year: Int?

                    public init(id: Int?, title: String?, year: Int?) {
                        self._id = Attribute(id)
                        self.title = title
                        self.year = year
                    }
                }

                """)
    }

    @Test func theRootTypeNameIsReported() throws {
        var inferrer = XMLSampleInferrer()
        try inferrer.add(XMLReader(Self.sample), sampleName: "books.xml")
        let model = try inferrer.model()
        #expect(model.rootTypeName() == "Books")
        #expect(model.rootTypeName(options: SwiftModelOptions(typePrefix: "My")) == "MyBooks")
        #expect(model.rootElementName == "books")
        #expect(model.sampleNames == ["books.xml"])
        #expect(model.elementCount == 6)
    }

    @Test func theSameInputGivesTheSameSource() throws {
        let sample = #"<r b="1" a="2" xmlns:p="urn:p"><p:z>1</p:z><y/><x>t<q/></x><w><w/></w></r>"#
        let first = try generate(sample, sample)
        for _ in 0..<5 {
            #expect(try generate(sample, sample) == first)
        }
    }

    @Test(arguments: [
        ("<a><b></a>", 1, 7),
        ("<a>", 1, 4),
        ("<a></a><b/>", 1, 8),
        ("<a x='1' x='2'/>", 1, 10),
        ("", 1, 1),
    ])
    func malformedSamplesThrowWithTheirPlace(sample: String, line: Int, column: Int) throws {
        var inferrer = XMLSampleInferrer()
        do {
            try inferrer.add(XMLReader(sample), sampleName: "bad.xml")
            Issue.record("no error for \(sample)")
        } catch {
            guard case .malformed(let name, let parsingError) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(name == "bad.xml")
            #expect(parsingError.line == line)
            #expect(parsingError.column == column)
            #expect(error.description.hasPrefix("bad.xml: \(line):\(column): error: "))
        }
        #expect(throws: XMLModelInferenceError.noSamples) { try inferrer.model() }
    }

    @Test func aMalformedSampleLeavesTheEarlierOnes() throws {
        var inferrer = XMLSampleInferrer()
        try inferrer.add(XMLReader("<a><b>1</b></a>"), sampleName: "good.xml")
        #expect(throws: XMLModelInferenceError.self) { try inferrer.add(XMLReader("<a><c>"), sampleName: "bad.xml") }
        let source = try inferrer.model().swiftSource()
        #expect(source.contains("struct A: Codable, Equatable {\n    var b: Int\n}"))
        #expect(!source.contains("var c"))
    }

    @Test func samplesWithDifferentRootsAreRefused() throws {
        var inferrer = XMLSampleInferrer()
        try inferrer.add(XMLReader("<a/>"), sampleName: "one.xml")
        #expect(throws: XMLModelInferenceError.differentRoot(sampleName: "two.xml", expected: "a", found: "b")) {
            try inferrer.add(XMLReader("<b/>"), sampleName: "two.xml")
        }
    }

    @Test func noSamplesIsAnError() {
        #expect(throws: XMLModelInferenceError.noSamples) { try XMLSampleInferrer().model() }
    }

    @Test func aLongChainOfElementNamesRendersWithoutRecursion() throws {
        // <e0><e1 a="1"/></e0><e1><e2 a="1"/></e1>…: no element is more than two levels deep, but
        // the shapes form a chain of 20,000 structs, each holding the next by value.
        let chain = (0..<20_000).map { #"<e\#($0)><e\#($0 + 1) a="1"/></e\#($0)>"# }.joined()
        let source = try generate("<r>" + chain + "</r>")
        let last = "struct E19999: Codable, Equatable {\n    @Attribute var a: Int?\n    var e20000: E20000?\n}"
        #expect(source.contains(last))
    }

    @Test func nestingBeyondTheReadersLimitIsAnErrorNotACrash() {
        let deep = String(repeating: "<a>", count: 10_000) + String(repeating: "</a>", count: 10_000)
        var inferrer = XMLSampleInferrer()
        #expect(throws: XMLModelInferenceError.self) { try inferrer.add(XMLReader(deep), sampleName: "deep.xml") }
    }
}

@Suite("The generated header's width")
struct HeaderWidthTests {
    @Test func aLongSamplePathIsWrappedAt120Columns() throws {
        let folder = (1...12).map { "folder-number-\($0)" }.joined(separator: "/")
        let name = folder + "/" + String(repeating: "x", count: 130) + ".xml"
        var inferrer = XMLSampleInferrer()
        try inferrer.add(XMLReader("<a/>"), sampleName: name)
        let source = try inferrer.model().swiftSource()
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.allSatisfy { $0.count <= 120 })
        let pathLines = lines.dropFirst(2).prefix { $0 != "//" }
        #expect(pathLines.first?.hasPrefix("//   folder-number-1/") == true)
        #expect(pathLines.dropFirst().allSatisfy { $0.hasPrefix("//     ") })
        // The pieces, put together, are the path.
        let joined = pathLines.enumerated().map { $0.element.dropFirst($0.offset == 0 ? 5 : 7) }.joined()
        #expect(joined == name)
        // The same input wraps the same way.
        var again = XMLSampleInferrer()
        try again.add(XMLReader("<a/>"), sampleName: name)
        #expect(try again.model().swiftSource() == source)
    }

    @Test func aLongRootNameWrapsAtSpaces() throws {
        let uri = "urn:" + String(repeating: "long-namespace-", count: 5)
        let source = try generate("<a xmlns='\(uri)'/>")
        for line in source.split(separator: "\n") { #expect(line.count <= 120, "\(line)") }
        #expect(source.hasPrefix("// Codable models for <{\(uri)}a> documents,\n//   inferred from 1 sample\n"))
        #expect(source.contains("// `XMLEncoder().encode(value, withRootKey:\n//   \"{\(uri)}a\")`:\n"))
    }
}
