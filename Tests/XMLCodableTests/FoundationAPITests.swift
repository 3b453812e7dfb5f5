// The XMLCodable module's Foundation-only API, on top of XMLCodableCore (which links
// FoundationEssentials only): the `DateFormatter` date strategies and the `FileHandle` overloads
// behave as they did when they were part of one module. The expected errors and bytes below are
// what the former `formatted` enum cases gave; reading a file by URL, now done with the system's
// `open` rather than `FileHandle`, fails with the same error as `FileHandle(forReadingFrom:)`.

import Foundation
import Testing
import XMLCodable
import XMLCodableTestSupport

@Suite("The XMLCodable module's Foundation API")
struct FoundationAPITests {
    private struct Event: Codable, Equatable {
        var at: Date
    }

    private struct AttributeEvent: Codable, Equatable {
        @Attribute var at: Date
    }

    private struct Events: Codable, Equatable {
        var at: [Date]
    }

    private struct Labelled: Codable, Equatable {
        var at: Date
        var label: String
    }

    private static let day = Date(timeIntervalSince1970: 1_714_521_600)

    private static func formatter() -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter
    }

    private static func formattedDecoding(_ decoder: XMLDecoder) {
        decoder.dateDecodingStrategy = .formatted(formatter())
    }

    private static func formattedEncoding(_ encoder: XMLEncoder) {
        encoder.dateEncodingStrategy = .formatted(formatter())
    }

    // MARK: - DateFormatter strategies

    @Test func formattedStrategiesAreCustomOnes() {
        guard case .custom = XMLDecoder.DateDecodingStrategy.formatted(Self.formatter()) else {
            Issue.record("expected a .custom decoding strategy")
            return
        }
        guard case .custom = XMLEncoder.DateEncodingStrategy.formatted(Self.formatter()) else {
            Issue.record("expected a .custom encoding strategy")
            return
        }
    }

    @Test func formattedDatesDecodeFromElementsAttributesListsAndTheRoot() throws {
        #expect(
            try decode(Event.self, "<e><at>2024-05-01</at></e>", configure: Self.formattedDecoding)
                == Event(at: Self.day))
        // The text is trimmed, as `trimValueWhitespaces` says by default.
        #expect(
            try decode(Event.self, "<e><at> 2024-05-01 </at></e>", configure: Self.formattedDecoding)
                == Event(at: Self.day))
        #expect(
            try decode(AttributeEvent.self, "<e at='2024-05-01'/>", configure: Self.formattedDecoding).at == Self.day)
        #expect(
            try decode(Events.self, "<e><at>2024-05-01</at><at>2024-05-01</at></e>", configure: Self.formattedDecoding)
                .at == [Self.day, Self.day])
        #expect(try decode(Date.self, "<d>2024-05-01</d>", configure: Self.formattedDecoding) == Self.day)
    }

    @Test(arguments: [
        ("<e>\n  <at>01/05/2024</at></e>", ["at"], "01/05/2024", "line 2, column 4"),
        ("<e at='bad'/>", ["at"], "bad", "line 1, column 4"),
        ("<e><at>2024-05-01</at><at>bad</at></e>", ["at", "1"], "bad", "line 1, column 24"),
        ("<d>bad</d>", [], "bad", "line 1, column 2"),
    ])
    func textTheFormatterDoesNotReadIsRefusedAsBefore(
        _ xml: String, _ path: [String], _ text: String, _ location: String
    ) throws {
        let error: DecodingError?
        if xml.hasPrefix("<d>") {
            error = decodingError(Date.self, xml, configure: Self.formattedDecoding)
        } else if xml.contains("at='") {
            error = decodingError(AttributeEvent.self, xml, configure: Self.formattedDecoding)
        } else if xml.contains("<at>2024-05-01</at><at>") {
            error = decodingError(Events.self, xml, configure: Self.formattedDecoding)
        } else {
            error = decodingError(Event.self, xml, configure: Self.formattedDecoding)
        }
        let found = try #require(error)
        #expect(found.kind == "dataCorrupted")
        #expect(found.fullPath == path)
        #expect(
            found.debugDescription
                == "Date string \"\(text)\" does not match the format expected by the formatter, at \(location).")
    }

    @Test func anElementThatIsNoTextIsATypeMismatch() throws {
        let error = try #require(decodingError(Event.self, "<e><at><x/></at></e>", configure: Self.formattedDecoding))
        #expect(error.kind == "typeMismatch")
        #expect(
            error.debugDescription == "Expected to decode String but found element <at> instead, at line 1, column 5.")
    }

    @Test func elementsDecodedOneAtATimeGiveTheirPositionAndLine() throws {
        let decoder = XMLDecoder()
        Self.formattedDecoding(decoder)
        var decoded: [Event] = []
        do {
            try decoder.decodeElements(
                Event.self, at: "r/e", from: Data("<r><e><at>2024-05-01</at></e>\n<e><at>x</at></e></r>".utf8)
            ) { decoded.append($0) }
            Issue.record("expected an error")
        } catch let error as DecodingError {
            #expect(error.fullPath == ["1", "at"])
            #expect(
                error.debugDescription
                    == "Date string \"x\" does not match the format expected by the formatter, at line 2, column 5.")
        }
        #expect(decoded == [Event(at: Self.day)])
    }

    @Test func formattedDatesAreWrittenAsTextEvenWhenStringsAreCDATA() throws {
        func encoded<T: Encodable>(_ value: T, cdata: Bool) throws -> String {
            try encodeXML(value, rootKey: "r") { encoder in
                Self.formattedEncoding(encoder)
                if cdata { encoder.stringEncodingStrategy = .cdata }
            }
        }
        for cdata in [false, true] {
            #expect(try encoded(Event(at: Self.day), cdata: cdata) == "<r><at>2024-05-01</at></r>")
            #expect(try encoded(AttributeEvent(at: Attribute(Self.day)), cdata: cdata) == #"<r at="2024-05-01" />"#)
            #expect(
                try encoded(Events(at: [Self.day, Self.day]), cdata: cdata)
                    == "<r><at>2024-05-01</at><at>2024-05-01</at></r>")
            #expect(try encoded(Self.day, cdata: cdata) == "<r>2024-05-01</r>")
            #expect(try encoded(["k": Self.day], cdata: cdata) == "<r><k>2024-05-01</k></r>")
        }
        #expect(
            try encoded(Labelled(at: Self.day, label: "x"), cdata: true)
                == "<r><at>2024-05-01</at><label><![CDATA[x]]></label></r>")
    }

    @Test func theElementWriterWritesFormattedDates() throws {
        let encoder = XMLEncoder()
        Self.formattedEncoding(encoder)
        encoder.stringEncodingStrategy = .cdata
        var output = Data()
        let writer = try encoder.elementWriter(withRootKey: "r", itemKey: "at", to: { output.append($0) })
        try writer.write(Self.day)
        try writer.write(Self.day)
        try writer.finish()
        #expect(String(decoding: output, as: UTF8.self) == "<r><at>2024-05-01</at><at>2024-05-01</at></r>")
    }

    @Test func formattedDatesRoundTrip() throws {
        let value = Labelled(at: Self.day, label: "release")
        try roundTrip(
            value, expectedXML: "<r><at>2024-05-01</at><label>release</label></r>", rootKey: "r",
            encoder: Self.formattedEncoding,
            decoder: Self.formattedDecoding)
    }

    // MARK: - Files and file handles

    private static let document = "<feed><item><at>2024-05-01</at></item><item><at>2024-05-01</at></item></feed>"

    private static func temporaryFile(_ text: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "foundation-api-\(UUID().uuidString).xml")
        try Data(text.utf8).write(to: url)
        return url
    }

    /// The names of the start tags a reader reads, to its end.
    private static func startTags(_ reader: inout XMLReader) throws -> [String] {
        var names: [String] = []
        while let event = try reader.next() {
            if case .startElement(let name) = event { names.append(reader.string(name)) }
        }
        return names
    }

    @Test func aReaderKeepsItsFileHandleOpenAndAlive() throws {
        let url = try Self.temporaryFile("junk" + Self.document)
        defer { try? FileManager.default.removeItem(at: url) }
        let handle = try FileHandle(forReadingFrom: url)
        try handle.seek(toOffset: 4)
        var reader = XMLReader(fileHandle: handle, chunkSize: 7)
        #expect(try Self.startTags(&reader) == ["feed", "item", "at", "item", "at"])
        // Not closed: the handle can still be used.
        #expect(try handle.offset() == UInt64(4 + Self.document.utf8.count))
        try handle.close()

        // A handle that only the reader holds stays open while the reader reads.
        var holding = XMLReader(fileHandle: try FileHandle(forReadingFrom: url), chunkSize: 7)
        #expect(throws: XMLParsingError.self) { try Self.startTags(&holding) }  // "junk" before the root
    }

    @Test func elementsAreDecodedFromAFileHandle() throws {
        let url = try Self.temporaryFile(Self.document)
        defer { try? FileManager.default.removeItem(at: url) }
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        let decoder = XMLDecoder()
        Self.formattedDecoding(decoder)
        var items: [Event] = []
        try decoder.decodeElements(Event.self, at: "feed/item", from: handle) { items.append($0) }
        #expect(items == [Event(at: Self.day), Event(at: Self.day)])
        #expect(try handle.offset() == UInt64(Self.document.utf8.count))
    }

    @Test func theElementWriterWritesToAFileHandleAndLeavesItOpen() throws {
        let url = try Self.temporaryFile("")
        defer { try? FileManager.default.removeItem(at: url) }
        let handle = try FileHandle(forWritingTo: url)
        let encoder = XMLEncoder()
        Self.formattedEncoding(encoder)
        let writer = try encoder.elementWriter(withRootKey: "feed", itemKey: "item", to: handle)
        try writer.write(Event(at: Self.day))
        try writer.finish()
        try handle.write(contentsOf: Data("\n".utf8))
        try handle.close()
        #expect(
            String(decoding: try Data(contentsOf: url), as: UTF8.self)
                == "<feed><item><at>2024-05-01</at></item></feed>\n")
    }

    /// The error `body` throws, as an `NSError`.
    private static func caught(_ body: () throws -> Void) -> NSError? {
        do {
            try body()
            return nil
        } catch {
            return error as NSError
        }
    }

    @Test func aFileThatCannotBeOpenedFailsAsFileHandleFails() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-\(UUID().uuidString).xml")
        let expected = try #require(Self.caught { _ = try FileHandle(forReadingFrom: url) })
        for (name, open) in [
            ("XMLReader(contentsOf:)", { _ = try XMLReader(contentsOf: url) }),
            (
                "decodeElements(_:at:from:_:)",
                { try XMLDecoder().decodeElements(Event.self, at: "feed/item", from: url) { _ in } }
            ),
        ] as [(String, () throws -> Void)] {
            let error = try #require(Self.caught(open), "\(name)")
            #expect(error.domain == expected.domain, "\(name)")
            #expect(error.code == expected.code, "\(name)")
            #expect(error.localizedDescription == expected.localizedDescription, "\(name)")
            #expect(error.userInfo[NSURLErrorKey] as? URL == url, "\(name)")
            // The system's error, a `POSIXError` (as `Data(contentsOf:)` gives it on Linux) where
            // FileHandle gives an `NSError` of the POSIX domain: the same as an `NSError`.
            let underlying = (error.userInfo[NSUnderlyingErrorKey] as? any Error).map { $0 as NSError }
            let expectedUnderlying = (expected.userInfo[NSUnderlyingErrorKey] as? any Error).map { $0 as NSError }
            #expect(underlying?.domain == expectedUnderlying?.domain, "\(name)")
            #expect(underlying?.code == Int(ENOENT), "\(name)")
            #expect(underlying?.code == expectedUnderlying?.code, "\(name)")
            #expect((error as Error as? CocoaError)?.code == .fileReadNoSuchFile, "\(name)")
        }
    }

    @Test func aDirectoryFailsWhenItIsRead() throws {
        var reader = try XMLReader(contentsOf: FileManager.default.temporaryDirectory)
        do {
            _ = try reader.next()
            Issue.record("expected an error")
        } catch {
            #expect(error.reason == .inputFailed(String(cString: strerror(EISDIR))))
        }
    }
}
