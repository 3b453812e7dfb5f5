// XMLIndex.CompactAttribute: an attribute in 16 bytes instead of the reader's 36, for indexes
// (the decoder's and a parsed XMLTree's store), where attributes are most of the memory of
// attribute-heavy documents.
//
// Design: an `XMLAttribute` spends 12 bytes on each slice (start, end, buffer number and flags)
// and 4 each on its prefix length and namespace number. In almost every attribute the name and
// the value are in the document itself (buffer 0), the name is short, the value follows the name
// closely (`name="value"`: the value starts a few bytes after the name), and the document uses
// few namespaces. Such an attribute is packed: the name's start and 16-bit length, the value's
// distance from the name's start (16-bit) and 32-bit length, an 8-bit namespace number and prefix
// length, the value's flags and two flags. Any other — a default from the DTD (in the DTD's
// buffers), a name of 64 KiB or more, a value far from its name, a prefix of 255 bytes or more,
// a namespace numbered 256 or more — is kept whole in an overflow array, and the packed entry holds its number
// there:
//
//     <node id="7" lat="1.5"/>      packed:   name 6+2  value +4 (10), 1 byte  ns 0  prefix none
//     <!ATTLIST node v CDATA "x">   overflow: XMLAttribute(name in the DTD's buffer, …)

extension XMLIndex {
    struct CompactAttribute {
        /// The name's start in the document, or, for an overflowed attribute, its number in the
        /// overflow array.
        var nameStart: UInt32
        var valueLength: UInt32
        var nameLength: UInt16
        /// The value's start minus the name's.
        var valueOffset: UInt16
        var namespaceID: UInt8
        /// The prefix's length; `noPrefix` for none.
        var prefixLength: UInt8
        var valueFlags: UInt8
        var bits: UInt8

        static let noPrefix: UInt8 = 0xFF
        static let defaulted: UInt8 = 1
        static let namespaceDeclaration: UInt8 = 2
        /// The attribute is `overflow[nameStart]`.
        static let overflowed: UInt8 = 4

        /// Packs `attribute`, or, when it does not fit, appends it to `overflow` and refers to it.
        @inline(__always)
        init(_ attribute: XMLAttribute, overflow: inout [XMLAttribute]) {
            let name = attribute.name
            let nameSlice = name.qualified
            let value = attribute.value
            let nameLength = nameSlice._end &- nameSlice._start
            let valueOffset = value._start &- nameSlice._start
            // One test for every condition (unsigned arithmetic: a negative offset, or a prefix
            // length of -1 plus one, wraps to a large number or zero as wanted). Both slices in
            // the document (buffer 0), the name without flags; name length and value offset
            // below 0xFFFF; prefix length from -1 to 254; namespace number from 0 to 255.
            let tooLarge =
                (nameSlice._sourceAndFlags | value._sourceAndFlags >> 8) | ((nameLength | valueOffset) >> 16)
                | ((nameLength | valueOffset) &+ 1) >> 16
                | UInt32(bitPattern: name.prefixLength &+ 1) >> 8 | UInt32(bitPattern: name.namespaceID) >> 8
            var bits: UInt8 =
                (attribute.isDefaulted ? Self.defaulted : 0)
                | (attribute.isNamespaceDeclaration ? Self.namespaceDeclaration : 0)
            if tooLarge == 0 {
                nameStart = nameSlice._start
                self.nameLength = UInt16(truncatingIfNeeded: nameLength)
                self.valueOffset = UInt16(truncatingIfNeeded: valueOffset)
                valueLength = value._end &- value._start
                namespaceID = UInt8(truncatingIfNeeded: name.namespaceID)
                prefixLength = UInt8(truncatingIfNeeded: name.prefixLength)
                valueFlags = UInt8(truncatingIfNeeded: value._sourceAndFlags)
            } else {
                bits |= Self.overflowed
                nameStart = UInt32(truncatingIfNeeded: overflow.count)
                self.nameLength = 0
                self.valueOffset = 0
                valueLength = 0
                namespaceID = 0
                prefixLength = Self.noPrefix
                valueFlags = 0
                overflow.append(attribute)
            }
            self.bits = bits
        }

        var isNamespaceDeclaration: Bool { bits & Self.namespaceDeclaration != 0 }

        /// Whether the attribute is kept whole in the overflow array (`nameStart` is then its
        /// number there, not a position in the document).
        var isOverflowed: Bool { bits & Self.overflowed != 0 }

        /// The attribute, unpacked.
        @inline(__always)
        func attribute(overflow: [XMLAttribute]) -> XMLAttribute {
            if bits & Self.overflowed != 0 { return overflowed(overflow) }
            let start = Int(nameStart)
            let name = XMLName(
                qualified: XMLSlice(source: 0, start: start, end: start + Int(nameLength)),
                prefixLength: prefixLength == Self.noPrefix ? -1 : Int32(prefixLength), namespaceID: Int32(namespaceID))
            let valueStart = start + Int(valueOffset)
            let value = XMLSlice(
                source: 0, start: valueStart, end: valueStart + Int(valueLength),
                flags: XMLSlice.Flags(rawValue: valueFlags))
            return XMLAttribute(
                name: name, value: value, isDefaulted: bits & Self.defaulted != 0,
                isNamespaceDeclaration: bits & Self.namespaceDeclaration != 0)
        }

        @inline(never)
        private func overflowed(_ overflow: [XMLAttribute]) -> XMLAttribute {
            let index = Int(nameStart)
            // Always in range for an entry made by `init`; an empty attribute otherwise.
            guard overflow.indices.contains(index) else {
                let empty = XMLSlice(source: 0, start: 0, end: 0)
                return XMLAttribute(
                    name: XMLName(qualified: empty), value: empty, isDefaulted: false, isNamespaceDeclaration: false)
            }
            return overflow[index]
        }
    }
}
