// Many tasks at once, for ThreadSanitizer (CI runs every suite whose name holds "Concurrency" or
// "concurrent" under it: `.ci/sanitizers`). What is shared is what a program shares: one
// `XMLDecoder` or `XMLEncoder` (its settings behind a lock, its kept working memory handed to one
// call at a time), the process-wide type caches, a document tree (a value). What each task owns
// is its own: readers, element streams and element writers. Every result is checked against the
// same work done alone.

import Foundation
import Testing
@testable import XMLCodableCore
import XMLCodableTestSupport

private struct Point: Codable, Equatable, Sendable {
    @Attribute var id: Int
    @Attribute var x: Double
    var label: String
    var tags: [String]
}

private struct Points: Codable, Equatable, Sendable {
    var point: [Point]
}

/// `count` points, different for each `seed`.
private func points(_ count: Int, seed: Int) -> [Point] {
    (0..<count).map { i in
        Point(
            id: Attribute(seed * 10_000 + i), x: Attribute(Double(i) / 8), label: "p\(i) of \(seed) & <\(i % 7)>",
            tags: (0..<(i % 4)).map { "t\($0)" })
    }
}

@Suite struct ConcurrencyTests {
    /// Eight tasks each write their own document item by item with an `ElementWriter` made by one
    /// shared `XMLEncoder`, and read it back with a shared `XMLDecoder`, item by item.
    @Test func elementWritersAndStreamsInEightTasks() async throws {
        let encoder = XMLEncoder()
        let decoder = XMLDecoder()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    let items = points(200, seed: task)
                    var written = Data()
                    let writer = try encoder.elementWriter(
                        withRootKey: "points", itemKey: "point", to: { written.append($0) })
                    for item in items { try writer.write(item) }
                    try writer.finish()
                    #expect(written == (try encoder.encode(Points(point: items), withRootKey: "points")))
                    var read: [Point] = []
                    try decoder.decodeElements(Point.self, at: "points/point", from: written) { read.append($0) }
                    #expect(read == items)
                }
            }
            try await group.waitForAll()
        }
    }

    /// Eight tasks stream their own file with the synchronous `decodeElements` from a URL.
    @Test func fileStreamsInEightTasks() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("concurrency-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let encoder = XMLEncoder()
        var files: [(URL, [Point])] = []
        for task in 0..<8 {
            let items = points(300 + task * 50, seed: task)
            let url = folder.appendingPathComponent("\(task).xml")
            try encoder.encode(Points(point: items), withRootKey: "points").write(to: url)
            files.append((url, items))
        }
        let decoder = XMLDecoder()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (url, items) in files {
                group.addTask {
                    var read: [Point] = []
                    try decoder.decodeElements(Point.self, at: "points/point", from: url) { read.append($0) }
                    #expect(read == items)
                }
            }
            try await group.waitForAll()
        }
    }

    /// One document tree, a value, decoded from by eight tasks at once, while another task
    /// changes the shared decoder's settings (which only calls that start later see).
    @Test func oneTreeDecodedByEightTasksWhileSettingsChange() async throws {
        let items = points(100, seed: 1)
        let tree = try XMLTree(parsing: try XMLEncoder().encode(Points(point: items), withRootKey: "points"))
        let decoder = XMLDecoder()
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for i in 0..<200 { decoder.trimValueWhitespaces = i.isMultiple(of: 2) }
            }
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<20 {
                        let decoded = try decoder.decode(Points.self, from: tree)
                        #expect(decoded.point == items)
                    }
                }
            }
            try await group.waitForAll()
        }
    }

    /// Eight readers fed in chunks, one per task, from the same bytes.
    @Test func incrementalReadersInEightTasks() async throws {
        let bytes = Array(try XMLEncoder().encode(Points(point: points(400, seed: 3)), withRootKey: "points"))
        var expected = 0
        var reader = try XMLReader(bytes)
        while let event = try await reader.next() { if case .startElement = event { expected += 1 } }
        try await withThrowingTaskGroup(of: Int.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var reader = XMLReader.incremental()
                    var elements = 0
                    let piece = 7 + task * 61
                    var start = 0
                    while start < bytes.count {
                        try reader.append(bytes[start..<min(start + piece, bytes.count)])
                        start += piece
                        while let event = try await reader.next() { if case .startElement = event { elements += 1 } }
                    }
                    try reader.finishInput()
                    while let event = try await reader.next() { if case .startElement = event { elements += 1 } }
                    return elements
                }
            }
            for try await elements in group { #expect(elements == expected) }
        }
    }
}
