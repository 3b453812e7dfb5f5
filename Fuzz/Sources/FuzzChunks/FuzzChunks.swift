// FuzzChunks: the libFuzzer target for reading in chunks. Each input is read twice — in memory,
// and pushed into an incremental reader (`XMLReader.incremental()`) in pieces whose sizes come
// from a generator seeded by the input itself (1 to 64 bytes, sometimes a single byte, sometimes
// everything left) — and the two readings must report the same thing: the same events (text
// joined, since it may arrive in pieces), names, attributes with their flags and namespace URIs,
// element positions, and the same error with the same reason, line, column and offset. The
// second round reads both ways with HTML's entities on (`undeclaredEntityReplacements = .html`),
// so that replacements of undeclared references cut between pieces are compared too. A
// difference traps (`fatalError`, with the first differing line), as does a crash or a sanitizer
// report.
//
//   cd Fuzz && XMLCODABLE_INTERNAL_CHECKS=1 swift build -c release --sanitize=fuzzer \
//       -Xswiftc -sanitize=fuzzer,address
//   .build/release/FuzzChunks -dict=xml.dict -max_total_time=600 corpus-chunks seeds
//
// The file is not `main.swift`: libFuzzer provides `main`.

import FuzzSupport
import XMLCodable

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: data, count: size))
    var seed: UInt64 = 0xC4A1_4B5D ^ UInt64(size)
    for byte in bytes.prefix(16) { seed = seed &* 31 &+ UInt64(byte) }
    for round in 0..<2 {
        let options = round == 0 ? XMLReader.Options() : XMLReader.Options(undeclaredEntityReplacements: .html)
        let expected = inMemory(bytes, options: options)
        let got = pushed(bytes, seed: seed &+ UInt64(round), options: options)
        // fatalError, not preconditionFailure: a release build drops a precondition's message.
        if let difference = firstDifference(inMemory: expected, inChunks: got) { fatalError(difference) }
    }
    return 0
}
