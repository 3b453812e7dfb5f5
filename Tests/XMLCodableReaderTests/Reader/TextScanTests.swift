// Edge cases of the text and attribute-value fast paths: the sixteen-byte blocks of `VectorScan`
// (every byte value in every lane against the byte-by-byte classes), texts and values of every
// length from 0 to 80 with a special byte or reference at every position (so that it falls in
// every lane of a block, in the eight-byte word after the blocks and in the last bytes read one by
// one), and the shortcut for `&amp;`, `&lt;` and `&gt;` (which must still obey the name-length
// limit). Then the word-at-a-time paths around tags: names whose lowercase letters are skipped
// eight at a time (`WordScan.notLowercaseLetters`), each other name byte at every position; end
// tags compared with their start tags as words; and indentation skipped eight spaces at a time.
// Last, runs of two-byte characters skipped four at a time, with something else at every position.

import Testing

@testable import XMLCodableReader

@Suite struct TextScanTests {
    /// Whether a byte may end plain text, byte by byte: what `ByteClass.textStop` marks, and the
    /// tab and line feed that the word and block scans stop at too.
    static func isTextStop(_ byte: UInt8) -> Bool {
        ByteClass.table[Int(byte)] & ByteClass.textStop != 0 || byte == 0x09 || byte == 0x0A
    }

    // MARK: - Blocks against the byte classes

    @Test func blockStopsAreTheByteClassesInEveryLane() {
        for value in 0...255 {
            let byte = UInt8(value)
            for lane in 0..<16 {
                var block = SIMD16<UInt8>(repeating: UInt8(ascii: "x"))
                block[lane] = byte
                let text = VectorScan.firstSet(VectorScan.textStops(block))
                #expect(text == (Self.isTextStop(byte) ? lane : 16), "text: byte \(value) in lane \(lane)")
                let attribute = VectorScan.firstSet(VectorScan.attributeValueStops(block))
                let isAttributeStop = ByteClass.table[Int(byte)] & ByteClass.attributeStop != 0
                #expect(attribute == (isAttributeStop ? lane : 16), "attribute value: byte \(value) in lane \(lane)")
                // A second stop later in the block does not hide the first.
                if lane < 15 {
                    block[15] = UInt8(ascii: "<")
                    #expect(VectorScan.firstSet(VectorScan.textStops(block)) == (Self.isTextStop(byte) ? lane : 15))
                    #expect(VectorScan.firstSet(VectorScan.attributeValueStops(block)) == (isAttributeStop ? lane : 15))
                }
            }
        }
    }

