// Errors: every DecodingError carries the full coding path and "line L, column C"; wrong types,
// missing keys, out-of-range and malformed numbers throw (never silent zeros or empty strings);
// parse errors wrap the XMLParsingError; misused containers throw instead of crashing.

import Foundation
import Testing
@testable import XMLCodableCore
import XMLCodableTestSupport

private struct Order: Decodable {
    var id: Int
    var item: [Item]
    struct Item: Decodable {
        @Attribute var sku: String
        var qty: Int8
        var price: Double
    }
}

@Suite struct DecoderErrorsTests {
    // MARK: Where

    @Test func dataCorruptedDeepInAList() throws {
        let xml = """
            <order>
              <id>1</id>
              <item sku="a"><qty>1</qty><price>2.5</price></item>
              <item sku="b">
                <qty>300</qty>
                <price>1</price>
              </item>
            </order>
            """
        let error = try #require(decodingError(Order.self, xml))
        #expect(error.kind == "dataCorrupted")
        #expect(error.fullPath == ["item", "1", "qty"])
        #expect(error.reportedLine == 5, "\(error.debugDescription)")
        #expect(error.debugDescription.contains("300"))
    }

    @Test func keyNotFoundSaysWhere() throws {
        let xml = """
            <order>
              <id>1</id>
              <item sku="a"><qty>1</qty><price>2.5</price></item>
              <item sku="b">
                <qty>3</qty>
              </item>
            </order>
            """
        let error = try #require(decodingError(Order.self, xml))
        guard case .keyNotFound(let key, let context) = error else {
            Issue.record("expected keyNotFound, got \(error)")
            return
        }
        #expect(key.stringValue == "price")
        #expect(pathStrings(context.codingPath) == ["item", "1"])
        #expect(error.reportedLine == 4, "\(error.debugDescription)")
    }

    @Test func missingAttributeSaysWhere() throws {
        let xml = """
            <order>
              <id>1</id>
              <item><qty>1</qty><price>2.5</price></item>
            </order>
            """
        let error = try #require(decodingError(Order.self, xml))
        #expect(error.kind == "keyNotFound")
        #expect(error.fullPath == ["item", "0", "sku"])
        #expect(error.reportedLine == 3, "\(error.debugDescription)")
    }

    @Test func typeMismatchSaysWhere() throws {
        struct P: Decodable { var name: String }
        let xml = """
            <p>
              <name>
                <first>A</first>
              </name>
            </p>
            """
        let error = try #require(decodingError(P.self, xml))
        #expect(error.kind == "typeMismatch")
        #expect(error.fullPath == ["name"])
        #expect(error.reportedLine == 2, "\(error.debugDescription)")
    }

    @Test func errorInAttributeValueSaysWhere() throws {
        let xml = """
            <order>
              <id>1</id>
              <item sku="a" qty="x"><price>1</price></item>
            </order>
            """
        let error = try #require(decodingError(Order.self, xml))
        #expect(error.fullPath == ["item", "0", "qty"])
        #expect(error.reportedLine == 3, "\(error.debugDescription)")
    }

    @Test func topLevelArrayErrorPath() throws {
        let error = try #require(decodingError([Int].self, "<r>\n<i>1</i>\n<i>x</i>\n</r>"))
        #expect(error.fullPath == ["1"])
        #expect(error.reportedLine == 3, "\(error.debugDescription)")
    }

