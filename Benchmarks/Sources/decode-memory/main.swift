// `swift run -c release decode-memory [options]`: peak resident memory while decoding.
//
// The question: how much memory does decoding a document take beyond the document itself and the
// model it produces? The bar (for XMLCodable on books 50k) is 3× the document's size.
//
// Method (Linux; every measurement in a fresh process, this same executable run with `--child`):
//   1. the parent writes each input (XML and its JSON twin) to a temporary folder;
//   2. the child reads the one file its decoder needs into memory (`Data(contentsOf:)`), then
//      decodes a 100-item document of the same shape once (code pages and one-time runtime set-up
//      are then in memory, and are not counted as decoding memory), then returns free heap memory
//      to the system (`malloc_trim(0)`);
//   3. baseline: VmRSS from /proc/self/status; then writes "5" to /proc/self/clear_refs, which resets
//      the kernel's peak-RSS mark (VmHWM) to the current RSS;
//   4. decodes the document once and keeps the model;
//   5. peak: VmHWM (the kernel's high-water mark of resident memory since the reset);
//   6. model: `malloc_trim(0)` again (frees what decoding freed but malloc kept), then VmRSS; the
//      growth over the baseline is the memory the decoded model holds. The heap's own count
//      (mallinfo2: bytes allocated and not freed) is printed beside it as a cross-check;
//   7. only then generates the expected model and checks the decoded one equals it (a mismatch
//      exits non-zero).
// Reported per input and decoder: document size, peak above baseline, model (both measures), and
//   transient = peak above baseline − model (the smaller measure),  ratio = transient ÷ document size,
// the figure the bar applies to, and (transient + document) ÷ document size, which also counts the
// input's own bytes (held by the caller throughout). Each measurement runs `--runs` times (default 3), each in its own
// process; the table gives the median and the range.
//
// Options:
//   --input books50k|osm50k|books5k|osm5k|all   (repeatable; default: books50k and osm50k)
//           sheet20k|sheet200k|rss3k|gpx8k|sheet2m  the sparse real models (not in `all`), e.g.
//                                               `--input sheet200k --decoder xmlcodable --decoder json`
//   --decoder xmlcodable|json|xmlcoder|generated (repeatable; default: xmlcodable and json;
//                                               generated: books and osm with @XMLFieldDecodable)
//   --runs N                                    (default 3)
//   --keep DIR                                  write the inputs to DIR instead of a temporary folder

import CMallocStats
import Decoders
import Foundation
import Workloads

// MARK: - /proc/self/status

/// VmRSS, VmHWM, RssAnon and RssFile of this process, in bytes.
struct MemoryStatus {
    var rss = 0
    var hwm = 0
    var rssAnon = 0
    var rssFile = 0

    static func read() -> MemoryStatus {
        var status = MemoryStatus()
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return status }
        for line in text.split(separator: "\n") {
            let parts = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == ":" })
            guard parts.count >= 2, let kilobytes = Int(parts[1]) else { continue }
            switch parts[0] {
            case "VmRSS": status.rss = kilobytes * 1024
            case "VmHWM": status.hwm = kilobytes * 1024
            case "RssAnon": status.rssAnon = kilobytes * 1024
            case "RssFile": status.rssFile = kilobytes * 1024
            default: break
            }
        }
        return status
    }
}

/// Resets VmHWM to the current RSS (Linux 4.0+). Returns whether the kernel accepted it.
func resetPeak() -> Bool {
    guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
    defer { try? handle.close() }
    do {
        try handle.write(contentsOf: Data("5".utf8))
        return true
    } catch {
        return false
    }
}

func megabytes(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1_000_000) }

// MARK: - Inputs

/// books5k, osm5k, books50k, osm50k, and the sparse real models (sheet20k, sheet200k, rss3k,
/// gpx8k, sheet2m).
let inputsByName: [String: WorkloadID] = Dictionary(uniqueKeysWithValues: DecodeCase.allIDs.map { ($0.commandLineName, $0) })

func stem(_ id: WorkloadID) -> String { id.rawValue.replacingOccurrences(of: " ", with: "-") }

// MARK: - Child: one measurement

