// UncheckedKeyedContainerBoxes: the standard library's boxes around keyed containers, kept by the
// decoder, one per key table, so that a box can be given out again (KeyedContainerState.swift).
//
// Unchecked: `KeyedDecodingContainer<Key>` is a struct whose one stored property is its box (a
// class instance), so a container and its box convert into each other by `unsafeBitCast` (whose
// size check traps if that ever changes). The conversion back is only ever made to the key type
// the box was made for: a key table is made for one key type (`KeyNameTable.table(for:)`), and
// the box kept at a table's slot was made for that table's type. The boxes are held as references
// of a class of this file's own (`Box`), never used as one: only retained, released and asked
// whether they are held uniquely, which reads the reference count every Swift object has. (Held
// as `AnyObject`, `isKnownUniquelyReferenced` is called unspecialized on a retained copy, and
// never answers yes.)
//
//     let boxed = KeyedDecodingContainer(XMLKeyedDecodingContainer<K>(state: state))
//     boxes.keep(boxed, keyType: ObjectIdentifier(K.self), state: state, slot: 3)
//     ...                                         // the model lets its container go
//     if let box = boxes.refill(3, keyType: ObjectIdentifier(K.self), …) {
//         return Self.container(box, as: Boxed.self)   // the same box, its state filled anew
//     }

/// The keyed containers' boxes a decoder keeps, with their states, by key table; they go back to
/// the scratch pool with the key-name tables when the call ends, so the next call starts with them.
///
/// `@unchecked Sendable`: it goes from one call to the next through the process-wide pool (which
/// hands each set to one call at a time), and it keeps a box past a call only when nothing else
/// holds it (`endCall`), so no box it holds is ever reachable from two threads.
internal struct UncheckedKeyedContainerBoxes: @unchecked Sendable {
    /// The boxes (`KeyedDecodingContainer`'s one stored property), by slot; `placeholder` where none.
    private var boxes: [Box] = []
    /// The state each box's container reads, by slot.
    private var states: [KeyedContainerState?] = []
    /// The key type each box was made for, by slot (checked before a box is given out again).
    private var keyTypes: [ObjectIdentifier?] = []

    /// Stands in the slots that have no box yet: a shared object, so never uniquely held.
    private static let placeholder = Box()
    /// The type the boxes are held as (see the file's header): a Swift class, so that the reference
    /// counting of a box is Swift's native one, as it is for the standard library's boxes.
    private final class Box: Sendable {}

    /// The box at `slot`, its state filled with these fields, when it was made for `keyType` and
    /// nothing but this holds it (so that its container may be given out again); else `nil`.
    @inline(__always)
    mutating func refill(
        _ slot: Int, keyType: ObjectIdentifier, step: DecoderPathStep, position: Int32,
        rules: UnretainedReference<XMLKeyRules>?, element: Int32, keyTable: Int32
    ) -> AnyObject? {
        guard slot < boxes.count, keyTypes[slot] == keyType, isKnownUniquelyReferenced(&boxes[slot]),
            let state = states[slot]
        else { return nil }
        state.refill(step: step, position: position, rules: rules, element: element, keyTable: keyTable)
        return unsafeBitCast(boxes[slot], to: AnyObject.self)
    }

    /// Keeps `boxed`'s box (`KeyedDecodingContainer<Key>` for the key type `keyType`) for `slot`,
    /// in place of the box kept before (which something holds); `state` is the state of the
    /// container it boxes.
    @inline(never)
    mutating func keep<Boxed>(_ boxed: Boxed, keyType: ObjectIdentifier, state: KeyedContainerState, slot: Int) {
        while boxes.count <= slot {
            boxes.append(Self.placeholder)
            states.append(nil)
            keyTypes.append(nil)
        }
        boxes[slot] = unsafeBitCast(boxed, to: Box.self)
        states[slot] = state
        keyTypes[slot] = keyType
    }

    /// Ends a decoding call: a box nothing else holds is kept for the next call, its state
    /// pointing to no decoder (`DecoderPathStep.vacant`: the call's decoder and its arrays are not
    /// kept alive); a box something holds (a container kept past its call) is let go, with its
    /// state as it is, so that it still refuses every use.
    mutating func endCall() {
        for slot in boxes.indices where states[slot] != nil {
            if isKnownUniquelyReferenced(&boxes[slot]) {
                states[slot].unsafelyUnwrapped.vacate()
            } else {
                boxes[slot] = Self.placeholder
                states[slot] = nil
                keyTypes[slot] = nil
            }
        }
    }

    /// `box` as a container of the key type it was made for (and no other: see the file's header):
    /// `Boxed` is `KeyedDecodingContainer<Key>`, passed in by a caller that has its metadata at hand.
    @inline(__always)
    static func container<Boxed>(_ box: AnyObject, as type: Boxed.Type) -> Boxed {
        unsafeBitCast(box, to: Boxed.self)
    }

    /// `container` as `Boxed`, which is its own type, `KeyedDecodingContainer<Key>` (see
    /// `container(_:as:)`).
    @inline(__always)
    static func container<Key: CodingKey, Boxed>(_ container: KeyedDecodingContainer<Key>, as type: Boxed.Type)
        -> Boxed
    {
        unsafeBitCast(container, to: Boxed.self)
    }
}
