// Real-world models: the SpreadsheetML parts of an .xlsx (xl/workbook.xml, a worksheet,
// xl/sharedStrings.xml, xl/styles.xml), modelled as a CoreXLSX-style reader would with XMLCoder's
// API: plain properties with `CodingKeys` (the realistic cell, `r`, `s`, `t`, `f`, `v`, `is`, all
// optional), the relationship id of a sheet as `case relationship = "r:id"`, and decoding with
// `shouldProcessNamespaces = true`, as that client does. Attribute placement for encoding comes
// from `DynamicNodeEncoding` (such a client only reads; writing needs the placement said).
//
// Each part is decoded from its fixture and compared with the value written out in full, encoded
// back and compared with the fixture in canonical form, and sent through JSON.
//
// The workbook tests named "…WithNamespaceProcessing…" depend on the rule that, under
// `shouldProcessNamespaces`, a prefixed attribute key (`"r:id"`) matches the attribute with that
// qualified name: they fail until that rule is in the decoder. The same model decodes the same
// document without namespace processing in `workbookDecodesWithoutNamespaceProcessing`.

import Foundation
import Testing
import XMLCodableCore
import XMLCodableTestSupport

private let spreadsheetNamespace = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
private let relationshipsNamespace = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"

/// A SpreadsheetML type that says which of its keys are attributes; the others are elements.
private protocol SpreadsheetNode: DynamicNodeEncoding, DynamicNodeDecoding {
    static var attributeKeys: Set<String> { get }
}

extension SpreadsheetNode {
    static func nodeEncoding(for key: any CodingKey) -> XMLEncoder.NodeEncoding {
        attributeKeys.contains(key.stringValue) ? .attribute : .element
    }

    static func nodeDecoding(for key: any CodingKey) -> XMLDecoder.NodeDecoding {
        attributeKeys.contains(key.stringValue) ? .attribute : .element
    }
}

/// `<x val="…"/>`: SpreadsheetML's many one-attribute elements (`sz`, `rFont`, `family`, …).
private struct Val<Value: Codable & Equatable & Sendable>: Codable, Equatable, Sendable, AttributesAndText {
    var val: Value
    init(_ val: Value) { self.val = val }
}

/// `<color rgb="FFFF0000"/>` or `<color theme="1"/>`.
private struct Color: Codable, Equatable, AttributesAndText {
    var rgb: String?
    var theme: Int?
}

// MARK: - xl/workbook.xml

private struct Workbook: Codable, Equatable {
    var fileVersion: FileVersion?
    var workbookPr: WorkbookProperties?
    var bookViews: BookViews?
    var sheets: Sheets
    var definedNames: DefinedNames?
    var calcPr: CalculationProperties?

    struct FileVersion: Codable, Equatable, AttributesAndText {
        var appName: String?
        var lastEdited: String?
        var lowestEdited: String?
        var rupBuild: String?
    }

    struct WorkbookProperties: Codable, Equatable, AttributesAndText {
        var defaultThemeVersion: Int?
    }

    struct BookViews: Codable, Equatable {
        var workbookView: [WorkbookView]
    }

    struct WorkbookView: Codable, Equatable, AttributesAndText {
        var xWindow: Int?
        var yWindow: Int?
        var windowWidth: Int?
        var windowHeight: Int?
        var activeTab: Int?
    }

    struct Sheets: Codable, Equatable {
        var items: [Sheet]
        enum CodingKeys: String, CodingKey { case items = "sheet" }
    }

    /// A sheet as CoreXLSX models it: the relationship id under the key `"r:id"`.
    struct Sheet: Codable, Equatable, DynamicNodeEncoding {
        var name: String
        var id: Int
        var state: String?
        var relationship: String

        enum CodingKeys: String, CodingKey {
            case name
            case id = "sheetId"
            case state
            case relationship = "r:id"
        }

        static func nodeEncoding(for key: any CodingKey) -> XMLEncoder.NodeEncoding { .attribute }
    }

    struct DefinedNames: Codable, Equatable {
        var definedName: [DefinedName]
    }

