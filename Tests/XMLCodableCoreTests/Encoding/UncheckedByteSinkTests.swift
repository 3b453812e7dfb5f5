// UncheckedByteSink holds the encoder's value bytes and the compact writer's output, stored without
// Swift's checks. These tests hold it to an `[UInt8]` doing the same: appends that grow it from one
// byte of room, copies of its own ranges, decimal digits of every integer width at its extremes
// (whose digits are moved over themselves when the number is long), fixed-point decimals of every
// length and scale, `put`s that overflow and store nothing, and the `Data` that takes its memory
// over. The random runs are seeded.
//
// For example, a sink of capacity 1 appended "<a>", 255 as a `UInt8` and a copy of its first
// three bytes holds "<a>255<a>", as the array does.

import Foundation
import Testing
@testable import XMLCodableCore

@Suite struct UncheckedByteSinkTests {
    private func bytes(_ sink: borrowing UncheckedByteSink) -> [UInt8] {
        var copy: [UInt8] = []
        copy.append(contentsOf: sink.view)
        return copy
    }

    @Test func appendsGrowFromOneByteAndMatchAnArray() {
        var sink = UncheckedByteSink(capacity: 1)
        var expected: [UInt8] = []
        var random = SplitMix64(seed: 35)
        for round in 0..<200 {
            let run = (0..<(round % 37)).map { _ in UInt8.random(in: 0...255, using: &random) }
            run.withUncheckedBytes { sink.append($0) }
            expected += run
            if round % 5 == 0, expected.count >= 3 {
                let start = Int.random(in: 0..<(expected.count - 2), using: &random)
                let end = Int.random(in: start...expected.count, using: &random)
                sink.appendCopy(unchecked: start..<end)
                expected += expected[start..<end]
            }
            let (count, capacity) = (sink.count, sink.capacity)
            #expect(count == expected.count && count <= capacity)
        }
        let overflowed = sink.overflowed
        #expect(bytes(sink) == expected)
        #expect(!overflowed)
    }

    @Test func decimalsOfEveryWidthAtTheirExtremes() {
        var sink = UncheckedByteSink(capacity: 1)
        var expected = ""
        func add<I: FixedWidthInteger>(_ values: [I]) {
            for value in values {
                let length = sink.appendDecimal(value)
                expected += value.description
                #expect(length == value.description.utf8.count, "\(value)")
            }
        }
        add([Int8.min, -1, 0, 9, 10, Int8.max])
        add([UInt8.min, UInt8.max])
        add([Int16.min, Int16.max])
        add([Int32.min, Int32.max])
        add([Int64.min, Int64.min + 1, -999_999_999_999, Int64.max, 1_000_000_000_000_000_000])
        add([UInt64.max, UInt64.max / 10, UInt64(UInt32.max) + 1])
        add([Int.min, Int.max, 0])
        // Every length from one digit to twenty, at the edges where a digit is added (odd and even
        // counts: the digits are written two at a time, the first one or two last).
        var power: UInt64 = 1
        for _ in 0..<19 {
            add([power - 1, power, power + 1, power * 9 + (power - 1)])
            power *= 10
        }
        add([power - 1, power, UInt64.max])
        add(Array(Int16(-1_000)...1_000))
        #expect(bytes(sink) == Array(expected.utf8))
    }

    @Test func fixedPointDecimalsOfEveryLengthAndScale() {
        var sink = UncheckedByteSink(capacity: 1)
        var expected = ""
        var power: UInt64 = 1
        for _ in 0..<16 {
            for digits in [power, power + 1, power * 9 + (power - 1), power * 3 + 7] {
                for fractionDigits in 0..<20 {
                    for negative in [false, true] {
                        let length = sink.appendFixedPoint(digits, fractionDigits: fractionDigits, negative: negative)
                        var text = String(digits)
                        if fractionDigits == 0 {
                            text += ".0"
                        } else {
                            if text.count <= fractionDigits {
                                text = String(repeating: "0", count: fractionDigits - text.count + 1) + text
                            }
                            text.insert(".", at: text.index(text.endIndex, offsetBy: -fractionDigits))
                        }
                        if negative { text = "-" + text }
                        expected += text
                        #expect(length == text.utf8.count, "\(digits) \(fractionDigits)")
                    }
                }
            }
            power *= 10
        }
        #expect(bytes(sink) == Array(expected.utf8))
    }

