// XMLIndex.CompactAttribute: an attribute in 20 bytes instead of 36, for indexes that are kept
// (a parsed XMLTree's store), where attributes are most of the memory of attribute-heavy
// documents.
//
// Design: an `XMLAttribute` spends 12 bytes on each slice (buffer number, start, end, flags) and
// 4 each on its prefix length and namespace number. In almost every attribute the name and the
// value are in the document itself (buffer 0), the name is short, and the document uses a few
// namespaces; such an attribute is packed (name start and 16-bit length, value start and 32-bit
// length, 16-bit namespace number, 8-bit prefix length, value flags, two flags). Any other — a
// default from the DTD (in the DTD's buffers), a name of 64 KiB or more, a prefix of 255 bytes or
// more, the 65,536th namespace — is kept whole in an overflow array, and the packed entry holds its
// number there:
//
//     <node id="7" lat="1.5"/>      packed:   name 6+2  value 10+1  ns 0  prefix none
//     <!ATTLIST node v CDATA "x">   overflow: XMLAttribute(name in the DTD's buffer, …)

extension XMLIndex {
    struct CompactAttribute {
        var nameStart: UInt32
        var valueStart: UInt32
        var valueLength: UInt32
        var nameLength: UInt16
        var namespaceID: UInt16
        /// The prefix's length; `noPrefix` for none.
        var prefixLength: UInt8
        var valueFlags: UInt8
        var bits: UInt8

        static let noPrefix: UInt8 = 0xFF
        static let defaulted: UInt8 = 1
        static let namespaceDeclaration: UInt8 = 2
        /// The attribute is `overflow[valueStart]`.
        static let overflowed: UInt8 = 4

        /// Packs `attribute`, or, when it does not fit, appends it to `overflow` and refers to it.
        init(_ attribute: XMLAttribute, overflow: inout [XMLAttribute]) {
            let name = attribute.name
            let fits =
                name.qualified.source == 0 && attribute.value.source == 0 && name.qualified.flags.rawValue == 0
                && name.qualified.end - name.qualified.start < Int(UInt16.max) && name.prefixLength < Int32(CompactAttribute.noPrefix)
                && name.namespaceID >= 0 && name.namespaceID <= Int32(UInt16.max)
            var bits: UInt8 = (attribute.isDefaulted ? Self.defaulted : 0) | (attribute.isNamespaceDeclaration ? Self.namespaceDeclaration : 0)
            if fits {
                nameStart = UInt32(truncatingIfNeeded: name.qualified.start)
                nameLength = UInt16(truncatingIfNeeded: name.qualified.end - name.qualified.start)
                valueStart = UInt32(truncatingIfNeeded: attribute.value.start)
                valueLength = UInt32(truncatingIfNeeded: attribute.value.end - attribute.value.start)
                namespaceID = UInt16(truncatingIfNeeded: name.namespaceID)
                prefixLength = name.prefixLength < 0 ? Self.noPrefix : UInt8(truncatingIfNeeded: name.prefixLength)
                valueFlags = attribute.value.flags.rawValue
            } else {
                bits |= Self.overflowed
                nameStart = 0
                nameLength = 0
                valueStart = UInt32(truncatingIfNeeded: overflow.count)
                valueLength = 0
                namespaceID = 0
                prefixLength = Self.noPrefix
                valueFlags = 0
                overflow.append(attribute)
            }
            self.bits = bits
        }

        /// The attribute, unpacked.
        func attribute(overflow: [XMLAttribute]) -> XMLAttribute {
            if bits & Self.overflowed != 0 {
                let index = Int(valueStart)
                // Always in range for an entry made by `init`; an empty attribute otherwise.
                guard overflow.indices.contains(index) else {
                    let empty = XMLSlice(source: 0, start: 0, end: 0)
                    return XMLAttribute(name: XMLName(qualified: empty), value: empty, isDefaulted: false, isNamespaceDeclaration: false)
                }
                return overflow[index]
            }
            let start = Int(nameStart)
            let name = XMLName(
                qualified: XMLSlice(source: 0, start: start, end: start + Int(nameLength)),
                prefixLength: prefixLength == Self.noPrefix ? -1 : Int32(prefixLength), namespaceID: Int32(namespaceID))
            let valueStart = Int(self.valueStart)
            let value = XMLSlice(source: 0, start: valueStart, end: valueStart + Int(valueLength), flags: XMLSlice.Flags(rawValue: valueFlags))
            return XMLAttribute(
                name: name, value: value, isDefaulted: bits & Self.defaulted != 0, isNamespaceDeclaration: bits & Self.namespaceDeclaration != 0)
        }
    }
}
