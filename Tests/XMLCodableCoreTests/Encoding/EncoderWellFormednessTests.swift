// Every encoded document is XML: a representative corpus (models, every output option, header and
// DOCTYPE, root attributes, xsi:nil, CDATA, escaping, and generated values) is read to the end by
// the project's own XMLReader and checked by `xmllint --noout` when xmllint is installed.

import Foundation
import Testing
@testable import XMLCodableCore
import XMLCodableTestSupport

enum EncodedCorpus {
    /// About sixty documents, each labelled with what produced it.
    static func documents() throws -> [(label: String, xml: String)] {
        var documents: [(String, String)] = []
        func add<T: Encodable>(
            _ label: String, _ value: T, rootKey: String? = "root", rootAttributes: [String: String]? = nil,
            header: XMLHeader? = nil, doctype: XMLDocumentType? = nil, configure: (XMLEncoder) -> Void = { _ in }
        ) throws {
            documents.append(
                (
                    label,
                    try encodeXML(
                        value, rootKey: rootKey, rootAttributes: rootAttributes, header: header, doctype: doctype,
                        configure: configure)
                ))
        }
        let employee = ModelEmployee(name: "Ada", age: 36, id: 7, company: "A & B", skills: ["x", "<y>"])
        try add("catalog", sampleModelCatalog, rootKey: "books")
        try add(
            "catalog pretty sorted", sampleModelCatalog, rootKey: "books",
            configure: { $0.outputFormatting = [.prettyPrinted, .sortedKeys] })
        try add(
            "catalog tabs noEmpty", sampleModelCatalog, rootKey: "books",
            configure: {
                $0.outputFormatting = [.prettyPrinted, .noEmptyElements]; $0.prettyPrintIndentation = .tabs(1)
            })
        try add(
            "catalog cdata", sampleModelCatalog, rootKey: "books", configure: { $0.stringEncodingStrategy = .cdata })
        try add(
            "catalog header doctype", sampleModelCatalog, rootKey: "books",
            header: XMLHeader(version: 1.0, encoding: "UTF-8", standalone: "yes"),
            doctype: .system(rootElement: "books", dtdLocation: "books.dtd"))
        try add(
            "public doctype", sampleModelCatalog, rootKey: "html", header: XMLHeader(version: 1.0),
            doctype: .public(
                rootElement: "html", dtdName: "-//W3C//DTD XHTML 1.0 Strict//EN",
                dtdLocation: "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd")
        )
        try add("employee", employee, rootKey: "employee")
        try add("employee xsi", employee, rootKey: "employee", configure: { $0.nilEncodingStrategy = .xsiNil })
        try add(
            "customer", ModelCustomer(id: 1, fullName: "Ann", street: "x", city: "y", vip: true), rootKey: "customer")
        try add("route", ModelRoute(name: "r", stops: [(1, 2), (3, 4)]), rootKey: "route")
        try add(
            "root attributes", sampleModelCatalog, rootKey: "books",
            rootAttributes: ["xmlns": "urn:books", "xmlns:x": "urn:x", "x:version": "2", "note": "a&b<c\"d'\t\n\r"])
        try add(
            "xsi nil",
            GenOptionals(
                s: nil, i: nil, d: nil, b: nil, u: nil, a: Attribute(nil), n: Attribute(nil), inner: nil,
                ints: [1, nil], doubles: [nil], list: nil, matrix: nil), configure: { $0.nilEncodingStrategy = .xsiNil }
        )
        try add("top-level nil xsi", Int?.none, configure: { $0.nilEncodingStrategy = .xsiNil })
        try add(
            "empty elements",
            GenOptionals(
                s: nil, i: nil, d: nil, b: nil, u: nil, a: Attribute(nil), n: Attribute(nil), inner: nil,
                ints: [], doubles: [], list: nil, matrix: nil), configure: { $0.nilEncodingStrategy = .emptyElement })
        try add("top-level scalar", "just text & more", rootKey: nil)
        try add("top-level array", [[1, 2], [3]], rootKey: nil)
        try add("dictionary", ["b": ["x": 1], "a": ["y": 2]], configure: { $0.outputFormatting = .sortedKeys })
        try add(
            "iso dates", [Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: -1.5)],
            configure: { $0.dateEncodingStrategy = .iso8601 })
        try add(
            "non-conforming floats", [Double.infinity, -.infinity, .nan, 0],
            configure: {
                $0.nonConformingFloatEncodingStrategy = .convertToString(
                    positiveInfinity: "INF", negativeInfinity: "-INF", nan: "NaN")
            })
        try add("snake keys", sampleModelCatalog, configure: { $0.keyEncodingStrategy = .convertToSnakeCase })
        try add(
            "cdata terminators", ["]]>", "a]]>b]]>c", "]]]]>>", "\r]]>\n"],
            configure: { $0.stringEncodingStrategy = .cdata })
        try add("escapes", ["&<>\"'\t\n\r", "&amp;", "\u{FFFD}\u{10FFFF}\u{85}\u{2028}"])
        try add("attribute escapes", GenInner(a: Attribute("&<>\"'\t\n\r \r\n"), t: "\t\n\r"))
        try add("unicode names", ["日本": 1, "é\u{300}": 2, "_x-y.z": 3, "Ωmega": 4])
        var rng = SplitMix64(seed: 0xC0FF_EE00)
        for index in 0..<12 {
            let settings = propertyEncoderSettings[index % propertyEncoderSettings.count]
            try add("generated text \(index) \(settings.0)", Gen.text(&rng), configure: settings.1)
        }
        for index in 0..<6 { try add("generated numbers \(index)", Gen.numbers(&rng)) }
        for index in 0..<6 {
            try add(
                "generated optionals \(index)", Gen.optionals(&rng), configure: { $0.nilEncodingStrategy = .xsiNil })
        }
        for index in 0..<6 {
            try add("generated nested \(index)", Gen.nested(&rng), configure: { $0.outputFormatting = .prettyPrinted })
        }
        for index in 0..<4 {
            try add("generated dates \(index)", Gen.dates(&rng), configure: { $0.dateEncodingStrategy = .iso8601 })
        }
        return documents
    }
}