    @Test func aPutThatDoesNotFitStoresNothingAndIsNoted() {
        var sink = UncheckedByteSink(capacity: 4)
        sink.put(UncheckedBytes("<a>"))
        let fitted = !sink.overflowed
        #expect(fitted)
        sink.put(UncheckedBytes("</"))
        let overflowed = sink.overflowed
        #expect(overflowed)
        #expect(bytes(sink) == Array("<a>".utf8))
        sink.put(UInt8(ascii: "x"))
        sink.put(UInt8(ascii: "y"))
        let capacity = sink.capacity
        #expect(bytes(sink) == Array("<a>x".utf8) && capacity == 4)
        sink.removeAll()
        let (emptied, count) = (!sink.overflowed, sink.count)
        #expect(emptied && count == 0)
    }

    @Test func elementsEndTagsAndAttributesOfEveryShortLength() {
        // Lengths 1 to 20 cover each way `copy` stores a run (bytes, words, two words, copyMemory).
        var sink = UncheckedByteSink(capacity: 1)
        var expected: [UInt8] = []
        for nameLength in 1...20 {
            for textLength in 0...20 {
                let name = (0..<nameLength).map { UInt8(ascii: "a") + UInt8($0 % 26) }
                let text = (0..<textLength).map { UInt8(ascii: "0") + UInt8($0 % 10) }
                let runs = [
                    Array("<".utf8) + name + Array(">".utf8) + text + Array("</".utf8) + name + Array(">".utf8),
                    Array("</".utf8) + name + Array(">".utf8),
                    Array(" ".utf8) + name + Array("=\"".utf8) + text + Array("\"".utf8),
                ]
                sink.reserve(runs.reduce(0) { $0 + $1.count })
                name.withUncheckedBytes { name in
                    text.withUncheckedBytes { text in
                        sink.put(element: name, text: text)
                        sink.put(endTag: name)
                        sink.put(attribute: name, value: text)
                    }
                }
                expected += runs.joined()
            }
        }
        let overflowed = sink.overflowed
        #expect(!overflowed)
        #expect(bytes(sink) == expected)
    }

    @Test func aCompositePutThatDoesNotFitStoresNothing() {
        // `<ab>xyz</ab>` is 12 bytes: it fits in 12 exactly, and stores nothing in 11.
        for (capacity, fits) in [(12, true), (11, false)] {
            var sink = UncheckedByteSink(capacity: capacity)
            sink.put(element: UncheckedBytes("ab"), text: UncheckedBytes("xyz"))
            let (overflowed, count) = (sink.overflowed, sink.count)
            #expect(overflowed == !fits && count == (fits ? 12 : 0), "capacity \(capacity)")
        }
        // `</ab>` is 5 bytes and ` ab="xyz"` is 9.
        for (capacity, fits) in [(5, true), (4, false)] {
            var sink = UncheckedByteSink(capacity: capacity)
            sink.put(endTag: UncheckedBytes("ab"))
            let (overflowed, count) = (sink.overflowed, sink.count)
            #expect(overflowed == !fits && count == (fits ? 5 : 0), "capacity \(capacity)")
        }
        for (capacity, fits) in [(9, true), (8, false)] {
            var sink = UncheckedByteSink(capacity: capacity)
            sink.put(attribute: UncheckedBytes("ab"), value: UncheckedBytes("xyz"))
            let (overflowed, count) = (sink.overflowed, sink.count)
            #expect(overflowed == !fits && count == (fits ? 9 : 0), "capacity \(capacity)")
            if fits { #expect(bytes(sink) == Array(" ab=\"xyz\"".utf8)) }
        }
    }

    @Test func dataTakesTheBytesOver() {
        var small = UncheckedByteSink(capacity: 16)
        small.put(UncheckedBytes("<n>7</n>"))
        #expect(small.data() == Data("<n>7</n>".utf8))

        // Shrunk first: more than 4 KB of room unused.
        var large = UncheckedByteSink(capacity: 1 << 16)
        let text = String(repeating: "abc", count: 100)
        var copy = text
        copy.withUncheckedUTF8 { large.put($0) }
        #expect(large.data() == Data(text.utf8))

        let empty = UncheckedByteSink(capacity: 0)
        #expect(empty.data().isEmpty)
    }
}
