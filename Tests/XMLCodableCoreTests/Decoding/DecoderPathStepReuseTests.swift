// Coding-path steps reused (`XMLDecoderImpl.path(appending:to:entry:)`): the step of a nested
// value under a key is the one the value's key type's kept state holds, changed in place, once
// nothing else refers to it; and a list decoded within its descent holds its decoder and step
// unretained (`XMLDecoderImpl.listContainer(lent:)`). Every coding path must stay what it would
// be with a new step each time: errors in the tenth nested value, containers a model keeps or
// lets go early, recursive types whose nested value has the key type of its parent, and lists
// of nested values.

import Foundation
import Testing
@testable import XMLCodableCore
import XMLCodableTestSupport

@Suite struct DecoderPathStepReuseTests {
    struct Formula: Codable, Equatable {
        var text: String?
        var shared: Int?

        enum CodingKeys: String, CodingKey {
            case text = ""
            case shared = "si"
        }
    }

    struct Cell: Codable, Equatable {
        var reference: String
        var formula: Formula?
        var value: Int?

        enum CodingKeys: String, CodingKey {
            case reference = "r"
            case formula = "f"
            case value = "v"
        }
    }

    struct Row: Codable, Equatable {
        var cells: [Cell]

        enum CodingKeys: String, CodingKey {
            case cells = "c"
        }
    }

    struct Sheet: Codable, Equatable {
        var rows: [Row]

        enum CodingKeys: String, CodingKey {
            case rows = "row"
        }
    }

    /// `rows` rows of `cells` cells, each with a formula; `bad` (row, cell) has a formula whose
    /// shared index is not a number.
    static func sheet(rows: Int, cells: Int, bad: (Int, Int)? = nil) -> String {
        var xml = "<sheet>"
        for row in 0..<rows {
            xml += "<row>"
            for cell in 0..<cells {
                let shared = bad.map { $0 == (row, cell) } == true ? "x" : "\(cell)"
                xml += "<c r=\"R\(row)C\(cell)\"><f si=\"\(shared)\">F\(cell)</f><v>\(cell)</v></c>"
            }
            xml += "</row>"
        }
        return xml + "</sheet>"
    }

    @Test func nestedValuesDecodeWithReusedSteps() throws {
        let expected = Sheet(
            rows: (0..<4).map { (row: Int) in
                Row(
                    cells: (0..<5).map { (cell: Int) in
                        Cell(
                            reference: "R\(row)C\(cell)", formula: Formula(text: "F\(cell)", shared: cell),
                            value: cell)
                    })
            })
        let decoder = XMLDecoder()
        // Twice with one decoder: the learnt key types and the kept states go on to the next call.
        #expect(try decoder.decode(Sheet.self, from: Data(Self.sheet(rows: 4, cells: 5).utf8)) == expected)
        #expect(try decoder.decode(Sheet.self, from: Data(Self.sheet(rows: 4, cells: 5).utf8)) == expected)
    }

    /// An error in a nested value decoded with a reused step names that value's own path, not the
    /// path of the value the step stood for before.
    @Test func anErrorInANestedValueNamesItsOwnPath() throws {
        for bad in [(0, 3), (2, 0), (3, 4)] {
            let error = decodingError(Sheet.self, Self.sheet(rows: 4, cells: 5, bad: bad))
            #expect(error?.fullPath == ["row", "\(bad.0)", "c", "\(bad.1)", "f", "si"])
        }
    }

    /// A formula that keeps its container, and reads its coding path after the next formulas have
    /// decoded: its step is not reused while its container lives.
    final class PathRecorder: @unchecked Sendable {
        var containers: [KeyedDecodingContainer<Formula.CodingKeys>] = []
    }