/// Measures one decode; prints `key=value` lines for the parent. Exits 1 if decoding fails or
/// decodes the wrong values.
func child(id: WorkloadID, kind: DecoderKind, path: String, items: Int, values: Int) -> Never {
    let data: Data
    do {
        data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
        print("error=cannot read \(path): \(error)")
        exit(1)
    }
    guard
        let decodeCase = DecodeCase.load(
            id, xml: kind.readsXML ? data : Data(), json: kind.readsXML ? Data() : data,
            items: items, values: values),
        let warmUp = DecodeCase.small(like: id, count: 100)
    else {
        print("error=no model for \(id.rawValue)")
        exit(1)
    }
    let run = decodeCase.run(kind)
    do {
        _ = try warmUp.run(kind).decode()
    } catch {
        print("error=warm-up decode failed: \(error)")
        exit(1)
    }

    _ = cmallocstats_trim()
    let heapBefore = cmallocstats_heap_in_use()
    let before = MemoryStatus.read()
    let hwmBeforeReset = before.hwm
    let reset = resetPeak()
    let afterReset = MemoryStatus.read()

    let clock = ContinuousClock()
    let start = clock.now
    let model: AnyObject
    do {
        model = try run.decodeAndKeep()
    } catch {
        print("error=\(kind.rawValue) threw: \(error)")
        exit(1)
    }
    let duration = clock.now - start
    let peak = MemoryStatus.read()
    let heapAfter = cmallocstats_heap_in_use()
    _ = cmallocstats_trim()
    let retained = MemoryStatus.read()

    let baseline = afterReset.rss
    print("document=\(data.count)")
    print("baseline=\(baseline)")
    print("hwm_before_reset=\(hwmBeforeReset)")
    print("hwm_reset=\(reset && afterReset.hwm <= afterReset.rss + 1024 * 1024 ? 1 : 0)")
    print("peak=\(peak.hwm)")
    print("rss_after=\(peak.rss)")
    print("rss_retained=\(retained.rss)")
    print("file_growth=\(retained.rssFile - before.rssFile)")
    print("heap_model=\(heapBefore >= 0 && heapAfter >= 0 ? Int(heapAfter - heapBefore) : -1)")
    let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    print("seconds=\(seconds)")

    // Checked only now, so that the expected model is not in memory while measuring.
    if let difference = run.verifyKept(model) {
        print("error=\(difference)")
        exit(1)
    }
    withExtendedLifetime(model) {}
    print("check=ok")
    exit(0)
}

// MARK: - Parent: run the children, print the table

struct Measurement {
    var values: [String: Double] = [:]
    subscript(_ key: String) -> Int { Int(values[key] ?? -1) }
}

func runChild(_ arguments: [String]) -> (Measurement?, String) {
    let process = Process()
    // This same executable (/proc/self/exe, whatever the working directory and argv[0]).
    process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    do {
        try process.run()
    } catch {
        return (nil, "cannot start \(process.executableURL!.path): \(error)")
    }
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    var measurement = Measurement()
    var problems: [String] = []
    for line in output.split(separator: "\n") {
        guard let equals = line.firstIndex(of: "=") else { continue }
        let key = String(line[..<equals])
        let value = String(line[line.index(after: equals)...])
        if key == "error" { problems.append(value) }
        if let number = Double(value) { measurement.values[key] = number }
    }
    if process.terminationStatus != 0 || !output.contains("check=ok") {
        return (nil, problems.isEmpty ? "child exited with status \(process.terminationStatus)" : problems.joined(separator: "; "))
    }
    return (measurement, "")
}

func median(_ numbers: [Int]) -> Int {
    let sorted = numbers.sorted()
    return sorted[sorted.count / 2]
}

