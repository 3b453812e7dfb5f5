import Testing
@testable import XMLCodable

@Suite struct SmokeTests {
    @Test func readerCompiles() throws {
        var reader = XMLReader("<a/>")
        _ = try reader.next()
    }
}