    struct DefinedName: Codable, Equatable, AttributesAndText {
        var name: String
        var localSheetId: Int?
        var value: String
        enum CodingKeys: String, CodingKey {
            case name, localSheetId
            case value = ""
        }
    }

    struct CalculationProperties: Codable, Equatable, AttributesAndText {
        var calcId: Int?
    }
}

/// A client that reads only the sheet list, with the relationship id optional.
private struct SheetList: Codable, Equatable {
    var sheets: Sheets

    struct Sheets: Codable, Equatable {
        var sheet: [Sheet]
    }

    struct Sheet: Codable, Equatable {
        var name: String
        var relationship: String?

        enum CodingKeys: String, CodingKey {
            case name
            case relationship = "r:id"
        }
    }
}

// MARK: - xl/worksheets/sheet1.xml

private struct Worksheet: Codable, Equatable {
    var dimension: Dimension?
    var sheetViews: SheetViews?
    var sheetFormatPr: SheetFormatProperties?
    var cols: Columns?
    var sheetData: SheetData
    var pageMargins: PageMargins?

    struct Dimension: Codable, Equatable, AttributesAndText {
        var ref: String
    }

    struct SheetViews: Codable, Equatable {
        var sheetView: [SheetView]
    }

    struct SheetView: Codable, Equatable, SpreadsheetNode {
        static let attributeKeys: Set<String> = ["tabSelected", "workbookViewId"]
        var tabSelected: Bool?
        var workbookViewId: Int
        var selection: [Selection]
    }

    struct Selection: Codable, Equatable, AttributesAndText {
        var activeCell: String?
        var sqref: String?
    }

    struct SheetFormatProperties: Codable, Equatable, AttributesAndText {
        var baseColWidth: Int?
        var defaultRowHeight: Double
    }

    struct Columns: Codable, Equatable {
        var col: [Column]
    }

    struct Column: Codable, Equatable, AttributesAndText {
        var min: Int
        var max: Int
        var width: Double?
        var customWidth: Bool?
    }

    struct SheetData: Codable, Equatable {
        var row: [Row]
    }

    struct Row: Codable, Equatable, SpreadsheetNode {
        static let attributeKeys: Set<String> = ["r", "spans", "ht", "customHeight"]
        var r: Int
        var spans: String?
        var ht: Double?
        var customHeight: Bool?
        var c: [Cell]
    }

    struct PageMargins: Codable, Equatable, AttributesAndText {
        var left: Double
        var right: Double
        var top: Double
        var bottom: Double
        var header: Double
        var footer: Double
    }
}

/// A cell: its reference, style index and type as attributes; its formula, value and inline
/// string as elements. Every one of them may be missing.
private struct Cell: Codable, Equatable, SpreadsheetNode {
    static let attributeKeys: Set<String> = ["r", "s", "t"]
    var r: String?
    var s: Int?
    var t: String?
    var f: Formula?
    var v: String?
    var inlineString: InlineString?

    enum CodingKeys: String, CodingKey {
        case r, s, t, f, v
        case inlineString = "is"
    }
}

/// `<f>B2*(1+C2)</f>`, or a shared formula: `<f t="shared" ref="E2:E3" si="0">D2-B2</f>` where it
/// is defined and `<f t="shared" si="0"/>` where it is used.
private struct Formula: Codable, Equatable, AttributesAndText {
    var t: String?
    var ref: String?
    var si: Int?
    var value: String?

    enum CodingKeys: String, CodingKey {
        case t, ref, si
        case value = ""
    }
}

/// `<is><t>…</t></is>`.
private struct InlineString: Codable, Equatable {
    var t: String?
}

// MARK: - xl/sharedStrings.xml

private struct SharedStrings: Codable, Equatable, SpreadsheetNode {
    static let attributeKeys: Set<String> = ["count", "uniqueCount"]
    var count: Int?
    var uniqueCount: Int?
    var items: [StringItem]

    enum CodingKeys: String, CodingKey {
        case count, uniqueCount
        case items = "si"
    }

    /// Plain text (`<t>`) or rich text (runs, `<r>`).
    struct StringItem: Codable, Equatable {
        var t: Text?
        var r: [RichTextRun]
    }

