// FuzzReader: the libFuzzer entry point for XMLCodable's XML reader.
//
// Design: libFuzzer calls `LLVMFuzzerTestOneInput` with each input it generates. The bytes are
// read three ways, so the input storage, the encoding detection and both name modes are all
// exercised:
//
//   1. `XMLReader(unsafeBytes:)` over the fuzzer's own buffer, default options;
//   2. `XMLReader([UInt8])` over a copy, with namespace processing off;
//   3. `XMLReader([UInt8])` with tiny limits, so every limit check is reached by small inputs.
//
// Every event is pulled, and every name, text, attribute value and location is turned into a
// string, so the decoding paths (references, line ends, attribute normalization, entity
// replacement text) run too. `XMLParsingError` is the expected outcome for most inputs and is
// fine; a crash, a sanitizer report or a broken invariant (checked with `precondition`, which
// traps in release builds too) is a finding. The invariants are the reader's documented
// promises: a thrown error stays thrown, the end stays the end, positions are 1-based, and a
// document that ends cleanly has closed every element it opened.
//
// The file is not `main.swift`: libFuzzer provides `main`.

import XMLCodable

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let buffer = UnsafeRawBufferPointer(start: data, count: size)
    let bytes = Array(buffer)

    do {
        read(try XMLReader(unsafeBytes: buffer))
    } catch {
        checkPosition(error)
    }

    do {
        read(try XMLReader(bytes, options: XMLReader.Options(shouldProcessNamespaces: false)))
    } catch {
        checkPosition(error)
    }

    var tight = XMLReader.Limits()
    tight.maxDepth = 8
    tight.maxEntityExpansionBytes = 512
    tight.maxEntityExpansionRatio = 2
    tight.entityExpansionRatioThreshold = 64
    tight.maxAttributesPerElement = 4
    tight.maxNameLength = 16
    do {
        read(try XMLReader(bytes, options: XMLReader.Options(limits: tight)))
    } catch {
        checkPosition(error)
    }
    return 0
}

/// Pulls every event of `reader`, touching everything each one carries.
private func read(_ reader: XMLReader) {
    var reader = reader
    var sink = 0
    var opened = 0
    var closed = 0
    do {
        while let event = try reader.next() {
            precondition(reader.depth >= 0, "negative depth")
            switch event {
            case .startElement(let name):
                opened += 1
                sink &+= touch(name, in: reader)
                sink &+= reader.isEmptyElementTag ? 1 : 0
                for attribute in reader.attributes {
                    sink &+= touch(attribute.name, in: reader)
                    sink &+= touch(attribute.value, in: reader)
                    sink &+= attribute.isDefaulted ? 1 : 0
                }
            case .endElement(let name):
                closed += 1
                sink &+= touch(name, in: reader)
            case .text(let slice), .cdata(let slice), .comment(let slice):
                sink &+= touch(slice, in: reader)
            case .processingInstruction(let target, let data):
                sink &+= touch(target, in: reader) &+ touch(data, in: reader)
            case .doctype(let name):
                sink &+= touch(name, in: reader)
                if let doctype = reader.doctype {
                    sink &+= doctype.name.utf8.count &+ doctype.entityNames.count &+ doctype.notations.count
                }
            }
        }
        // A clean end: everything opened was closed, and the end stays the end.
        precondition(opened == closed, "document ended with \(opened - closed) element(s) open")
        precondition(reader.depth == 0, "depth \(reader.depth) at the end of the document")
        precondition((try? reader.next()) == .some(nil), "next() after the end did not return nil")
    } catch {
        checkPosition(error)
        // Once `next()` has thrown, every later call throws the same error.
        do {
            _ = try reader.next()
            preconditionFailure("next() after an error did not throw")
        } catch let again {
            precondition(again == error, "next() after an error threw a different error")
        }
    }
    if let declaration = reader.declaration {
        sink &+= declaration.version.utf8.count &+ (declaration.encoding?.utf8.count ?? 0)
    }
    blackHole(sink)
}

/// Decodes a slice every way the reader offers, and returns something derived from the results.
private func touch(_ slice: XMLSlice, in reader: XMLReader) -> Int {
    let text = reader.string(slice)
    let location = reader.location(of: slice)
    precondition(location.line >= 1 && location.column >= 1, "location \(location) is not 1-based")
    let raw = reader.withUnsafeRawBytes(of: slice) { $0.count }
    precondition(raw == slice.rawCount, "raw byte count differs from the slice's")
    let decoded = reader.withDecodedBytes(of: slice) { Array($0) }
    // The reader hands out valid UTF-8 only: decoding it as a String must not repair anything.
    precondition(decoded.elementsEqual(text.utf8), "decoded bytes are not valid UTF-8")
    precondition(reader.slice(slice, equals: text), "slice(_:equals:) is false for the slice's own text")
    return text.utf8.count &+ raw &+ decoded.count
}

/// Decodes a name every way the reader offers.
private func touch(_ name: XMLName, in reader: XMLReader) -> Int {
    var sink = touch(name.qualified, in: reader)
    sink &+= reader.localName(name).utf8.count
    sink &+= reader.namespaceURI(name)?.utf8.count ?? 0
    if let prefix = name.prefix { sink &+= touch(prefix, in: reader) }
    sink &+= reader.name(name, equals: "a") ? 1 : 0
    return sink
}

/// Checks what every error promises: a 1-based position at a non-negative offset, and a message.
private func checkPosition(_ error: XMLParsingError) {
    precondition(error.line >= 1 && error.column >= 1, "error position \(error.line):\(error.column) is not 1-based")
    precondition(error.offset >= 0, "negative error offset")
    blackHole(error.description.utf8.count)
}

/// Keeps the optimizer from dropping work whose result is otherwise unused.
@inline(never)
private func blackHole(_ value: Int) {
    withExtendedLifetime(value) {}
}