    /// Every kind of DecodingError, each with "line L, column C".
    @Test(arguments: [
        "dataCorrupted", "keyNotFound", "typeMismatch", "valueNotFound", "nestedKeyNotFound", "superDecoder",
        "customStrategy",
    ])
    func everyErrorHasLineAndColumn(_ name: String) throws {
        struct Short: Decodable {
            init(from decoder: any Decoder) throws {
                var list = try decoder.unkeyedContainer()
                for _ in 0..<3 { _ = try list.decode(Int.self) }
            }
        }
        struct Nested: Decodable {
            enum K: String, CodingKey { case a }
            init(from decoder: any Decoder) throws {
                _ = try decoder.container(keyedBy: K.self).nestedContainer(keyedBy: K.self, forKey: .a)
            }
        }
        class Base: Decodable { var n: Int }
        final class Sub: Base, @unchecked Sendable {
            enum K: String, CodingKey { case m }
            required init(from decoder: any Decoder) throws {
                let c = try decoder.container(keyedBy: K.self)
                try super.init(from: c.superDecoder())
            }
        }
        let error: DecodingError?
        switch name {
        case "dataCorrupted": error = decodingError([Int].self, "<r>\n  <i>abc</i>\n</r>")
        case "keyNotFound": error = decodingError(Order.self, "<r>\n  <item/>\n</r>")
        case "typeMismatch": error = decodingError(String.self, "<r>\n  <i>abc</i>\n</r>")
        case "valueNotFound": error = decodingError(Short.self, "<r>\n  <i>1</i>\n  <i>2</i>\n</r>")
        case "nestedKeyNotFound": error = decodingError(Nested.self, "<r>\n  <b/>\n</r>")
        case "superDecoder": error = decodingError(Sub.self, "<r>\n  <super><n>x</n></super>\n</r>")
        default:
            struct Stamped: Decodable { var at: Date }
            error = decodingError(Stamped.self, "<r>\n  <at>not a date</at>\n</r>") {
                $0.dateDecodingStrategy = .iso8601
            }
        }
        let found = try #require(error)
        #expect(
            found.reportedLine != nil, "\(name): \(found.kind) without 'line L, column C': \(found.debugDescription)")
        if name == "superDecoder" { #expect(found.fullPath == ["super", "n"]) }
        if name == "valueNotFound" { #expect(found.fullPath == ["2"]) }
    }

    // MARK: Wrong values are errors, never defaults

    @Test func stringWhereIntExpected() throws {
        struct N: Decodable { var n: Int }
        let error = try #require(decodingError(N.self, "<r><n>abc</n></r>"))
        #expect(error.fullPath == ["n"])
    }

    @Test(arguments: ["300", "-129", "128", "99999999999999999999999"])
    func int8OutOfRange(_ text: String) throws {
        struct N: Decodable { var n: Int8 }
        let error = try #require(decodingError(N.self, "<r><n>\(text)</n></r>"))
        #expect(error.kind == "dataCorrupted")
        #expect(error.fullPath == ["n"])
    }

    @Test func unsignedOutOfRange() {
        #expect(decodingError(UInt8.self, "<r>-1</r>") != nil)
        #expect(decodingError(UInt8.self, "<r>256</r>") != nil)
        #expect(decodingError(UInt64.self, "<r>18446744073709551616</r>") != nil)
        #expect(decodingError(Int64.self, "<r>9223372036854775808</r>") != nil)
        #expect(decodingError(Int.self, "<r>-9223372036854775809</r>") != nil)
    }

    @Test(arguments: ["12abc", "1e", "0x10", "1.5", "1e5", "", " ", "+", "-", "1 2", "١٢", "0b1", "--1", "1_000"])
    func malformedIntegers(_ text: String) throws {
        struct N: Decodable { var n: Int }
        let error = try #require(decodingError(N.self, "<r><n>\(text)</n></r>"), "\"\(text)\" decoded")
        #expect(error.fullPath == ["n"])
        #expect(decodingError(N.self, "<r n=\"\(text)\"/>") != nil, "attribute \"\(text)\"")
    }

    @Test(arguments: ["12abc", "1e", "0x10", "0x1p3", "1.2.3", "", "e5", ".", "1e+", "1,5", "infinity"])
    func malformedDoubles(_ text: String) throws {
        struct D: Decodable { var d: Double }
        let error = try #require(decodingError(D.self, "<r><d>\(text)</d></r>"), "\"\(text)\" decoded")
        #expect(error.fullPath == ["d"])
    }

    @Test func malformedDecimal() {
        #expect(decodingError(Decimal.self, "<r>12abc</r>") != nil)
        #expect(decodingError(Decimal.self, "<r>abc</r>") != nil)
    }

    @Test func floatOverflowIsAnError() {
        #expect(decodingError(Float.self, "<r>1e39</r>") != nil)
    }

    // MARK: Parse errors

    @Test(arguments: [
        "<r>\n  <n>3</r>",
        "",
        "<r>",
        "<r></s>",
        "<r a=\"1\" a=\"2\"/>",
        "<r>&undefined;</r>",
        "<r/><s/>",
        "not xml",
    ])
    func parseErrorsWrapTheParsingError(_ xml: String) throws {
        let error = try #require(decodingError(String.self, xml))
        guard case .dataCorrupted(let context) = error else {
            Issue.record("expected dataCorrupted, got \(error)")
            return
        }
        #expect(context.codingPath.isEmpty)
        let parsing = try #require(
            context.underlyingError as? XMLParsingError, "underlying: \(String(describing: context.underlyingError))")
        #expect(
            context.debugDescription.contains("line \(parsing.line), column \(parsing.column)"),
            "\(context.debugDescription)")
    }

    @Test func parseErrorLocation() throws {
        let error = try #require(decodingError(String.self, "<r>\n  <n>3</r>"))
        guard case .dataCorrupted(let context) = error, let parsing = context.underlyingError as? XMLParsingError else {
            Issue.record("expected dataCorrupted with XMLParsingError, got \(error)")
            return
        }
        #expect(parsing.line == 2)
    }

    // MARK: Misused containers throw

    @Test func keyedContainerOnAttributeValue() throws {
        struct Inner: Decodable {
            enum K: CodingKey { case x }
            init(from decoder: any Decoder) throws { _ = try decoder.container(keyedBy: K.self) }
        }
        struct Outer: Decodable { @Attribute var id: Inner }
        let error = try #require(decodingError(Outer.self, #"<r id="5"/>"#))
        #expect(error.kind == "typeMismatch")
        #expect(error.fullPath == ["id"])
        #expect(error.reportedLine == 1)
    }

    @Test func unkeyedContainerOnAttributeValue() throws {
        struct Inner: Decodable {
            init(from decoder: any Decoder) throws { _ = try decoder.unkeyedContainer() }
        }
        struct Outer: Decodable { @Attribute var id: Inner }
        let error = try #require(decodingError(Outer.self, #"<r id="5"/>"#))
        #expect(error.kind == "typeMismatch")
        #expect(error.fullPath == ["id"])
    }

    @Test func unkeyedContainerAtEnd() throws {
        struct Probe: Decodable {
            var results: [String] = []
            init(from decoder: any Decoder) throws {
                var list = try decoder.unkeyedContainer()
                _ = try list.decode(Int.self)
                #expect(list.isAtEnd)
                for attempt in 0..<5 {
                    do {
                        switch attempt {
                        case 0: _ = try list.decode(Int.self)
                        case 1: _ = try list.decode(String.self)
                        case 2: _ = try list.nestedContainer(keyedBy: AnyKey.self)
                        case 3: _ = try list.nestedUnkeyedContainer()
                        default: _ = try list.superDecoder()
                        }
                        results.append("no error")
                    } catch let error as DecodingError {
                        results.append(error.kind)
                    }
                }
            }
        }
        let probe = try decode(Probe.self, "<r><i>1</i></r>")
        #expect(probe.results == Array(repeating: "valueNotFound", count: 5))
    }

    @Test func decodeIfPresentAtEndDoesNotCrash() throws {
        struct Probe: Decodable {
            var value: Int?
            init(from decoder: any Decoder) throws {
                var list = try decoder.unkeyedContainer()
                // As the standard library's default implementation: nil at the end, no error.
                value = try list.decodeIfPresent(Int.self)
                _ = try? list.decodeNil()
            }
        }
        #expect(try decode(Probe.self, "<r/>").value == nil)
    }

    @Test func keyedContainerOnCharacterData() throws {
        struct Strict: Decodable {
            init(from decoder: any Decoder) throws { _ = try decoder.container(keyedBy: AnyKey.self) }
        }
        let error = try #require(decodingError([Strict].self, "<p>text<b/>more</p>"))
        #expect(error.kind == "typeMismatch")
        #expect(error.fullPath == ["0"])
    }

    @Test func nestedContainerForMissingKey() throws {
        struct Probe: Decodable {
            enum K: CodingKey { case a }
            init(from decoder: any Decoder) throws {
                _ = try decoder.container(keyedBy: K.self).nestedContainer(keyedBy: K.self, forKey: .a)
            }
        }
        let error = try #require(decodingError(Probe.self, "<r/>"))
        #expect(error.kind == "keyNotFound")
    }

    @Test func nestedKeyedContainerOnAttribute() throws {
        struct Probe: Decodable {
            enum K: CodingKey { case a }
            init(from decoder: any Decoder) throws {
                _ = try decoder.container(keyedBy: K.self).nestedContainer(keyedBy: K.self, forKey: .a)
            }
        }
        // Attributes cannot hold keyed values: either the key is not found or it is a type mismatch.
        let error = try #require(decodingError(Probe.self, #"<r a="1"/>"#))
        #expect(error.kind == "keyNotFound" || error.kind == "typeMismatch")
    }

    @Test func unkeyedContainerOnTextValue() throws {
        struct Probe: Decodable {
            enum K: String, CodingKey { case text = "" }
            init(from decoder: any Decoder) throws {
                _ = try decoder.container(keyedBy: K.self).nestedUnkeyedContainer(forKey: .text)
            }
        }
        // Reading the text of an element as a list must not crash; an error or an empty list is fine.
        _ = try? decode(Probe.self, "<r>abc</r>")
    }

    @Test func scalarFromElementWithChildren() throws {
        struct S: Decodable { var n: Int }
        let error = try #require(decodingError(S.self, "<r><n><x>1</x></n></r>"))
        #expect(error.kind == "typeMismatch")
        #expect(error.fullPath == ["n"])
    }

    @Test func listWhereScalarExpected() throws {
        struct S: Decodable { var n: Int }
        let error = try #require(decodingError(S.self, "<r><n>1</n><n>2</n></r>"))
        #expect(error.fullPath == ["n"])
    }

    @Test func errorsAreDecodingErrorsForLimits() throws {
        let deep = String(repeating: "<a>", count: 5000) + String(repeating: "</a>", count: 5000)
        let error = decodingError(String.self, deep) { $0.limits.maxDepth = 100 }
        #expect(error?.kind == "dataCorrupted")
    }

    // Coding paths through lists: the items of a list share its step, whether its path ends in
    // a key, is the top level, or is an item of another list.
    @Test func pathsThroughListsAtEveryLevel() throws {
        struct Cell: Decodable {
            let v: Int
        }
        struct Row: Decodable {
            let cell: [Cell]
        }
        struct Grid: Decodable {
            let row: [Row]
        }
        let keyed = try #require(
            decodingError(Grid.self, "<g><row><cell v='1'/></row><row><cell v='2'/><cell v='x'/></row></g>"))
        #expect(pathStrings(keyed.context?.codingPath ?? []) == ["row", "1", "cell", "1", "v"])
        let topLevel = try #require(decodingError([Cell].self, "<list><cell v='1'/><cell/></list>"))
        #expect(pathStrings(topLevel.context?.codingPath ?? []) == ["1"])
        let nested = try #require(decodingError([[Int]].self, "<l><a><i>1</i></a><a><i>2</i><i>x</i></a></l>"))
        #expect(pathStrings(nested.context?.codingPath ?? []) == ["1", "1"])
        struct PathProbe: Decodable {
            let path: [String]
            init(from decoder: any Decoder) throws { path = pathStrings(decoder.codingPath) }
        }
        #expect(
            try decode([[PathProbe]].self, "<l><a><i/></a><a><i/><i/></a></l>").map { $0.map(\.path) } == [
                [["0", "0"]], [["1", "0"], ["1", "1"]],
            ])
    }
}