    @Test func blockStopsAgreeWithTheWordScan() {
        // Two bytes of interest in any two lanes: the lowest stop of each half of the block, as
        // `WordScan` finds it, is the block's first.
        let interesting: [UInt8] = [
            0x00, 0x09, 0x0A, 0x0D, 0x1F, 0x20, 0x22, 0x26, 0x27, 0x3C, 0x3E, 0x5D, 0x7F, 0x80, 0xC3, 0xFF,
        ]
        for first in interesting {
            for second in interesting {
                for firstLane in 0..<16 {
                    for secondLane in 0..<16 where secondLane != firstLane {
                        var block = SIMD16<UInt8>(repeating: UInt8(ascii: "a"))
                        block[firstLane] = first
                        block[secondLane] = second
                        var low: UInt64 = 0
                        var high: UInt64 = 0
                        for lane in 0..<8 {
                            low |= UInt64(block[lane]) << (8 * lane)
                            high |= UInt64(block[lane + 8]) << (8 * lane)
                        }
                        func firstStop(_ stops: (UInt64) -> UInt64) -> Int {
                            if stops(low) != 0 { return stops(low).trailingZeroBitCount / 8 }
                            if stops(high) != 0 { return 8 + stops(high).trailingZeroBitCount / 8 }
                            return 16
                        }
                        #expect(VectorScan.firstSet(VectorScan.textStops(block)) == firstStop(WordScan.textStops))
                        #expect(
                            VectorScan.firstSet(VectorScan.attributeValueStops(block))
                                == firstStop(WordScan.attributeValueStops))
                    }
                }
            }
        }
    }

    // MARK: - Text of every length, a special byte at every position

    /// Specials that text may hold, and what they decode to.
    static let textSpecials: [(written: String, decoded: String)] = [
        ("&amp;", "&"), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&apos;", "'"), ("&#65;", "A"),
        ("&#x42;", "B"),
        ("]", "]"), ("]]", "]]"), (">", ">"), ("\t", "\t"), ("\n", "\n"), ("\r\n", "\n"), ("\r", "\n"),
        ("é", "é"), ("東京", "東京"), ("😀", "😀"), ("ελληνικά", "ελληνικά"), ("&amp;&lt;", "&<"),
    ]

    @Test func textOfEveryLengthWithASpecialAtEveryPosition() throws {
        for length in 0...80 {
            for position in 0...length {
                let before = String(repeating: "a", count: position)
                let after = String(repeating: "b", count: length - position)
                for (written, decoded) in Self.textSpecials {
                    let xml = "<r>\(before)\(written)\(after)</r>"
                    #expect(try trace(xml) == ["<r>", "\"\(before)\(decoded)\(after)\"", "</r>"], "\(xml)")
                }
            }
        }
    }

    @Test func errorsInTextOfEveryLengthAtEveryPosition() {
        // (written, the error's offset from the special, its reason)
        let cases: [(String, Int, XMLParsingError.Reason)] = [
            ("\u{1}", 0, .invalidCharacter(codePoint: 1)),
            ("\u{FFFE}", 0, .invalidCharacter(codePoint: 0xFFFE)),
            ("]]>", 0, .syntax("']]>' is not allowed in character data")),
            ("&e;", 0, .undeclaredEntity("e")),
            ("&amp ", 4, .unexpectedCharacter(found: "space", expected: "';' to end the entity reference")),
            ("&lt ", 3, .unexpectedCharacter(found: "space", expected: "';' to end the entity reference")),
            ("&l;", 0, .undeclaredEntity("l")),
            ("&ampx;", 0, .undeclaredEntity("ampx")),
        ]
        for length in 0...80 {
            for position in 0...length {
                let before = String(repeating: "a", count: position)
                let after = String(repeating: "b", count: length - position)
                for (written, offset, reason) in cases {
                    let xml = "<r>\(before)\(written)\(after)</r>"
                    let error = readError(xml)
                    #expect(error?.reason == reason, "\(xml)")
                    #expect(error?.offset == 3 + position + offset, "\(xml)")
                }
                // Bytes that are not UTF-8.
                let bytes = Array("<r>\(before)".utf8) + [0xFF] + Array("\(after)</r>".utf8)
                let invalid = readError(bytes)
                #expect(invalid?.reason == .invalidUTF8)
                #expect(invalid?.offset == 3 + position)
            }
            // Text cut off by the end of the document, with a reference last.
            let cut = "<r>" + String(repeating: "a", count: length) + "&amp;"
            #expect(readError(cut)?.reason == .unclosedElement("r"))
            #expect(readError(cut)?.offset == cut.utf8.count)
        }
    }

    // MARK: - Attribute values of every length, a special byte at every position

    @Test func attributeValuesOfEveryLengthWithASpecialAtEveryPosition() throws {
        let specials: [(written: String, decoded: String)] = [
            ("&amp;", "&"), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#65;", "A"), ("'", "'"), (">", ">"),
            ("]]>", "]]>"),
            ("\t", " "), ("\n", " "), ("\r\n", " "), ("é", "é"), ("東京", "東京"), ("😀", "😀"), ("&lt;&gt;", "<>"),
        ]
        for length in 0...80 {
            for position in 0...length {
                let before = String(repeating: "a", count: position)
                let after = String(repeating: "b", count: length - position)
                for (written, decoded) in specials {
                    let xml = "<r a=\"\(before)\(written)\(after)\"/>"
                    #expect(try trace(xml) == ["<r a=\"\(before)\(decoded)\(after)\">", "</r>"], "\(xml)")
                }
                let prefix = "<r a=\"\(before)"
                for (written, offset, reason) in [
                    ("<", 0, XMLParsingError.Reason.syntax("'<' is not allowed in attribute values")),
                    ("\u{1}", 0, .invalidCharacter(codePoint: 1)),
                    ("&e;", 0, .undeclaredEntity("e")),
                    ("&gt ", 3, .unexpectedCharacter(found: "space", expected: "';' to end the entity reference")),
                ] {
                    let error = readError("\(prefix)\(written)\(after)\"/>")
                    #expect(error?.reason == reason, "\(prefix)\(written)")
                    #expect(error?.offset == prefix.utf8.count + offset, "\(prefix)\(written)")
                }
            }
        }
    }

    // MARK: - The predefined-reference shortcut and the name-length limit

    @Test func shortReferencesStillObeyTheNameLengthLimit() throws {
        func options(_ maxNameLength: Int) -> XMLReader.Options {
            var limits = XMLReader.Limits()
            limits.maxNameLength = maxNameLength
            return XMLReader.Options(limits: limits)
        }
        // `amp` is three bytes long, `lt` and `gt` two.
        for (xml, nameOffset) in [
            ("<r>x&amp;y</r>", 5), ("<r>&amp;</r>", 4), ("<r a='x&amp;'/>", 8), ("<r a='&amp;'/>", 7),
        ] {
            #expect(try trace(xml, options: options(3)).count > 1)
            let error = readError(xml, options: options(2))
            #expect(error?.reason == .nameLengthLimitExceeded(limit: 2), "\(xml)")
            #expect(error?.offset == nameOffset, "\(xml)")
        }
        for (xml, nameOffset) in [("<r>x&lt;y</r>", 5), ("<r>&gt;</r>", 4), ("<r a='x&lt;'/>", 8)] {
            #expect(try trace(xml, options: options(2)).count > 1)
            let error = readError(xml, options: options(1))
            #expect(error?.reason == .nameLengthLimitExceeded(limit: 1), "\(xml)")
            #expect(error?.offset == nameOffset, "\(xml)")
        }
    }

    // MARK: - Names, end tags and indentation, word by word

    @Test func lowercaseWordsAgreeWithTheByteClasses() {
        for value in 0...255 {
            let byte = UInt8(value)
            let isLowercase = byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")
            for lane in 0..<8 {
                let word =
                    (WordScan.ones &* UInt64(UInt8(ascii: "m"))) & ~(0xFF << (8 * lane)) | UInt64(byte) << (8 * lane)
                let others = WordScan.notLowercaseLetters(word)
                #expect(
                    (others == 0 ? 8 : others.trailingZeroBitCount / 8) == (isLowercase ? 8 : lane),
                    "byte \(value) in lane \(lane)")
            }
        }
    }

    @Test func namesOfEveryLengthWithAnotherByteAtEveryPosition() throws {
        // Name characters that are not lowercase letters, and what follows a name.
        let inside = ["A", "Z", "0", "9", "-", ".", "_", "é", "東", "\u{300}"]
        for length in 1...40 {
            for position in 1...length {
                let before = String(repeating: "n", count: position)
                let after = String(repeating: "m", count: length - position)
                for other in inside {
                    let name = "\(before)\(other)\(after)"
                    #expect(
                        try trace("<\(name) \(name)='v'>\(name)</\(name)>") == [
                            "<\(name) \(name)=\"v\">", "\"\(name)\"", "</\(name)>",
                        ])
                    #expect(try trace("<\(name)/>") == ["<\(name)>", "</\(name)>"])
                    #expect(
                        try trace("<r><\(name)\n>x</\(name) ></r>") == [
                            "<r>", "<\(name)>", "\"x\"", "</\(name)>", "</r>",
                        ])
                }
                // A prefix, and a colon where namespaces make it an error.
                let prefixed = "\(before):\(after)x"
                #expect(
                    try trace("<\(prefixed) xmlns:\(before)='urn:u'/>").first
                        == "<\(prefixed) xmlns:\(before)=\"urn:u\">")
                let unbound = readError("<\(prefixed)/>")
                #expect(unbound?.reason == .undeclaredNamespacePrefix(before), "\(prefixed)")
                // A byte no name may hold ends the name: here, where a tag may not go on.
                for stop in ["!", "\u{1}", "\u{FFFE}"] {
                    let xml = "<\(before)\(stop)\(after)/>"
                    let error = readError(xml)
                    #expect(error != nil, "\(xml)")
                    #expect(error?.offset == 1 + position, "\(xml)")
                }
            }
            // The name-length limit, with the name's last bytes skipped in a word or not.
            var limits = XMLReader.Limits()
            limits.maxNameLength = length
            let name = String(repeating: "n", count: length)
            #expect(try trace("<\(name)/>", options: XMLReader.Options(limits: limits)) == ["<\(name)>", "</\(name)>"])
            let long = readError("<\(name)x/>", options: XMLReader.Options(limits: limits))
            #expect(long?.reason == .nameLengthLimitExceeded(limit: length))
            #expect(long?.offset == 1)
            // Cut off by the end of the document.
            #expect(readError("<\(name)")?.reason == .unexpectedEndOfInput(expected: "'>' to end the start tag"))
        }
    }

    @Test func endTagsThatDifferInOneByteAtEveryPosition() {
        for length in 1...40 {
            let name = String(repeating: "n", count: length)
            for position in 0..<length {
                var other = Array(name.utf8)
                other[position] = UInt8(ascii: "m")
                let wrong = String(decoding: other, as: UTF8.self)
                for xml in [
                    "<\(name)></\(wrong)>", "<r><\(name)>x</\(wrong)></r>",
                    "<\(name)></\(wrong)>" + String(repeating: " ", count: 20),
                ] {
                    let error = readError(xml)
                    #expect(error?.reason == .mismatchedEndTag(expected: name, found: wrong), "\(xml)")
                }
            }
            // One byte longer or shorter than the open element's name.
            #expect(readError("<\(name)></\(name)n>")?.reason == .mismatchedEndTag(expected: name, found: name + "n"))
            if length > 1 {
                #expect(
                    readError("<\(name)></\(name.dropLast())>")?.reason
                        == .mismatchedEndTag(expected: name, found: String(name.dropLast())))
            }
        }
    }

    @Test func indentationOfEveryLength() throws {
        for length in 0...80 {
            let spaces = String(repeating: " ", count: length)
            #expect(
                try trace("<r>\n\(spaces)<a/>\n\(spaces)</r>") == [
                    "<r>", "\"\n\(spaces)\"", "<a>", "</a>", "\"\n\(spaces)\"", "</r>",
                ])
            // Other text after the spaces, or a tab among them.
            #expect(try trace("<r>\n\(spaces)x</r>") == ["<r>", "\"\n\(spaces)x\"", "</r>"])
            #expect(try trace("<r>\n\(spaces)\t<a/></r>") == ["<r>", "\"\n\(spaces)\t\"", "<a>", "</a>", "</r>"])
            #expect(try trace("<r>\n\(spaces)&amp;</r>") == ["<r>", "\"\n\(spaces)&\"", "</r>"])
            // Spaces up to the end of the document.
            let cut = "<r>\n\(spaces)"
            #expect(readError(cut)?.reason == .unclosedElement("r"))
            #expect(readError(cut)?.offset == cut.utf8.count)
        }
    }

    // MARK: - Runs of two-byte characters

    @Test func runsOfTwoByteCharactersWithSomethingElseAtEveryPosition() throws {
        let greek = Array("λ".utf8)
        // Characters that end or continue a run, and bytes that are not UTF-8 or not XML.
        let fine: [[UInt8]] = [
            Array("x".utf8), Array("é".utf8), Array("߿".utf8), Array("\u{80}".utf8), Array("東".utf8), Array("😀".utf8),
        ]
        let invalid: [([UInt8], XMLParsingError.Reason)] = [
            ([0xC0, 0x80], .invalidUTF8), ([0xC1, 0xBF], .invalidUTF8), ([0x80], .invalidUTF8),
            ([0xCE, 0x41], .invalidUTF8),
            ([0xCE, 0xCE], .invalidUTF8), ([0xEF, 0xBF, 0xBE], .invalidCharacter(codePoint: 0xFFFE)),
        ]
        for length in 0...20 {
            for position in 0...length {
                let before = Array(repeating: greek, count: position).flatMap { $0 }
                let after = Array(repeating: greek, count: length - position).flatMap { $0 }
                for (open, close) in [("<r>", "</r>"), ("<r a='", "'/>")] {
                    for other in fine {
                        let bytes = Array(open.utf8) + before + other + after + Array(close.utf8)
                        var reader = try XMLReader(bytes)
                        let events = try trace(&reader)
                        let text = String(decoding: before + other + after, as: UTF8.self)
                        #expect(events.contains(open == "<r>" ? "\"\(text)\"" : "<r a=\"\(text)\">"), "\(bytes)")
                    }
                    for (other, reason) in invalid {
                        let bytes = Array(open.utf8) + before + other + after + Array(close.utf8)
                        let error = readError(bytes)
                        #expect(error?.reason == reason, "\(bytes)")
                        #expect(error?.offset == open.utf8.count + before.count, "\(bytes)")
                    }
                }
            }
            // A run up to the end of the document, whole or with its last character cut.
            let run = Array(repeating: greek, count: length).flatMap { $0 }
            #expect(readError(Array("<r>".utf8) + run)?.reason == .unclosedElement("r"))
            let cut = readError(Array("<r>".utf8) + run + [0xCE])
            #expect(cut?.reason == .invalidUTF8)
            #expect(cut?.offset == 3 + run.count)
        }
    }
}
