// FuzzStructured: the decoder fuzzed with documents the encoder wrote, then damaged.
//
// Random bytes rarely make a document that gets far into a model; documents the encoder writes
// for a model always do. So each input is a program: its first two bytes seed the generation of
// a model type and the next eight a value (the shapes of the generated round-trip tests, compiled here through
// links: keyed, unkeyed, nested keyed and unkeyed, single value, superclass, enums with and without
// values, attributes, the `""` key, lists of 0, 1, 2 and more items, optionals, dictionaries, maps
// of entries, formatted dates and data), the next two pick the coders' settings, and the rest is a
// list of mutations applied to the encoded document:
//
//     seed ─▶ type  Pair<[Int?], Choice<String>>      settings bytes ─▶ pretty, cdata, xsi:nil, …
//          ─▶ value Pair(a: [1, nil], b: .value("x"))
//     encode ─▶ <root><a>1</a><a xsi:nil="true" /><b><value><_0>x</_0></value></b></root>
//     check:  the document decodes to the value (or the encoder refused it as ambiguous)
//     mutate: op 2 at 17 inserts "&amp;", op 1 at 40 deletes 3 bytes, …
//     check:  the damaged document decodes, or throws — nothing else
//
// A finding is a crash or a sanitizer report, as for any target, and also a broken promise,
// which traps on purpose: an encoder error other than the documented refusal, or an undamaged
// document that does not decode to its value (data lost without an error).
//
// The file is not `main.swift`: libFuzzer provides `main`.

import Foundation
import XMLCodable

/// The bytes of one input, read front to back; zeros once they run out.
struct FuzzProgram {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0

    var isAtEnd: Bool { position >= bytes.count }

    mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func word() -> UInt64 {
        var value: UInt64 = 0
        for _ in 0..<8 { value = value << 8 | UInt64(byte()) }
        return value
    }

    /// A number in `0..<bound` from two bytes.
    mutating func number(below bound: Int) -> Int {
        guard bound > 0 else { return 0 }
        return (Int(byte()) << 8 | Int(byte())) % bound
    }
}

/// The coders' settings, from two bytes: what the generated round trips use (enum payloads in the
/// case element too), and the key strategies with the decoding strategy that undoes each.
struct Settings {
    let encoder: XMLEncoder
    let decoder: XMLDecoder
    let rootKey: String?

    init(_ output: UInt8, _ strategies: UInt8) {
        encoder = XMLEncoder()
        decoder = XMLDecoder(trimValueWhitespaces: false)
        var formatting: XMLEncoder.OutputFormatting = []
        if output & 1 != 0 { formatting.insert(.prettyPrinted) }
        if output & 2 != 0 { formatting.insert(.sortedKeys) }
        if output & 4 != 0 { formatting.insert(output & 8 != 0 ? .noEmptyElements : .compactEmptyElements) }
        if output & 16 != 0 { formatting.insert(.minimalEscaping) }
        encoder.outputFormatting = formatting
        if output & 32 != 0 { encoder.stringEncodingStrategy = .cdata }
        if output & 64 != 0 { encoder.nilEncodingStrategy = .xsiNil }
        rootKey = output & 128 != 0 ? "root" : nil
        if strategies / 3 % 2 == 1 { encoder.enumPayloadEncodingStrategy = .caseElement }
        switch strategies % 3 {
        case 1:
            encoder.keyEncodingStrategy = .convertToSnakeCase
            decoder.keyDecodingStrategy = .convertFromSnakeCase
        case 2:
            encoder.keyEncodingStrategy = .capitalized
            decoder.keyDecodingStrategy = .convertFromCapitalized
        default:
            break
        }
    }
}

/// Markup and values to insert: the pieces that change what a document means.
let tokens: [[UInt8]] = [
    "<", ">", "/>", "</", "&", "&amp;", "&#0;", "&#x10FFFF;", "&lt;", "]]>", "<![CDATA[", "<!--", "-->", "<?x y?>", "\"", "'", "=",
    " xsi:nil=\"true\"", " xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\"", "<x>", "</x>", "<x/>", " a=\"1\"", "\u{FEFF}", "\r",
    "\n", " ", "<!DOCTYPE root [<!ENTITY e \"<i>1</i>\">]>", "&e;", " xmlns:p=\"urn:p\"", "p:", "true", "-1", "1e309", "NaN", "0x1",
    "9999999999999999999999", "<value>", "</value>", "<_0>", "</_0>", "<super>", "</super>", "<a>", "</a>", "<b>", "</b>",
].map { Array($0.utf8) }

