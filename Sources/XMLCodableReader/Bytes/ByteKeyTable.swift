// A small hash map from byte strings to integers, looked up straight from a view of the bytes.
//
// The scanner must find entity and attribute-list declarations by name while reading content
// without allocating a key per lookup (a `Dictionary<[UInt8], Int>` would need an array for every
// probe). Keys are copied once, on insertion, into one flat byte store; the table is open
// addressing with linear probing over FNV-1a hashes, grown at 50% load.
//
//     var entities = ByteKeyTable()
//     entities.insert(Array("copy".utf8), value: 7)
//     entities.find(name)          // 7 when the view `name` holds "copy"; nil for any other bytes

internal struct ByteKeyTable: Sendable {
    private var store: [UInt8] = []
    private var keys: [(start: Int, count: Int, value: Int32)] = []
    private var slots: [Int32] = []  // index into `keys`, or -1

    var count: Int { keys.count }

    /// FNV-1a over the bytes (the scanner's check for duplicate attributes hashes names too).
    @inline(__always)
    static func hash(_ bytes: UncheckedBytes, seed: UInt64 = 0xcbf2_9ce4_8422_2325) -> UInt64 {
        var h = seed
        var i = 0
        while i < bytes.count {
            h = (h ^ UInt64(bytes[unchecked: i])) &* 0x0000_0100_0000_01B3
            i &+= 1
        }
        return h
    }

    /// The value stored for `key`, if any.
    func find(_ key: UncheckedBytes) -> Int32? {
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: Self.hash(key)) & mask
        return store.withUncheckedBytes { store in
            while true {
                let index = slots[slot]
                if index < 0 { return nil }
                let entry = keys[Int(index)]
                if entry.count == key.count,
                    store.extracting(unchecked: entry.start..<entry.start + entry.count).elementsEqual(key)
                {
                    return entry.value
                }
                slot = (slot + 1) & mask
            }
        }
    }

    /// Stores `value` for `key` unless the key is already present. Returns whether it was inserted.
    @discardableResult
    mutating func insert(_ key: UncheckedBytes, value: Int32) -> Bool {
        if find(key) != nil { return false }
        if (keys.count + 1) * 2 > slots.count { grow() }
        let start = store.count
        store.append(contentsOf: key)
        keys.append((start, key.count, value))
        place(Int32(keys.count - 1), hash: Self.hash(key))
        return true
    }

    /// Stores `value` for the bytes of `key` (a literal's, say) unless the key is already present.
    @discardableResult
    mutating func insert(_ key: [UInt8], value: Int32) -> Bool {
        key.withUncheckedBytes { insert($0, value: value) }
    }

    /// Whether `key` is present.
    func contains(_ key: UncheckedBytes) -> Bool { find(key) != nil }

    private mutating func place(_ index: Int32, hash: UInt64) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] >= 0 { slot = (slot + 1) & mask }
        slots[slot] = index
    }

    private mutating func grow() {
        let size = max(16, slots.count * 2)
        slots = [Int32](repeating: -1, count: size)
        for (index, entry) in keys.enumerated() {
            let h = store.withUncheckedBytes {
                Self.hash($0.extracting(unchecked: entry.start..<entry.start + entry.count))
            }
            place(Int32(index), hash: h)
        }
    }
}