    struct KeepingFormula: Decodable {
        var shared: Int

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Formula.CodingKeys.self)
            shared = try container.decode(Int.self, forKey: .shared)
            (decoder.userInfo[DecoderPathStepReuseTests.recorderKey] as? PathRecorder)?.containers.append(container)
        }
    }

    struct KeepingCell: Decodable {
        var formula: KeepingFormula?

        enum CodingKeys: String, CodingKey {
            case formula = "f"
        }
    }

    static let recorderKey = CodingUserInfoKey(rawValue: "recorder")!

    @Test func aKeptContainerKeepsItsPath() throws {
        let recorder = PathRecorder()
        let decoder = XMLDecoder()
        decoder.userInfo[Self.recorderKey] = recorder
        let xml = #"<l><c><f si="0"/></c><c><f si="1"/></c><c><f si="2"/></c></l>"#
        let cells = try decoder.decode([KeepingCell].self, from: Data(xml.utf8))
        #expect(cells.map(\.formula?.shared) == [0, 1, 2])
        #expect(recorder.containers.map { pathStrings($0.codingPath) } == [["0", "f"], ["1", "f"], ["2", "f"]])
    }

    struct KeepingRow: Decodable {
        var cells: [KeepingCell]

        enum CodingKeys: String, CodingKey {
            case cells = "c"
        }
    }

    /// Rows whose cells' formulas keep their containers: the next row's list may not take the
    /// previous row's list step from under them, and their paths stay whole to the end.
    @Test func keptContainersKeepTheirPathsAcrossRows() throws {
        let recorder = PathRecorder()
        let decoder = XMLDecoder()
        decoder.userInfo[Self.recorderKey] = recorder
        let xml = #"<s><r><c><f si="0"/></c><c><f si="1"/></c></r><r><c><f si="2"/></c></r><r><c/></r></s>"#
        struct Rows: Decodable {
            var r: [KeepingRow]
        }
        let rows = try decoder.decode(Rows.self, from: Data(xml.utf8))
        #expect(rows.r.map { $0.cells.count } == [2, 1, 1])
        #expect(
            recorder.containers.map { pathStrings($0.codingPath) } == [
                ["r", "0", "c", "0", "f"], ["r", "0", "c", "1", "f"], ["r", "1", "c", "0", "f"],
            ])
    }

    /// A recursive type that lets its container go before it decodes its child, of its own type:
    /// the child may reuse no step the parent's path still needs.
    final class Chain: Decodable {
        let depth: Int
        let next: Chain?
        let path: [String]

        enum CodingKeys: String, CodingKey {
            case depth = "d"
            case next = "n"
        }

        required init(from decoder: any Decoder) throws {
            depth = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .depth)
            next = try decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(Chain.self, forKey: .next)
            path = pathStrings(decoder.codingPath)
        }
    }

    @Test func aRecursiveTypeThatLetsItsContainerGoKeepsEveryPath() throws {
        let xml = #"<l><c d="0"><n d="1"><n d="2"><n d="3"/></n></n></c><c d="0"><n d="1"/></c></l>"#
        let chains = try decode([Chain].self, xml)
        var paths: [[String]] = []
        for chain in chains {
            var link: Chain? = chain
            while let current = link {
                paths.append(current.path)
                link = current.next
            }
        }
        #expect(paths == [["0"], ["0", "n"], ["0", "n", "n"], ["0", "n", "n", "n"], ["1"], ["1", "n"]])
        let bad = #"<l><c d="0"><n d="1"><n d="x"/></n></c></l>"#
        #expect(decodingError([Chain].self, bad)?.fullPath == ["0", "n", "n", "d"])
    }

    /// A list decoded within its descent (lent its decoder and step) still says where its items
    /// are, in errors and to a model that asks.
    struct Tag: Decodable {
        var key: String
        var path: [String]

        enum CodingKeys: String, CodingKey {
            case key = "k"
        }

        init(from decoder: any Decoder) throws {
            key = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .key)
            path = pathStrings(decoder.codingPath)
        }
    }

    struct Tagged: Decodable {
        var tags: [Tag]
        var nested: [[Int]]

        enum CodingKeys: String, CodingKey {
            case tags = "tag"
            case nested = "list"
        }
    }

    @Test func aLentListSaysWhereItsItemsAre() throws {
        let xml = #"<n><tag k="a"/><tag k="b"/><list><list>1</list><list>2</list></list></n>"#
        let tagged = try decode(Tagged.self, xml)
        #expect(tagged.tags.map(\.path) == [["tag", "0"], ["tag", "1"]])
        #expect(tagged.nested == [[1, 2]])
        let bad = #"<n><tag k="a"/><tag/><list/></n>"#
        #expect(decodingError(Tagged.self, bad)?.fullPath == ["tag", "1", "k"])
    }
}