@Suite struct EncoderWellFormednessTests {
    @Test func corpusIsLargeEnough() throws {
        #expect(try EncodedCorpus.documents().count >= 50)
    }

    @Test func xmlReaderReadsEveryDocumentToTheEnd() throws {
        for (label, xml) in try EncodedCorpus.documents() {
            if let error = readerError(xml) {
                Issue.record("\(label): XMLReader rejects \(xml.debugDescription): \(error)")
            }
        }
    }

    @Test(
        .enabled(
            if: XMLLint.isAvailable,
            "xmllint is not installed (install libxml2-utils); skipping the xmllint check of encoded documents"))
    func xmllintAcceptsEveryDocument() throws {
        let documents = try EncodedCorpus.documents()
        let complaints = try XMLLint.check(documents.map(\.xml))
        #expect(complaints.count == documents.count)
        for (document, complaint) in zip(documents, complaints) {
            if let complaint {
                Issue.record("\(document.label): xmllint rejects \(document.xml.debugDescription):\n\(complaint)")
            }
        }
    }

    /// xmllint does reject broken XML, so its silence above means something.
    @Test(.enabled(if: XMLLint.isAvailable, "xmllint is not installed (install libxml2-utils)"))
    func xmllintRejectsBrokenXML() throws {
        let complaints = try XMLLint.check(["<a><b></a>", "<a x=\"1\" x=\"2\"/>", "<a>\u{1}</a>", "<a/>"])
        #expect(complaints[0] != nil)
        #expect(complaints[1] != nil)
        #expect(complaints[2] != nil)
        #expect(complaints[3] == nil)
    }
}
