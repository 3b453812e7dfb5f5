// UncheckedKeyedContainerBoxes: the standard library's boxes around keyed containers, kept by the
// decoder, one per key type, so that a box can be given out again (KeyedContainerState.swift).
//
// Each slot holds a box (`UncheckedContainerBox`, which says what is unchecked in holding one),
// the state its container reads, and the key type it was made for. A key type's slot is its
// container maker's (`KeyedContainerMaker.slot`, one per key type in the process, the first
// 4,096), and a box is given out again only for the key type its slot records.
//
//     boxes.keep(boxed, keyType: ObjectIdentifier(K.self), state: state, slot: 3)
//     ...                                         // the model lets its container go
//     if let box = boxes.refill(3, keyType: ObjectIdentifier(K.self), …) {
//         return UncheckedContainerBox.container(box, as: Boxed.self)   // the same box, its state filled anew
//     }

/// The keyed containers' boxes a decoder keeps, with their states, by slot; they go back to
/// the scratch pool with the key-name tables when the call ends, so the next call starts with them.
///
/// `@unchecked Sendable`: it goes from one call to the next through the process-wide pool (which
/// hands each set to one call at a time), and it keeps a box past a call only when nothing else
/// holds it (`endCall`), so no box it holds is ever reachable from two threads.
internal struct UncheckedKeyedContainerBoxes: @unchecked Sendable {
    /// The boxes, by slot; a placeholder where none.
    private var boxes: [UncheckedContainerBox] = []
    /// The state each box's container reads, by slot.
    private var states: [KeyedContainerState?] = []
    /// The key type each box was made for, by slot (checked before a box is given out again).
    private var keyTypes: [ObjectIdentifier?] = []

    /// The box at `slot`, its state filled with these fields, when it was made for `keyType` and
    /// nothing but this holds it (so that its container may be given out again); else `nil`
    /// (always for a negative `slot`: a key type with none).
    @inline(__always)
    mutating func refill(
        _ slot: Int, keyType: ObjectIdentifier, step: DecoderPathStep, position: Int32,
        rules: UnretainedReference<XMLKeyRules>?, element: Int32, keyTable: Int32
    ) -> AnyObject? {
        guard UInt(bitPattern: slot) < UInt(boxes.count), keyTypes[slot] == keyType, let box = boxes[slot].uniqueBox(),
            let state = states[slot]
        else { return nil }
        state.refill(step: step, position: position, rules: rules, element: element, keyTable: keyTable)
        return box
    }

    /// Keeps `boxed`'s box (`KeyedDecodingContainer<Key>` for the key type `keyType`) for `slot`,
    /// in place of the box kept before (which something holds); `state` is the state of the
    /// container it boxes.
    @inline(never)
    mutating func keep<Boxed>(_ boxed: Boxed, keyType: ObjectIdentifier, state: KeyedContainerState, slot: Int) {
        while boxes.count <= slot {
            boxes.append(.placeholder)
            states.append(nil)
            keyTypes.append(nil)
        }
        boxes[slot] = UncheckedContainerBox(boxed)
        states[slot] = state
        keyTypes[slot] = keyType
    }

    /// Ends a decoding call: a box nothing else holds is kept for the next call, its state
    /// pointing to no decoder (`DecoderPathStep.vacant`: the call's decoder and its arrays are not
    /// kept alive); a box something holds (a container kept past its call) is let go, with its
    /// state as it is, so that it still refuses every use.
    mutating func endCall() {
        for slot in boxes.indices {
            guard let state = states[slot] else { continue }
            if boxes[slot].uniqueBox() != nil {
                state.vacate()
            } else {
                boxes[slot] = .placeholder
                states[slot] = nil
                keyTypes[slot] = nil
            }
        }
    }
}