    /// `<t>`, whose leading and trailing spaces count when it says `xml:space="preserve"`.
    struct Text: Codable, Equatable, AttributesAndText {
        var space: String?
        var value: String

        enum CodingKeys: String, CodingKey {
            case space = "xml:space"
            case value = ""
        }
    }

    struct RichTextRun: Codable, Equatable {
        var rPr: RunProperties?
        var t: Text
    }

    struct RunProperties: Codable, Equatable {
        var b: EmptyElement?
        var i: EmptyElement?
        var sz: Val<Double>?
        var color: Color?
        var rFont: Val<String>?
        var family: Val<Int>?
        var scheme: Val<String>?
    }
}

// MARK: - xl/styles.xml

private struct StyleSheet: Codable, Equatable {
    var numFmts: NumberFormats?
    var fonts: Fonts
    var fills: Fills
    var borders: Borders
    var cellXfs: CellFormats

    struct NumberFormats: Codable, Equatable, SpreadsheetNode {
        static let attributeKeys: Set<String> = ["count"]
        var count: Int?
        var numFmt: [NumberFormat]
    }

    struct NumberFormat: Codable, Equatable, AttributesAndText {
        var numFmtId: Int
        var formatCode: String
    }

    struct Fonts: Codable, Equatable, SpreadsheetNode {
        static let attributeKeys: Set<String> = ["count"]
        var count: Int?
        var font: [Font]
    }

    struct Font: Codable, Equatable {
        var b: EmptyElement?
        var sz: Val<Double>?
        var color: Color?
        var name: Val<String>?
        var family: Val<Int>?
        var scheme: Val<String>?
    }

    struct Fills: Codable, Equatable, SpreadsheetNode {
        static let attributeKeys: Set<String> = ["count"]
        var count: Int?
        var fill: [Fill]
    }

    struct Fill: Codable, Equatable {
        var patternFill: PatternFill?
    }

    struct PatternFill: Codable, Equatable, AttributesAndText {
        var patternType: String?
    }

    struct Borders: Codable, Equatable, SpreadsheetNode {
        static let attributeKeys: Set<String> = ["count"]
        var count: Int?
        var border: [Border]
    }

    /// A border; each side an empty element when it has no line.
    struct Border: Codable, Equatable {
        var left: Side?
        var right: Side?
        var top: Side?
        var bottom: Side?
        var diagonal: Side?
    }

    struct Side: Codable, Equatable, AttributesAndText {
        var style: String?
    }

    struct CellFormats: Codable, Equatable, SpreadsheetNode {
        static let attributeKeys: Set<String> = ["count"]
        var count: Int?
        var xf: [Format]
    }

    struct Format: Codable, Equatable, AttributesAndText {
        var numFmtId: Int
        var fontId: Int
        var fillId: Int
        var borderId: Int
        var xfId: Int?
        var applyNumberFormat: Bool?
        var applyFont: Bool?
    }
}

// MARK: - Expected values

private let expectedWorkbook = Workbook(
    fileVersion: .init(appName: "xl", lastEdited: "7", lowestEdited: "7", rupBuild: "27328"),
    workbookPr: .init(defaultThemeVersion: 166_925),
    bookViews: .init(workbookView: [
        .init(xWindow: 0, yWindow: 500, windowWidth: 28_800, windowHeight: 16_240, activeTab: 0)
    ]),
    sheets: .init(items: [
        .init(name: "Summary", id: 1, relationship: "rId1"),
        .init(name: "Q1 Data", id: 2, relationship: "rId2"),
        .init(name: "Lookup", id: 3, state: "hidden", relationship: "rId3"),
    ]),
    definedNames: .init(definedName: [.init(name: "_xlnm.Print_Area", localSheetId: 0, value: "Summary!$A$1:$E$5")]),
    calcPr: .init(calcId: 191_029))

private let expectedSheetList = SheetList(
    sheets: .init(sheet: [
        .init(name: "Summary", relationship: "rId1"),
        .init(name: "Q1 Data", relationship: "rId2"),
        .init(name: "Lookup", relationship: "rId3"),
    ]))

