// Line and column from a byte offset, computed only when someone asks (an error, a diagnostic).

extension XMLReader {
    /// A position in a document: 1-based line and column (in Unicode scalars) and the byte offset.
    public struct Location: Sendable, Hashable, CustomStringConvertible {
        /// The 1-based line.
        public var line: Int
        /// The 1-based column, counted in Unicode scalars.
        public var column: Int
        /// The byte offset into the document's UTF-8 bytes.
        public var offset: Int

        /// Creates a location from its parts.
        public init(line: Int, column: Int, offset: Int) {
            self.line = line
            self.column = column
            self.offset = offset
        }

        /// Finds the line and column of `offset` in `bytes`. A line ends at `\n`, at `\r\n` and at a
        /// lone `\r`, as XML's end-of-line handling counts them.
        internal init(offset: Int, in bytes: UncheckedBytes) {
            let limit = max(0, min(offset, bytes.count))
            var line = 1
            var lineStart = 0
            var index = 0
            while index < limit {
                let byte = bytes[unchecked: index]
                if byte == 0x0A {
                    line += 1
                    lineStart = index + 1
                } else if byte == 0x0D {
                    if index + 1 < bytes.count, bytes[unchecked: index + 1] == 0x0A { index += 1 }
                    line += 1
                    lineStart = index + 1
                }
                index += 1
            }
            self.init(line: line, column: Self.column(of: limit, lineStart: lineStart, in: bytes), offset: offset)
        }

        /// The 1-based column of byte `limit` on the line that starts at byte `lineStart`, in
        /// Unicode scalars.
        package static func column(of limit: Int, lineStart: Int, in bytes: UncheckedBytes) -> Int {
            var column = 1
            var position = lineStart
            // A byte order mark is not a character anyone sees: columns on line 1 start after it.
            // (`limit` is at most `bytes.count`, as every caller cuts it, so the reads are in bounds.)
            if lineStart == 0, limit >= 3, bytes[unchecked: 0] == 0xEF, bytes[unchecked: 1] == 0xBB,
                bytes[unchecked: 2] == 0xBF
            {
                position = 3
            }
            while position < limit {
                if bytes[unchecked: position] & 0xC0 != 0x80 { column += 1 }
                position += 1
            }
            return column
        }

        /// The location as `LINE:COLUMN`.
        public var description: String { "\(line):\(column)" }
    }
}
