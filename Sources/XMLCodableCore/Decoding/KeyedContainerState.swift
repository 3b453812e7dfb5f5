// KeyedContainerState: what a keyed container reads (its element, its coding path's step, its key
// rules and key-name table), in one object the decoder fills again for the next element of the
// same key type, so that the standard library's box around the container is made once per key type
// and decoding call rather than once per element.
//
// Why: `container(keyedBy:)` must return a `KeyedDecodingContainer<Key>`, which is a box (a class
// instance) around the container. Making one costs a lookup of the box type's metadata (the
// runtime's table of generic types, unspecialized code knowing `Key` only at run time), an
// allocation and, when the model's `init(from:)` returns, a deallocation: some 1,000 instructions
// for every struct decoded, about 7% of decoding a document of many small sparse elements (gpx).
// The box holds the container, and the container holds only this state; so a box nothing else
// holds any more (the previous element's `init(from:)` has returned) can be given out again with
// its state filled for the new element.
//
//     <gpx><trkpt lat="1" lon="2"/><trkpt lat="3" lon="4"/></gpx>
//
//     trkpt 1: container(keyedBy: Point.CodingKeys)  no box of that key type yet (in this call or
//              one before): a state and a box are made, and the decoder keeps both
//              (`reusableContainers`, by key type)
//              init(from:) returns: the model drops its container; the decoder's is the only
//              reference to the box left
//     trkpt 2: container(keyedBy: Point.CodingKeys)  the kept box is held by the decoder alone
//              (`isKnownUniquelyReferenced`): its state now names trkpt 2 and the box is returned
//
// A box something still holds is never refilled: a container of a recursive type (a node whose
// children are nodes) is in use while its children decode, so they get boxes of their own, which
// the decoder holds with their states for as long as the boxes live (the container holds its state
// unretained: UncheckedKeyedContainerBoxes.swift). A container kept past its decoding call keeps
// its own state, detached from the call (its coding path kept as keys, its decoder a finished
// one), so it still says where it was and refuses every use (`XMLDecoderImpl.checkInUse`). When
// the call ends, the boxes nothing else holds go back to the scratch pool, for the next call,
// their states pointing to no decoder (`UncheckedKeyedContainerBoxes.endCall`), so that a small
// document's few containers are not made anew by every call either.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The fields of a keyed container (see `XMLKeyedDecodingContainer`), which the decoder may fill
/// again for another element when nothing but the decoder holds the container's box.
internal final class KeyedContainerState {
    /// The last step of the coding path when `position` is negative, else the step of the list
    /// the element is item `position` of; it holds the decoder.
    private(set) var step: DecoderPathStep
    /// `step`'s decoder, unretained (the step holds it, and every assignment of `step` sets this
    /// too): what a key's search reads the decoder through, with no reference counted
    /// (`findKnown`, `withDecoder`).
    private var decoderReference: UnretainedReference<XMLDecoderImpl>
    /// The key rules, or `nil` in the common case (unretained: the decoder keeps them alive).
    var unretainedRules: UnretainedReference<XMLKeyRules>?
    /// The element whose children and attributes the keys name.
    var element: Int32
    /// The element's position in its list, or -1 (see `step`).
    var position: Int32
    /// The first entry of the key type's table in the decoder's `keyNames`, or -1.
    var keyTable: Int32

    init(
        step: DecoderPathStep, position: Int32, rules: UnretainedReference<XMLKeyRules>?, element: Int32,
        keyTable: Int32
    ) {
        self.step = step
        self.decoderReference = UnretainedReference(step.decoder)
        self.position = position
        self.unretainedRules = rules
        self.element = element
        self.keyTable = keyTable
    }

    /// Makes the state that of another container (its box held by nothing but the decoder).
    /// Its step and position become `decoder`'s current ones (`currentContainerStep`); when the
    /// step is the one it holds (the items of a list share theirs), it is not even retained.
    @inline(__always)
    func refill(
        decoder: XMLDecoderImpl, rules: UnretainedReference<XMLKeyRules>?, element: Int32, keyTable: Int32
    ) {
        if decoder.isCurrentStep(step) {
            self.position = decoder.currentPosition
        } else {
            let (step, position) = decoder.currentContainerStep()
            if self.step !== step {
                self.step = step
                decoderReference = UnretainedReference(step.decoder)
            }
            self.position = position
        }
        self.unretainedRules = rules
        self.element = element
        self.keyTable = keyTable
    }

    /// The container's path, lent (the state holds its step).
    @inline(__always)
    var lentPath: CodingPathNode.Lent { (UnretainedReference(step), Int(position)) }