/// A shared-string cell.
private func shared(_ reference: String, _ index: Int, style: Int? = nil) -> Cell {
    Cell(r: reference, s: style, t: "s", v: String(index))
}

private let expectedWorksheet = Worksheet(
    dimension: .init(ref: "A1:E5"),
    sheetViews: .init(sheetView: [
        .init(tabSelected: true, workbookViewId: 0, selection: [.init(activeCell: "B3", sqref: "B3")])
    ]),
    sheetFormatPr: .init(baseColWidth: 10, defaultRowHeight: 16),
    cols: .init(col: [
        .init(min: 1, max: 1, width: 24.5, customWidth: true),
        .init(min: 2, max: 5, width: 12.832_031_25, customWidth: true),
    ]),
    sheetData: .init(row: [
        .init(
            r: 1, spans: "1:5",
            c: [
                shared("A1", 0, style: 1), shared("B1", 1, style: 1), shared("C1", 2, style: 1),
                shared("D1", 3, style: 1), shared("E1", 4, style: 1),
            ]),
        .init(
            r: 2, spans: "1:5",
            c: [
                shared("A2", 5),
                Cell(r: "B2", v: "1250"),
                Cell(r: "C2", s: 2, v: "0.15"),
                Cell(r: "D2", s: 3, f: Formula(value: "B2*(1+C2)"), v: "1437.5"),
                Cell(r: "E2", s: 3, f: Formula(t: "shared", ref: "E2:E3", si: 0, value: "D2-B2"), v: "187.5"),
            ]),
        .init(
            r: 3, spans: "1:5",
            c: [
                Cell(r: "A3", t: "inlineStr", inlineString: InlineString(t: "Gadgets (typed in)")),
                Cell(r: "B3", v: "980.25"),
                Cell(r: "C3", s: 2),
                Cell(r: "D3", s: 3, f: Formula(value: "B3*(1+C3)"), v: "980.25"),
                Cell(r: "E3", s: 3, f: Formula(t: "shared", si: 0), v: "0"),
            ]),
        .init(
            r: 4, spans: "1:5",
            c: [
                shared("A4", 6),
                Cell(r: "B4", t: "b", v: "1"),
                Cell(r: "C4", t: "b", v: "0"),
                Cell(r: "D4", t: "str", f: Formula(value: #"IF(B4,"yes","no")"#), v: "yes"),
                Cell(r: "E4", t: "e", v: "#DIV/0!"),
            ]),
        .init(
            r: 5, spans: "1:5", ht: 18, customHeight: true,
            c: [shared("A5", 7, style: 1), Cell(r: "D5", s: 3, f: Formula(value: "SUM(D2:D3)"), v: "2417.75")]),
    ]),
    pageMargins: .init(left: 0.7, right: 0.7, top: 0.75, bottom: 0.75, header: 0.3, footer: 0.3))

private typealias RunProperties = SharedStrings.RunProperties

private let expectedSharedStrings = SharedStrings(
    count: 9, uniqueCount: 8,
    items: [
        .init(t: .init(value: "Product"), r: []),
        .init(t: .init(value: "Net"), r: []),
        .init(t: .init(value: "Tax rate"), r: []),
        .init(t: .init(value: "Gross"), r: []),
        .init(t: .init(value: "Tax"), r: []),
        .init(t: .init(value: "Widgets & gizmos"), r: []),
        .init(
            t: nil,
            r: [
                .init(
                    rPr: RunProperties(
                        b: EmptyElement(), sz: Val(11), color: Color(rgb: "FFFF0000"), rFont: Val("Calibri"),
                        family: Val(2),
                        scheme: Val("minor")),
                    t: .init(value: "Discontinued")),
                .init(
                    rPr: RunProperties(
                        sz: Val(11), color: Color(theme: 1), rFont: Val("Calibri"), family: Val(2), scheme: Val("minor")
                    ),
                    t: .init(space: "preserve", value: " since Q2 ")),
            ]),
        .init(t: .init(value: "Total"), r: []),
    ])

private let calibri = StyleSheet.Font(
    sz: Val(11), color: Color(theme: 1), name: Val("Calibri"), family: Val(2), scheme: Val("minor"))

private let expectedStyles = StyleSheet(
    numFmts: .init(count: 1, numFmt: [.init(numFmtId: 164, formatCode: ##""$"#,##0.00"##)]),
    fonts: .init(
        count: 2,
        font: [
            calibri,
            .init(
                b: EmptyElement(), sz: Val(11), color: Color(theme: 1), name: Val("Calibri"), family: Val(2),
                scheme: Val("minor")),
        ]),
    fills: .init(
        count: 2,
        fill: [.init(patternFill: .init(patternType: "none")), .init(patternFill: .init(patternType: "gray125"))]),
    borders: .init(
        count: 1, border: [.init(left: .init(), right: .init(), top: .init(), bottom: .init(), diagonal: .init())]),
    cellXfs: .init(
        count: 4,
        xf: [
            .init(numFmtId: 0, fontId: 0, fillId: 0, borderId: 0, xfId: 0),
            .init(numFmtId: 0, fontId: 1, fillId: 0, borderId: 0, xfId: 0, applyFont: true),
            .init(numFmtId: 9, fontId: 0, fillId: 0, borderId: 0, xfId: 0, applyNumberFormat: true),
            .init(numFmtId: 164, fontId: 0, fillId: 0, borderId: 0, xfId: 0, applyNumberFormat: true),
        ]))

// MARK: - Tests

@Suite("Real-world models: Office Open XML (SpreadsheetML)")
struct OOXMLModelTests {
    /// The decoder a CoreXLSX-style client uses.
    private func clientDecoder() -> XMLDecoder {
        let decoder = XMLDecoder()
        decoder.shouldProcessNamespaces = true
        return decoder
    }

    private func encode<T: Encodable>(_ value: T, root: String, declaresRelationships: Bool) throws -> Data {
        let encoder = XMLEncoder()
        encoder.outputFormatting = .prettyPrinted
        let attributes: KeyValuePairs<String, String> =
            declaresRelationships
            ? ["xmlns": spreadsheetNamespace, "xmlns:r": relationshipsNamespace] : ["xmlns": spreadsheetNamespace]
        return try encoder.encode(
            value, withRootKey: root, rootAttributes: attributes,
            header: XMLHeader(version: 1.0, encoding: "UTF-8", standalone: "yes"))
    }

    // Workbook

    /// Depends on prefixed attribute keys matching qualified names under namespace processing.
    @Test func workbookDecodesWithNamespaceProcessingAsTheClientDoes() throws {
        let workbook = try clientDecoder().decode(
            Workbook.self, from: try RealWorldFixture.data("ooxml/xl/workbook.xml"))
        #expect(workbook == expectedWorkbook)
    }

    /// Depends on prefixed attribute keys matching qualified names under namespace processing
    /// (without it, the optional relationship ids decode as `nil`).
    @Test func sheetListWithOptionalRelationshipDecodesWithNamespaceProcessing() throws {
        let list = try clientDecoder().decode(SheetList.self, from: try RealWorldFixture.data("ooxml/xl/workbook.xml"))
        #expect(list == expectedSheetList)
    }

    @Test func workbookDecodesWithoutNamespaceProcessing() throws {
        let data = try RealWorldFixture.data("ooxml/xl/workbook.xml")
        #expect(try XMLDecoder().decode(Workbook.self, from: data) == expectedWorkbook)
        #expect(try XMLDecoder().decode(SheetList.self, from: data) == expectedSheetList)
    }

    @Test func workbookEncodesToTheFixturesCanonicalForm() throws {
        let data = try encode(expectedWorkbook, root: "workbook", declaresRelationships: true)
        try expectSameCanonicalForm(data, try RealWorldFixture.data("ooxml/xl/workbook.xml"))
        #expect(try XMLDecoder().decode(Workbook.self, from: data) == expectedWorkbook)
    }

    @Test func workbookRoundTripsThroughJSON() throws {
        #expect(try jsonRoundTrip(expectedWorkbook) == expectedWorkbook)
        #expect(try jsonRoundTrip(expectedSheetList) == expectedSheetList)
    }

    // Worksheet

    @Test func worksheetDecodes() throws {
        let data = try RealWorldFixture.data("ooxml/xl/worksheets/sheet1.xml")
        #expect(try clientDecoder().decode(Worksheet.self, from: data) == expectedWorksheet)
        #expect(try XMLDecoder().decode(Worksheet.self, from: data) == expectedWorksheet)
    }

    /// Normalized: the `xsd:boolean` attributes `tabSelected`, `customWidth` and `customHeight`,
    /// `1` in the fixture as Excel writes them, are written `true` from the model's `Bool`; and
    /// numbers are compared as numbers (the model's `Double` 16 is written `16.0`).
    @Test func worksheetEncodesToTheFixturesCanonicalFormWithBooleansAndNumbersNormalized() throws {
        let data = try encode(expectedWorksheet, root: "worksheet", declaresRelationships: true)
        var form = CanonicalForm()
        form.booleanNames = ["tabSelected", "customWidth", "customHeight"]
        form.numericNames = ["defaultRowHeight", "width", "ht", "left", "right", "top", "bottom", "header", "footer"]
        try expectSameCanonicalForm(data, try RealWorldFixture.data("ooxml/xl/worksheets/sheet1.xml"), form)
        #expect(try clientDecoder().decode(Worksheet.self, from: data) == expectedWorksheet)
    }

    @Test func worksheetRoundTripsThroughJSON() throws {
        #expect(try jsonRoundTrip(expectedWorksheet) == expectedWorksheet)
    }

    // Shared strings

    /// Read without trimming values, so that the run `" since Q2 "` under `xml:space="preserve"`
    /// keeps its spaces (the default decoder trims them, as XMLCoder's does).
    @Test func sharedStringsDecode() throws {
        let decoder = XMLDecoder()
        decoder.trimValueWhitespaces = false
        let strings = try decoder.decode(
            SharedStrings.self, from: try RealWorldFixture.data("ooxml/xl/sharedStrings.xml"))
        #expect(strings == expectedSharedStrings)
    }

    /// Normalized: numbers are compared as numbers (the font size `Double` 11 is written `11.0`).
    @Test func sharedStringsEncodeToTheFixturesCanonicalFormWithNumbersComparedAsNumbers() throws {
        let data = try encode(expectedSharedStrings, root: "sst", declaresRelationships: false)
        var form = CanonicalForm()
        form.numericNames = ["val"]
        try expectSameCanonicalForm(data, try RealWorldFixture.data("ooxml/xl/sharedStrings.xml"), form)
        let decoder = XMLDecoder()
        decoder.trimValueWhitespaces = false
        #expect(try decoder.decode(SharedStrings.self, from: data) == expectedSharedStrings)
    }

    @Test func sharedStringsRoundTripThroughJSON() throws {
        #expect(try jsonRoundTrip(expectedSharedStrings) == expectedSharedStrings)
    }

    // Styles

    @Test func stylesDecode() throws {
        let styles = try clientDecoder().decode(StyleSheet.self, from: try RealWorldFixture.data("ooxml/xl/styles.xml"))
        #expect(styles == expectedStyles)
    }

    /// Normalized: `applyFont` and `applyNumberFormat` (`1` in the fixture) are written `true`,
    /// and numbers are compared as numbers (the font size `Double` 11 is written `11.0`).
    @Test func stylesEncodeToTheFixturesCanonicalFormWithBooleansAndNumbersNormalized() throws {
        let data = try encode(expectedStyles, root: "styleSheet", declaresRelationships: false)
        var form = CanonicalForm()
        form.booleanNames = ["applyFont", "applyNumberFormat"]
        form.numericNames = ["val"]
        try expectSameCanonicalForm(data, try RealWorldFixture.data("ooxml/xl/styles.xml"), form)
        #expect(try clientDecoder().decode(StyleSheet.self, from: data) == expectedStyles)
    }

    @Test func stylesRoundTripThroughJSON() throws {
        #expect(try jsonRoundTrip(expectedStyles) == expectedStyles)
    }
}
