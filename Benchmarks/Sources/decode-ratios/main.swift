// `swift run -c release decode-ratios [options]`: decoders timed in turn, for ratios a noisy machine
// cannot skew.
//
// The benchmark suites run one benchmark for seconds, then the next. On a shared machine whose
// neighbours come and go, two benchmarks measured minutes apart can see different machines: in one
// DecoderBenchmarks run JSONDecoder's median moved 40% from a run ten minutes earlier, and the
// ratio between two decoders moved with it. This tool asks the same question — how many times
// faster is XMLCodable than XMLCoder and than JSONDecoder — in a way that noise cannot bias:
//
//   * every round calls each decoder once, one after the other, so the decoders of one round see
//     the same machine (within a second or so); the order rotates from round to round, so none is
//     always first after a pause;
//   * a ratio is taken within each round (the other decoder's time ÷ XMLCodable's), and the table
//     gives the median of those ratios over the rounds, beside the ratio of the best times (each
//     decoder's fastest call: noise only ever slows a call down, so the best is its cost with the
//     least interference).
//
// Each call is timed around the `decode` call only (DecodeRun in the Decoders module), in two
// forms: a new decoder per call (`try XMLDecoder().decode(T.self, from: data)`, as most code
// writes it) and one decoder reused for every call. Every decoder's output is first checked
// against the generated model (a mismatch exits non-zero).
//
// Worked example: with `--input osm5k --rounds 15`, round 3 might time XMLCodable (new decoder per
// call) at 9.6 ms and XMLCoder (new decoder per call) at 201 ms: 20.9× for that round. The table's
// "median of round ratios" is the middle of the 15 such figures; "ratio of best" is XMLCoder's
// fastest of 15 calls over XMLCodable's fastest.
//
// Options:
//   --input NAME                            (repeatable; default: books5k and osm5k) one of books5k,
//                                           osm5k, books50k, osm50k, and the sparse real models
//                                           sheet20k, sheet200k, rss3k, gpx8k, and sheet2m (about
//                                           100 MB, for a manual run; XMLCoder refuses it, as it
//                                           does sheet200k: use --no-xmlcoder)
//   --rounds N                              (default 15)
//   --warmup N                              calls of each decoder before the first round (default 2)
//   --no-xmlcoder                           leave XMLCoder out (it takes seconds per 50k document; on
//                                           books 50k, which Foundation's XMLParser refuses, it is
//                                           left out by itself, with a row that says why)

#if canImport(FoundationEssentials)
import FoundationEssentials
#endif
import Foundation
import Decoders
import Workloads

struct Options {
    var inputs: [WorkloadID] = []
    var rounds = 15
    var warmup = 2
    var includeXMLCoder = true

    static func parse(_ arguments: [String]) -> Options {
        var options = Options()
        var rest = arguments[...]
        func value(_ flag: String) -> String {
            guard let next = rest.popFirst() else { fail("\(flag) needs a value") }
            return next
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "--input":
                let name = value(argument)
                guard let id = DecodeCase.allIDs.first(where: { $0.commandLineName == name }) else {
                    fail("unknown input \(name); one of \(DecodeCase.allIDs.map(\.commandLineName).joined(separator: ", "))")
                }
                options.inputs.append(id)
            case "--rounds":
                guard let n = Int(value(argument)), n > 0 else { fail("--rounds needs a positive number") }
                options.rounds = n
            case "--warmup":
                guard let n = Int(value(argument)), n >= 0 else { fail("--warmup needs a number") }
                options.warmup = n
            case "--no-xmlcoder":
                options.includeXMLCoder = false
            default:
                fail("unknown option \(argument)")
            }
        }
        if options.inputs.isEmpty { options.inputs = [.books5k, .osm5k] }
        return options
    }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("decode-ratios: \(message)\n".utf8))
    exit(2)
}

/// One decoder in one form: what the table calls it, and how to time one call.
struct Contender {
    let kind: DecoderKind
    let fresh: Bool
    let call: () throws -> (items: Int, duration: Duration)
    var seconds: [Double] = []

    var name: String { kind.rawValue + (fresh ? ", new decoder per call" : ", reused") }
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

func format(_ value: Double, _ digits: Int = 2) -> String {
    String(format: "%.\(digits)f", value)
}

let options = Options.parse(Array(CommandLine.arguments.dropFirst()))
let kinds: [DecoderKind] = options.includeXMLCoder ? [.xmlCodable, .xmlCoder, .json] : [.xmlCodable, .json]

print("| Input | Decoder | best ms | median ms | items/s (best) | ÷ XMLCodable's time: median of round ratios | ratio of best |")
print("| --- | --- | ---: | ---: | ---: | ---: | ---: |")
for id in options.inputs {
    guard let decodeCase = DecodeCase.load(id) else { fail("no model for \(id.rawValue)") }
    var contenders: [Contender] = []
    var skipped: [String] = []
    for kind in kinds {
        let run = decodeCase.run(kind)
        if let difference = run.verify() {
            // XMLCoder reads through Foundation's XMLParser, which refuses documents over its
            // size limit (books 50k, sheet 200k): that decoder is left out of this input, the
            // others compared.
            guard kind == .xmlCoder else { fail("\(id.rawValue): \(difference)") }
            skipped.append("| \(id.rawValue) | \(kind.rawValue) | skipped: \(difference.prefix(120)) | | | | |")
            continue
        }
        for fresh in [true, false] {
            contenders.append(Contender(kind: kind, fresh: fresh, call: fresh ? run.decodeFresh : run.decode))
        }
    }
    do {
        for index in contenders.indices {
            for _ in 0..<options.warmup { _ = try contenders[index].call() }
        }
        for round in 0..<options.rounds {
            for offset in contenders.indices {
                let index = (round + offset) % contenders.count
                let (items, duration) = try contenders[index].call()
                guard items == decodeCase.items else {
                    fail("\(contenders[index].name) decoded \(items) \(decodeCase.itemName) of \(id.rawValue), not \(decodeCase.items)")
                }
                contenders[index].seconds.append(seconds(duration))
            }
        }
    } catch {
        fail("\(id.rawValue): \(error)")
    }
    // Each decoder is compared with XMLCodable in the same form (new decoder per call, or reused).
    for contender in contenders {
        guard let ours = contenders.first(where: { $0.kind == .xmlCodable && $0.fresh == contender.fresh }) else { continue }
        let best = contender.seconds.min() ?? 0
        let roundRatios = zip(contender.seconds, ours.seconds).map { $0 / $1 }
        let ratioColumns =
            contender.kind == .xmlCodable
            ? "| – | –" : "| \(format(median(roundRatios)))× | \(format(best / (ours.seconds.min() ?? 1)))×"
        print(
            "| \(id.rawValue) | \(contender.name) | \(format(best * 1000)) | \(format(median(contender.seconds) * 1000)) "
                + "| \(Int((Double(decodeCase.items) / best).rounded())) \(ratioColumns) |")
    }
    for row in skipped { print(row) }
}
