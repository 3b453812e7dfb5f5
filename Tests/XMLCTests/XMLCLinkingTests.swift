// xmlc links XMLCodableCore and FoundationEssentials only: on Linux its binary must not need
// Foundation proper, FoundationInternationalization or the ICU data (which cost start-up time
// and, linked statically, most of the binary's size: Benchmarks/README.md, "Start-up and
// linking"). The check reads the ELF NEEDED entries of the built xmlc with `readelf -d` (or, if
// binutils are missing, `ldd`); it is skipped with a message elsewhere than Linux, or when
// neither tool is installed.

import Foundation
import Testing

@Suite("xmlc's linking")
struct XMLCLinkingTests {
    /// The libraries xmlc must not need.
    static let foundationLibraries = [
        "libFoundation.so", "libFoundationInternationalization.so", "lib_FoundationICU.so",
    ]

    /// The shared libraries a binary needs, as `readelf -d` or `ldd` lists them; `nil` when neither
    /// tool can be run.
    static func neededLibraries(of binary: URL) throws -> [String]? {
        if let output = try run("readelf", ["-d", binary.path]) {
            // " 0x0000000000000001 (NEEDED)             Shared library: [libFoundation.so]"
            return output.split(separator: "\n").filter { $0.contains("(NEEDED)") }.compactMap { line in
                guard let open = line.firstIndex(of: "["), let close = line.lastIndex(of: "]"), open < close else {
                    return nil
                }
                return String(line[line.index(after: open)..<close])
            }
        }
        if let output = try run("ldd", [binary.path]) {
            // "\tlibFoundation.so => /…/libFoundation.so (0x…)"
            return output.split(separator: "\n").compactMap { line in
                line.split(separator: " ").first.map { String($0.trimmingCharacters(in: .whitespaces)) }
            }
        }
        return nil
    }

    /// The standard output of a tool found on the PATH, or `nil` if it is not there.
    static func run(_ tool: String, _ arguments: [String]) throws -> String? {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
            .map { URL(fileURLWithPath: String($0)).appendingPathComponent(tool) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
        guard let path else { return nil }
        let process = Process()
        process.executableURL = path
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? String(decoding: data, as: UTF8.self) : nil
    }

    @Test func xmlcNeedsNoFoundationLibrary() throws {
        #if os(Linux)
        let binary = try XMLC.locate()
        guard let needed = try Self.neededLibraries(of: binary) else {
            print("skipped: neither readelf nor ldd is installed, so xmlc's libraries cannot be listed")
            return
        }
        #expect(!needed.isEmpty, "no libraries listed for \(binary.path)")
        let foundation = needed.filter { Self.foundationLibraries.contains($0) }
        #expect(foundation.isEmpty, "\(binary.path) needs \(foundation); it should link FoundationEssentials only")
        #else
        print("skipped: xmlc's linking is checked on Linux only (elsewhere Foundation is the system's)")
        #endif
    }
}
