// KeyNameTable: the names of a decoding call's keys, learnt once per key instead of once per lookup.
//
// Why: a sparse model asks for every one of its keys in every element it decodes — a GPX track
// point asks for nineteen and carries four or five — and each ask used to call the key's
// `stringValue` (a witness call that makes a `String`), lend that string's UTF-8 bytes, hash its
// last bytes for the name filter and release it: about 70 instructions before any name was
// compared, for every key of every element.
//
// How: almost every key type is an enum without payloads (the synthesized `CodingKeys`, or one
// written by hand), and a value of such a type is one byte, or none for a type of one case. A
// type of one byte or less has at most 256 values, and its byte tells them apart (two values
// stored as the same byte are the same value). So for such a key type the decoder keeps a table
// of 256 entries, numbered by that byte: the first time a value is asked for, its `stringValue`
// is read, its UTF-8 bytes are appended to `bytes`, and the entry records where they are and the
// name filter's bit for them (NameFilter.swift). Every later ask of that key in the call reads the
// entry: no `String`, no witness call.
//
//     enum CodingKeys: String, CodingKey { case lat, lon, ele, time }   // stored as 0, 1, 2, 3
//
//     first <trkpt>:  ele (byte 2) unknown → "ele" appended to bytes at 6, entry 2 = (6, 3, bit)
//     next <trkpt>s:  ele (byte 2)         → entry 2: the bytes 6..<9, the bit — nothing made
//
// Only a name the common path can take is kept as plain: not empty (the element's own text, marked
// as such and answered without a search), not a Clark name (`{uri}local`), not `_0` (an enum
// case's payload), at most 4096 bytes. The others are marked so, and their keys take the usual
// path with `stringValue` each time. Key types larger than a byte (a struct holding a string, an
// enum with a string payload) always take the usual path. A key's name never changes, so nothing
// in the table goes stale: it is kept from one decoding call to the next with the call's other
// working memory (`DecodingScratch`), and a small document, whose few keys would not pay for a
// table's 4 KiB, finds its names already learnt.

/// The names of the keys asked for in a decoding call, for key types whose values are one byte
/// or none (see the file's header comment).
internal struct KeyNameTable {
    /// What is known of one key value.
    struct Entry {
        /// Where its name's UTF-8 bytes start in `bytes`.
        var start: UInt32
        /// The name's length in bytes.
        var count: UInt32
        /// The name filter's bit for the name (`NameFilter.bit(of:start:end:)`).
        var bit: UInt64
        /// Whether the name is known, and whether the plain path can take it.
        var state: State
        /// The slot of the key type (`KeyedContainerMaker.slot`) the key's value was last decoded
        /// with, or -1: where the decoder finds a step to reuse for the key's next value
        /// (`XMLDecoderImpl.path(appending:to:entry:)`). Fits in what was padding.
        var valueSlot: Int32 = -1

        enum State: UInt8 {
            /// Not asked for yet in this call.
            case unknown
            /// Known, and found by comparing its bytes (`XMLDecoderImpl.find(known:…)`).
            case plain
            /// Known as the empty name: the element's own text (`XMLValue.text(ofElement:)`).
            case content
            /// Known, but found the usual way (a Clark name, `_0`, or too long).
            case other
        }

        static let unknown = Entry(start: 0, count: 0, bit: 0, state: .unknown)

        init(start: UInt32, count: UInt32, bit: UInt64, state: State) {
            self.start = start
            self.count = count
            self.bit = bit
            self.state = state
        }
    }

    /// The entries of every table, 256 per key type, in the order the types were first seen.
    private var entries: [Entry] = []
    /// The key types of the tables, in the same order: table `i` is for `types[i]`.
    private var types: [ObjectIdentifier] = []
    /// The UTF-8 bytes of every plain name learnt.
    private var bytes: [UInt8] = []
    /// `entries` and `bytes`, read without retaining the arrays (made again whenever they change:
    /// see `UncheckedElements.swift` on views of held arrays).
    private var entryView: UncheckedElements<Entry>
    private(set) var byteView: UncheckedBytes

    init() {
        entryView = entries.uncheckedElementsOfHeldArray()
        byteView = bytes.uncheckedBytesOfHeldArray()
    }

    /// Whether values of `Key` are told apart by their one byte (or are all alike, having none).
    @inline(__always)
    static func fitsTable<Key>(_ type: Key.Type) -> Bool {
        MemoryLayout<Key>.size <= 1
    }

    /// The key type of the table `table(for:)` last returned, and that table: the containers of
    /// a list's items all ask for the same one.
    private var lastType: ObjectIdentifier?
    private var lastTable: Int32 = 0

    /// The longest name kept (longer ones take the usual path): bounds what a table holds.
    static let maxNameLength = 4096

    /// The most key types a table is kept for (64 tables of 4 KiB); the keys of others are
    /// found by their `stringValue` each time.
    static let maxTypes = 64

    /// The memory the table holds (the arrays' capacity), for the scratch pool's limit.
    var byteCount: Int {
        entries.capacity * MemoryLayout<Entry>.stride + bytes.capacity + types.capacity * 8
    }

    /// The first entry of the table for the key type `type` (made, all unknown, on first use), or
    /// -1 when `maxTypes` tables are kept already.
    @inline(__always)
    mutating func table(for type: ObjectIdentifier) -> Int32 {
        if type == lastType { return lastTable }
        return otherTable(for: type)
    }

    @inline(never)
    private mutating func otherTable(for type: ObjectIdentifier) -> Int32 {
        if let position = types.lastIndex(of: type) {
            lastTable = Int32(position * 256)
        } else if types.count >= Self.maxTypes {
            return -1
        } else {
            types.append(type)
            entries.append(contentsOf: repeatElement(Entry.unknown, count: 256))
            entryView = entries.uncheckedElementsOfHeldArray()
            lastTable = Int32((types.count - 1) * 256)
        }
        lastType = type
        return lastTable
    }

    /// The entry at `position`: a table's first entry (`table(for:)`) plus a key's byte.
    @inline(__always)
    func entry(_ position: Int) -> Entry {
        entryView[unchecked: position]
    }

    /// Records that the value of the key at `position` was decoded with the key type of `slot`
    /// (see `Entry.valueSlot`), and returns whether the entry changed. Any position is safe: one
    /// outside the table is ignored.
    @inline(__always)
    mutating func noteValueSlot(_ slot: Int32, at position: Int) -> Bool {
        guard UInt(bitPattern: position) < UInt(entries.count), entries[position].valueSlot != slot else {
            return false
        }
        entries[position].valueSlot = slot
        entryView = entries.uncheckedElementsOfHeldArray()
        return true
    }

    /// Records the name of the key at `position` and returns its entry.
    mutating func learn(_ name: String, at position: Int) -> Entry {
        var entry = Entry.unknown
        var name = name
        name.withUncheckedUTF8 { key in
            let isPayload =
                key.count == 2 && key[unchecked: 0] == UInt8(ascii: "_")
                && key[unchecked: 1] == UInt8(ascii: "0")
            if key.isEmpty {
                entry.state = .content
                return
            }
            guard key[unchecked: 0] != UInt8(ascii: "{"), !isPayload, key.count <= Self.maxNameLength else {
                entry.state = .other
                return
            }
            entry = Entry(
                start: UInt32(bytes.count), count: UInt32(key.count),
                bit: NameFilter.bit(of: key, start: 0, end: key.count),
                state: .plain)
            bytes.append(contentsOf: key)
        }
        entries[position] = entry
        entryView = entries.uncheckedElementsOfHeldArray()
        byteView = bytes.uncheckedBytesOfHeldArray()
        return entry
    }
}
