// UncheckedKeyedContainerBoxes: the standard library's boxes around keyed containers, each with
// the state its container reads, kept by the decoder for as long as the box lives, and given out
// again, one per key type, once nothing else holds it (KeyedContainerState.swift).
//
// Why every box is kept: a keyed container holds its state unretained (the standard library's box
// copies the container for every key it decodes, and a container with a counted reference costs
// a retain and a release on each copy). So something else must keep the state alive for as long as
// anything can reach the container, that is, for as long as its box lives: this does, holding
// every box the decoder made with its state, and letting a pair go only when it holds the box's
// last reference (`isKnownUniquelyReferenced`), when no container can reach the state any more.
//
// * Slots: a key type's box to give out again (a key type's slot is its container maker's,
//   `KeyedContainerMaker.slot`, one per key type in the process, the first 65,536). A box is given
//   out again only for the key type its slot records, and only when nothing else holds it.
// * Held: every other box (one made while its slot's box was in use, as a recursive type's
//   children are; one of a key type with no slot; one a superdecoder made), swept of the boxes
//   nothing else holds whenever their number doubles, and at the end of each call.
//
//     boxes.keep(boxed, keyType: ObjectIdentifier(K.self), state: state, slot: 3)
//     ...                                         // the model lets its container go
//     if let box = boxes.refill(3, keyType: ObjectIdentifier(K.self), …) {
//         return UncheckedContainerBox.container(box, as: Boxed.self)   // the same box, its state filled anew
//     }
//
// A box something still holds when its call ends (a container a model kept) keeps its state, which
// then points to a finished decoder (`KeyedContainerState.detach`: every use throws): the boxes go to the
// scratch pool with the key-name tables, and a later call lets the pair go once the box is
// released. Should the set itself be freed while such a box lives (the pool full, a decoder gone
// without giving its boxes back), the state is left allocated on purpose (`Entries.deinit`): a few
// dozen bytes per container kept past its call, for the memory safety of the container.

/// The keyed containers' boxes a decoder made, with their states (see the file's header); they go
/// back to the scratch pool with the key-name tables when the call ends, so the next call starts
/// with them.
///
/// `@unchecked Sendable`: it goes from one call to the next through the process-wide pool (which
/// hands each set to one call at a time); a box something else holds is one a model kept past its
/// call, whose state is detached from the call when it ends and never filled again while it is held.
internal struct UncheckedKeyedContainerBoxes: @unchecked Sendable {
    /// The boxes and states; `nil` until the first box is kept (a decoder that makes no keyed
    /// container allocates nothing).
    private var entries: Entries?

    /// The boxes and states, in a class so that whoever lets go of them last (a decoder, the
    /// scratch pool) leaves the states of boxes still held alive (`deinit`).
    private final class Entries {
        /// The boxes, by slot; a placeholder where none.
        @exclusivity(unchecked) var boxes: [UncheckedContainerBox] = []
        /// The state each box's container reads, by slot.
        @exclusivity(unchecked) var states: [KeyedContainerState?] = []
        /// The same states, unretained (`states` holds them): what `refill` reads, so that giving a
        /// box out again retains and releases no state.
        @exclusivity(unchecked) var stateViews: [UnretainedReference<KeyedContainerState>?] = []
        /// The key type each box was made for, by slot (checked before a box is given out again).
        @exclusivity(unchecked) var keyTypes: [ObjectIdentifier?] = []
        /// Every other box, with its state.
        @exclusivity(unchecked) var held: [(box: UncheckedContainerBox, state: KeyedContainerState)] = []
        /// The number of held boxes at which they are next swept.
        var sweepAt = 64

        /// `UncheckedKeyedContainerBoxes.refill`, once there are entries.
        @inline(__always)
        func refill(
            _ slot: Int, keyType: ObjectIdentifier, decoder: XMLDecoderImpl,
            rules: UnretainedReference<XMLKeyRules>?, element: Int32, keyTable: Int32
        ) -> UncheckedContainerBox.Lent? {
            guard UInt(bitPattern: slot) < UInt(boxes.count), keyTypes[slot] == keyType,
                let box = boxes[slot].uniqueBox(), let state = stateViews[slot]
            else { return nil }
            // Safe unretained: `states` holds the state, and a refill changes no slot.
            state.withObject { $0.refill(decoder: decoder, rules: rules, element: element, keyTable: keyTable) }
            return box
        }

        /// `UncheckedKeyedContainerBoxes.recyclableStep`, once there are entries.
        @inline(__always)
        func recyclableStep(_ slot: Int, decoder: XMLDecoderImpl) -> UnretainedReference<DecoderPathStep>? {
            guard UInt(bitPattern: slot) < UInt(boxes.count), boxes[slot].uniqueBox() != nil,
                let state = stateViews[slot]
            else { return nil }
            // Safe unretained: `states` holds the state.
            if let step = state.withObject({ $0.recyclableStep(of: decoder) }) { return step }
            guard unpin(slot, decoder: decoder) else { return nil }
            return state.withObject { $0.recyclableStep(of: decoder) }
        }

        /// The slots of key types whose values were decoded under keys (`noteNested`), at most
        /// eight: their kept steps may hold another such step as their parent (`unpin`).
        @exclusivity(unchecked) var nestedSlots: [Int] = []