    /// The state's step, when it is `decoder`'s and the state holds its one reference: the step of
    /// the last value of this state's key type, which the decoder may reuse for the next one
    /// (`XMLDecoderImpl.path(appending:to:entry:)`). Asked only when the state's box is held by
    /// nothing else, so no container reads the step either.
    @inline(__always)
    func recyclableStep(of decoder: XMLDecoderImpl) -> UnretainedReference<DecoderPathStep>? {
        guard isKnownUniquelyReferenced(&step), step.decoder === decoder else { return nil }
        return UnretainedReference(step)
    }

    /// The state's step, unretained, when it is `decoder`'s (whoever else holds it).
    @inline(__always)
    func step(of decoder: XMLDecoderImpl) -> UnretainedReference<CodingPathNode.KeyStep>? {
        step.decoder === decoder ? UnretainedReference(step) : nil
    }

    /// Makes the state's step let go of its parent when that parent's last step is `parent` and
    /// the step is parked: `decoder`'s, held by this state alone, whose box nothing else holds
    /// (the caller checks the box), so nothing reads it until it is reused, which gives it a
    /// parent again. Whether it did.
    @inline(__always)
    func dropParent(
        ifParkedUnder parent: UnretainedReference<CodingPathNode.KeyStep>, decoder: XMLDecoderImpl
    ) -> Bool {
        guard isKnownUniquelyReferenced(&step), step.decoder === decoder, step.isUnder(parent) else { return false }
        step.dropParent()
        return true
    }

    /// What `findKnown` found.
    enum KnownLookup {
        /// The key's value, or `nil` for an absent key.
        case found(XMLValue?)
        /// The decoder has not learnt the key's name yet.
        case unknown
        /// The key's name is not a plain one (Clark notation, empty, `_0`): found by its string.
        case notPlain
        /// The decoder's call has ended: every use throws.
        case finished
    }

    /// The value of the key at `offset` in the key type's table (`keyTable`, not -1) of the
    /// decoder's `keyNames`, for a state without rules, when the decoder knows the key's name as
    /// plain: the non-generic part of `XMLKeyedDecodingContainer.find`. The decoder is read
    /// through an unretained, guaranteed reference: nothing here can replace `step`, which holds
    /// the decoder, so no retain and release is needed around the search (one of each per key
    /// otherwise).
    @inline(__always)
    func findKnown(_ offset: Int, placement: XMLDecoder.NodeDecoding, wantsList: Bool) -> KnownLookup {
        let position = Int(keyTable) &+ offset
        let element = element
        // Safe unretained: `step` holds the decoder, and a lookup makes no container, so nothing
        // here fills this state again.
        return decoderReference.withObject { decoder in
            if decoder.isFinished { return .finished }
            let entry = decoder.keyNames.entry(position)
            if entry.state == .plain {
                return .found(decoder.find(known: entry, in: element, placement: placement, wantsList: wantsList))
            }
            return Self.notPlain(entry.state, element: element)
        }
    }

    /// `findKnown` for a key whose name is not plain. (Out of line: the plain case, by far the
    /// most common, then tests one value.)
    @inline(never)
    private static func notPlain(_ state: KeyNameTable.Entry.State, element: Int32) -> KnownLookup {
        switch state {
        case .content: return .found(.text(ofElement: element))
        case .unknown: return .unknown
        case .plain, .other: return .notPlain
        }
    }

    /// `body`'s result for the decoder, read through an unretained, guaranteed reference (no
    /// retain and release around the call): for a `body` that cannot replace `step`, which holds
    /// the decoder. One that reads a value fills no state; one that decodes a nested value may
    /// fill states, but never this one, when the caller is this state's container: its box is
    /// then in use, and a box in use is never filled again (UncheckedKeyedContainerBoxes.swift).
    @inline(__always)
    func withDecoder<Result>(_ body: (XMLDecoderImpl) throws -> Result) rethrows -> Result {
        // Safe unretained: `step` holds the decoder, and `step` stays (see above).
        try decoderReference.withObject(body)
    }

    /// Lets go of the call's decoder and rules, keeping the coding path as keys: the state of a box
    /// something held when its call ended (a container a model kept), whose container must still
    /// say where it was and refuse every use.
    func detach() {
        guard step.decoder !== DecoderPathStep.vacant.decoder else { return }
        var path = CodingPathNode.root
        for key in CodingPathNode.node(step).path { path = path.appending(key) }
        step = DecoderPathStep.standing(for: path, decoder: DecoderPathStep.vacant.decoder)
        decoderReference = UnretainedReference(processLifetime: DecoderPathStep.vacant.decoder)
        unretainedRules = nil
    }

    /// Lets go of the call's decoder and rules: the state of a box kept for the next call.
    func vacate() {
        step = DecoderPathStep.vacant
        decoderReference = UnretainedReference(processLifetime: DecoderPathStep.vacant.decoder)
        unretainedRules = nil
    }
}