/// Applies the rest of the program's bytes to the document as mutations, at most 16.
func mutate(_ document: inout [UInt8], _ program: inout FuzzProgram) {
    var applied = 0
    while !program.isAtEnd, applied < 16, !document.isEmpty {
        applied += 1
        let operation = program.byte() % 6
        let at = program.number(below: document.count + 1)
        switch operation {
        case 0:
            if at < document.count { document[at] ^= program.byte() | 1 }
        case 1:
            let end = min(document.count, at + Int(program.byte() % 16) + 1)
            if at < end { document.removeSubrange(at..<end) }
        case 2:
            document.insert(contentsOf: tokens[Int(program.byte()) % tokens.count], at: at)
        case 3:
            let from = program.number(below: document.count)
            let end = min(document.count, from + Int(program.byte() % 32) + 1)
            document.insert(contentsOf: Array(document[from..<end]), at: at)
        case 4:
            if at < document.count { document[at] = program.byte() }
        default:
            // Cut the document short, as a truncated transfer does.
            if at < document.count { document.removeSubrange(at...) }
        }
    }
}

/// Checks one generated value: the round trip, then the damaged documents.
func check<T: GenShape>(_ value: T, _ settings: Settings, _ program: inout FuzzProgram) {
    let encoded: Data
    do {
        encoded = try settings.encoder.encode(value, withRootKey: settings.rootKey)
    } catch let EncodingError.invalidValue(_, context) where context.debugDescription.contains("cannot be told apart") {
        return
    } catch {
        fatalError("FuzzStructured: the encoder refused \(T.self) \(value): \(error)")
    }
    do {
        let decoded = try settings.decoder.decode(T.self, from: encoded)
        guard decoded == value else {
            fatalError("FuzzStructured: \(T.self) decoded differently\n value:   \(value)\n decoded: \(decoded)\n xml: \(String(decoding: encoded, as: UTF8.self))")
        }
    } catch {
        fatalError("FuzzStructured: \(T.self) did not decode: \(error)\n xml: \(String(decoding: encoded, as: UTF8.self))")
    }
    // The same value through the document store `encodeToTree` lays out, decoded from its root.
    do {
        let tree = try settings.encoder.encodeToTree(value, withRootKey: settings.rootKey)
        let decoded = try settings.decoder.decode(T.self, from: tree)
        guard decoded == value else {
            fatalError("FuzzStructured: \(T.self) decoded differently from encodeToTree\n value:   \(value)\n decoded: \(decoded)\n xml: \(String(decoding: encoded, as: UTF8.self))")
        }
    } catch {
        fatalError("FuzzStructured: \(T.self) did not go through encodeToTree: \(error)\n xml: \(String(decoding: encoded, as: UTF8.self))")
    }
    var damaged = Array(encoded)
    mutate(&damaged, &program)
    // Any outcome but a crash: a value (the damage may be harmless) or an error.
    _ = try? settings.decoder.decode(T.self, from: damaged)
    _ = try? XMLDecoder().decode(T.self, from: damaged)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStructured(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    var program = FuzzProgram(bytes: UnsafeBufferPointer(start: start, count: count))
    // The type from two bytes of its own: at most 65,536 distinct types, since the runtime keeps
    // the metadata of every generic type it has made (a seed of eight bytes made new types all
    // the time, and the process grew past libFuzzer's memory limit within a million runs).
    var typeRNG = SplitMix64(seed: UInt64(program.byte()) << 8 | UInt64(program.byte()))
    var rng = SplitMix64(seed: program.word())
    let settings = Settings(program.byte(), program.byte())
    let type = ShapeTypes.random(&typeRNG, depth: 3)
    func run<T: GenShape>(_: T.Type) {
        check(T.make(&rng, depth: 3), settings, &program)
    }
    run(type)
    return 0
}