        /// Makes the parked steps of `nestedSlots` (see `KeyedContainerState.dropParent`) let go of
        /// the step the state at `slot` holds, when they hold it as their parent: a cell's formula
        /// step, kept for the next formula, holds the previous row's list step, which the next
        /// row's list would reuse. Whether any did.
        @inline(never)
        private func unpin(_ slot: Int, decoder: XMLDecoderImpl) -> Bool {
            // Safe unretained: `states` holds the state, and the state its step, which no state
            // below lets go of (each lets go of its own step's parent only).
            guard let step = stateViews[slot]?.withObject({ $0.step(of: decoder) }) else { return false }
            var dropped = false
            for other in nestedSlots where other != slot && other < boxes.count && boxes[other].uniqueBox() != nil {
                guard let state = stateViews[other] else { continue }
                if state.withObject({ $0.dropParent(ifParkedUnder: step, decoder: decoder) }) { dropped = true }
            }
            return dropped
        }

        /// Drops the held boxes nothing else holds; with `detaching`, detaches the states of the
        /// rest from the call (`KeyedContainerState.detach`).
        func sweep(detaching: Bool) {
            var kept = 0
            for position in held.indices where held[position].box.uniqueBox() == nil {
                if detaching { held[position].state.detach() }
                held.swapAt(kept, position)
                kept += 1
            }
            held.removeLast(held.count - kept)
            sweepAt = Swift.max(64, 2 * held.count)
        }

        deinit {
            // A box something else holds outlives this: its container must still find its state
            // (detached, so every use throws), and nothing else keeps it (see the file's header).
            for slot in boxes.indices {
                guard let state = states[slot], boxes[slot].uniqueBox() == nil else { continue }
                state.detach()
                _ = Unmanaged.passRetained(state)
            }
            for position in held.indices where held[position].box.uniqueBox() == nil {
                held[position].state.detach()
                _ = Unmanaged.passRetained(held[position].state)
            }
        }
    }

    /// The box at `slot`, its state filled with these fields, when it was made for `keyType` and
    /// nothing but this holds it (so that its container may be given out again); else `nil`
    /// (always for a negative `slot`: a key type with none).
    /// The state's step and position are the decoder's current ones (`XMLDecoderImpl.currentContainerStep`).
    @inline(__always)
    mutating func refill(
        _ slot: Int, keyType: ObjectIdentifier, decoder: XMLDecoderImpl,
        rules: UnretainedReference<XMLKeyRules>?, element: Int32, keyTable: Int32
    ) -> UncheckedContainerBox.Lent? {
        // (Through `entries?`, which lends the entries to the call: no retain.)
        entries?.refill(slot, keyType: keyType, decoder: decoder, rules: rules, element: element, keyTable: keyTable)
    }

    /// The step of the state kept at `slot`, for the decoder to reuse, when nothing but the state
    /// refers to it and nothing but this holds the state's box (`KeyedContainerState.recyclableStep`);
    /// else `nil`. Unretained: the state holds it.
    @inline(__always)
    mutating func recyclableStep(_ slot: Int, decoder: XMLDecoderImpl) -> UnretainedReference<DecoderPathStep>? {
        entries?.recyclableStep(slot, decoder: decoder)
    }

    /// Notes that values of the key type of `slot` are decoded under keys (see `Entries.unpin`).
    mutating func noteNested(_ slot: Int) {
        guard let entries, !entries.nestedSlots.contains(slot), entries.nestedSlots.count < 8 else { return }
        entries.nestedSlots.append(slot)
    }

    /// The entries, made on first use.
    private mutating func made() -> Entries {
        if let entries { return entries }
        let made = Entries()
        entries = made
        return made
    }

    /// Keeps `boxed`'s box (`KeyedDecodingContainer<Key>` for the key type `keyType`) for `slot`;
    /// the box kept there before (which something holds) is held on.
    @inline(never)
    mutating func keep<Boxed>(_ boxed: Boxed, keyType: ObjectIdentifier, state: KeyedContainerState, slot: Int) {
        let entries = made()
        while entries.boxes.count <= slot {
            entries.boxes.append(.placeholder)
            entries.states.append(nil)
            entries.stateViews.append(nil)
            entries.keyTypes.append(nil)
        }
        if let previous = entries.states[slot] { hold(entries.boxes[slot], state: previous, in: entries) }
        entries.boxes[slot] = UncheckedContainerBox(boxed)
        entries.states[slot] = state
        entries.stateViews[slot] = UnretainedReference(state)
        entries.keyTypes[slot] = keyType
    }

    /// Holds `boxed`'s box, which is given out no more, for as long as something else holds it
    /// (so that its state lives as long as its container: see the file's header).
    @inline(never)
    mutating func hold<Boxed>(_ boxed: Boxed, state: KeyedContainerState) {
        let entries = made()
        hold(UncheckedContainerBox(boxed), state: state, in: entries)
    }

    private func hold(_ box: UncheckedContainerBox, state: KeyedContainerState, in entries: Entries) {
        entries.held.append((box, state))
        if entries.held.count >= entries.sweepAt { entries.sweep(detaching: false) }
    }

    /// Ends a decoding call: a slot's box nothing else holds is kept for the next call, its state
    /// pointing to no decoder (`DecoderPathStep.vacant`: the call's decoder and its arrays are not
    /// kept alive); a box something holds (a container kept past its call) is held on, its state
    /// detached from the call (its path kept as keys, its decoder a finished one), so that it
    /// refuses every use; held boxes nothing else holds are let go.
    mutating func endCall() {
        guard let entries else { return }
        for slot in entries.boxes.indices {
            guard let state = entries.states[slot] else { continue }
            if entries.boxes[slot].uniqueBox() != nil {
                state.vacate()
            } else {
                state.detach()
                hold(entries.boxes[slot], state: state, in: entries)
                entries.boxes[slot] = .placeholder
                entries.states[slot] = nil
                entries.stateViews[slot] = nil
                entries.keyTypes[slot] = nil
            }
        }
        entries.sweep(detaching: true)
    }
}
