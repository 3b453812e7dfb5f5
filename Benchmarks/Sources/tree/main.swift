// `swift run -c release tree [--runs N] [--input NAME]…`: the document model's speed and memory.
//
// For each generated document (books and osm, 5k and 50k; `--input books50k` etc. to choose):
//   read        `XMLTree(parsing: data)`: the whole document into a tree (MB/s of the document);
//   read+walk   the same, then every element's name, attributes and children asked for (each
//               node made once, as code that visits the whole tree makes them);
//   decode      the model decoded from the bytes (`XMLDecoder().decode(T.self, from: data)`) and
//               from the tree read beforehand (`… from: tree`), a new decoder per call both;
//   peak        in a fresh process (this tool with `--child`): the document read into memory,
//               then VmHWM reset (/proc/self/clear_refs), the tree read and kept: peak resident
//               memory above that baseline, ÷ the document's size.
// Times are the minimum of `--runs` runs (default 5), all in this one process, so ratios between
// the lines compare like with like. Results go to Benchmarks/README.md ("The document model").

import CMallocStats
import Foundation
import Workloads
import XMLCodable

let inputs: [String: WorkloadID] = ["books5k": .books5k, "books50k": .books50k, "osm5k": .osm5k, "osm50k": .osm50k]

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

func best(_ runs: Int, _ body: () throws -> Void) rethrows -> Double {
    var best = Double.infinity
    for _ in 0..<runs { best = min(best, try seconds(body)) }
    return best
}

/// Visits every node of an element, asking for what a walker asks for; returns a count so that
/// nothing is optimised away.
func walk(_ root: XMLTree.Element) -> Int {
    var count = 0
    var stack = [root]
    while let element = stack.popLast() {
        count += element.name.qualifiedName.utf8.count + element.attributes.count
        for child in element.children {
            switch child {
            case .element(let element): stack.append(element)
            case .text(let text), .cdata(let text): count += text.utf8.count
            default: count += 1
            }
        }
    }
    return count
}

func decodeFromTree(_ id: WorkloadID, _ tree: XMLTree) throws {
    switch id {
    case .books5k, .books50k: _ = try XMLDecoder().decode(Catalog.self, from: tree)
    default: _ = try XMLDecoder().decode(OSM.self, from: tree)
    }
}

func decodeFromBytes(_ id: WorkloadID, _ data: Data) throws {
    switch id {
    case .books5k, .books50k: _ = try XMLDecoder().decode(Catalog.self, from: data)
    default: _ = try XMLDecoder().decode(OSM.self, from: data)
    }
}

func status(_ field: String) -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
        return (Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "0") ?? 0) * 1024
    }
    return 0
}

/// The child: reads the file, resets the peak, reads the tree; prints the peak above the baseline.
func child(path: String) -> Int32 {
    guard let data = FileManager.default.contents(atPath: path) else {
        print("error=cannot read \(path)")
        return 1
    }
    // One small tree first: code pages and one-time set-up are not the tree's memory.
    _ = try? XMLTree(parsing: "<a b='c'>d<e/></a>")
    _ = cmallocstats_trim()
    let baseline = status("VmRSS")
    guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else {
        print("error=cannot reset the peak")
        return 1
    }
    handle.write(Data("5".utf8))
    try? handle.close()
    let tree: XMLTree
    do {
        tree = try XMLTree(parsing: data)
    } catch {
        print("error=\(error)")
        return 1
    }
    let peak = status("VmHWM") - baseline
    print("peak=\(peak) count=\(tree.root.children.count)")
    return 0
}

func main() -> Int32 {
    var arguments = Array(CommandLine.arguments.dropFirst())
    if arguments.first == "--child", arguments.count == 2 { return child(path: arguments[1]) }
    var runs = 5
    var chosen: [WorkloadID] = []
    while !arguments.isEmpty {
        let argument = arguments.removeFirst()
        switch argument {
        case "--runs":
            guard let value = arguments.first.flatMap(Int.init), value > 0 else { return usage() }
            runs = value
            arguments.removeFirst()
        case "--input":
            guard let name = arguments.first, let id = inputs[name] else { return usage() }
            chosen.append(id)
            arguments.removeFirst()
        default:
            return usage()
        }
    }
    if chosen.isEmpty { chosen = [.books5k, .books50k, .osm5k, .osm50k] }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("xmlcodable-tree-\(getpid())")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    print("input       size      read MB/s  read+walk MB/s  decode bytes ms  decode tree ms  peak MB  peak ÷ size")
    for id in chosen {
        guard let workload = try? id.load() else { continue }
        let data = workload.data
        let megabytes = Double(data.count) / 1e6
        do {
            let read = try best(runs) { _ = try XMLTree(parsing: data) }
            var visited = 0
            let readWalk = try best(runs) { visited = walk(try XMLTree(parsing: data).root) }
            let tree = try XMLTree(parsing: data)
            let fromBytes = try best(runs) { try decodeFromBytes(id, data) }
            let fromTree = try best(runs) { try decodeFromTree(id, tree) }
            // Peak memory in a fresh process.
            let file = folder.appendingPathComponent(id.rawValue.replacingOccurrences(of: " ", with: "-") + ".xml")
            try data.write(to: file)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
            process.arguments = ["--child", file.path]
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            let peak = output.split(separator: " ").first { $0.hasPrefix("peak=") }.flatMap { Int($0.dropFirst(5)) } ?? -1
            print(
                id.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0),
                String(format: "%6.1f MB  %9.1f  %14.1f  %15.1f  %14.1f  %7.1f  %11.2f×", megabytes, megabytes / read, megabytes / readWalk,
                    fromBytes * 1000, fromTree * 1000, Double(peak) / 1e6, Double(peak) / Double(data.count)),
                visited > 0 ? "" : "(nothing visited!)")
        } catch {
            print("\(id.rawValue): error \(error)")
            return 1
        }
    }
    return 0
}

func usage() -> Int32 {
    print("usage: tree [--runs N] [--input books5k|books50k|osm5k|osm50k]…")
    return 2
}

exit(main())