func parent(arguments: [String]) -> Int32 {
    var ids: [WorkloadID] = []
    var kinds: [DecoderKind] = []
    var runs = 3
    var keep: String?
    var index = 0
    func value() -> String? {
        index += 1
        return index < arguments.count ? arguments[index] : nil
    }
    while index < arguments.count {
        switch arguments[index] {
        case "--input":
            guard let name = value() else { return usage() }
            if name == "all" { ids += DecodeCase.ids } else if let id = inputsByName[name] { ids.append(id) } else { return usage() }
        case "--decoder":
            guard let name = value(), let kind = DecoderKind(shortName: name) else { return usage() }
            kinds.append(kind)
        case "--runs":
            guard let text = value(), let number = Int(text), number > 0 else { return usage() }
            runs = number
        case "--keep":
            guard let path = value() else { return usage() }
            keep = path
        default:
            return usage()
        }
        index += 1
    }
    if ids.isEmpty { ids = [.books50k, .osm50k] }
    if kinds.isEmpty { kinds = [.xmlCodable, .json] }

    let directory = keep ?? (NSTemporaryDirectory() as NSString).appendingPathComponent("decode-memory-\(getpid())")
    do {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    } catch {
        print("cannot create \(directory): \(error)")
        return 1
    }
    defer { if keep == nil { try? FileManager.default.removeItem(atPath: directory) } }

    print(
        "decode-memory: \(runs) fresh process(es) per measurement; peak = VmHWM after clear_refs, "
            + "model = VmRSS growth after malloc_trim; MB = 10^6 bytes")
    print("")
    print(
        "| Input | Decoder | Document | Peak above baseline | Model (RSS) | Model (heap) | Peak − model "
            + "| (Peak − model) ÷ document | (Peak − model + document) ÷ document | Decode time |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    var failed = false
    for id in ids {
        guard let decodeCase = DecodeCase.load(id) else { continue }
        let xmlPath = (directory as NSString).appendingPathComponent(stem(id) + ".xml")
        let jsonPath = (directory as NSString).appendingPathComponent(stem(id) + ".json")
        do {
            try decodeCase.xml.data.write(to: URL(fileURLWithPath: xmlPath))
            try decodeCase.json.write(to: URL(fileURLWithPath: jsonPath))
        } catch {
            print("cannot write the inputs to \(directory): \(error)")
            return 1
        }
        for kind in kinds {
            var measurements: [Measurement] = []
            var problem = ""
            for _ in 0..<runs {
                let (measurement, message) = runChild([
                    "--child", id.rawValue, kind.shortName, kind.readsXML ? xmlPath : jsonPath,
                    String(decodeCase.items), String(decodeCase.values),
                ])
                guard let measurement else {
                    problem = message
                    break
                }
                measurements.append(measurement)
            }
            guard !measurements.isEmpty, problem.isEmpty else {
                print("| \(id.rawValue) | \(kind.rawValue) | | fails: \(problem) | | | | | | |")
                if kind != .xmlCoder { failed = true }
                continue
            }
            let document = measurements[0]["document"]
            let peaks = measurements.map { $0["peak"] - $0["baseline"] }
            let models = measurements.map { $0["rss_retained"] - $0["baseline"] }
            let heaps = measurements.map { $0["heap_model"] }
            // The model is the smaller of the two measures, so the transient is never understated:
            // RSS after malloc_trim can still hold freed-but-fragmented heap pages (XMLCoder's case),
            // and the heap count includes capacity of arrays whose pages were never touched.
            let transients = measurements.map { $0["peak"] - $0["baseline"] - min($0["rss_retained"] - $0["baseline"], $0["heap_model"]) }
            let ratios = transients.map { Double($0) / Double(document) }
            let withDocument = transients.map { Double($0 + document) / Double(document) }
            let times = measurements.map { Int(($0.values["seconds"] ?? 0) * 1000) }
            let resetWorked = measurements.allSatisfy { $0["hwm_reset"] == 1 }
            func range(_ numbers: [Int], _ format: (Int) -> String) -> String {
                numbers.count == 1
                    ? format(numbers[0])
                    : "\(format(median(numbers))) (\(format(numbers.min()!))–\(format(numbers.max()!)))"
            }
            func ratioText(_ ratios: [Double]) -> String {
                ratios.count == 1
                    ? String(format: "%.2f×", ratios[0])
                    : String(format: "%.2f× (%.2f–%.2f)", ratios.sorted()[ratios.count / 2], ratios.min()!, ratios.max()!)
            }
            print(
                "| \(id.rawValue) | \(kind.rawValue) | \(megabytes(document)) (\(kind.readsXML ? "XML" : "JSON")) "
                    + "| \(range(peaks, megabytes)) | \(range(models, megabytes)) | \(range(heaps, megabytes)) "
                    + "| \(range(transients, megabytes)) | \(ratioText(ratios)) | \(ratioText(withDocument)) "
                    + "| \(range(times) { "\($0) ms" }) |")
            if !resetWorked {
                print("  note: /proc/self/clear_refs did not reset the peak; peak is the process's high-water mark since start")
            }
        }
    }
    print("")
    print(
        "Peak above baseline = VmHWM − VmRSS before decoding (the document is already in memory, in the baseline); "
            + "Model (RSS) = VmRSS after decoding and malloc_trim − baseline; Model (heap) = mallinfo2 bytes in use after − "
            + "before; Peak − model = peak above baseline − the smaller of the two model figures: the transient memory "
            + "decoding needed beyond the document and the model. The last ratio also counts the document's own bytes. "
            + "Bar (XMLCodable, books 50k): ≤ 3× the document.")
    return failed ? 1 : 0
}

func usage() -> Int32 {
    print(
        "usage: decode-memory [--input books50k|osm50k|books5k|osm5k|sheet20k|sheet200k|sheet2m|rss3k|gpx8k|all]… "
            + "[--decoder xmlcodable|json|xmlcoder|generated]… [--runs N] [--keep DIR]")
    return 2
}

// MARK: - Main

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--child" {
    guard arguments.count == 6,
        let id = WorkloadID(rawValue: arguments[1]),
        let kind = DecoderKind(shortName: arguments[2]),
        let items = Int(arguments[4]), let values = Int(arguments[5])
    else {
        print("error=bad child arguments \(arguments)")
        exit(2)
    }
    child(id: id, kind: kind, path: arguments[3], items: items, values: values)
}
exit(parent(arguments: arguments))
