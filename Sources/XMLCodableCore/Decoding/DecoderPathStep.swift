// DecoderPathStep: a coding-path step that also holds the decoder that made it, so that a keyed
// container counts one reference for both (see XMLKeyedDecodingContainer.swift).
//
// Why: the standard library's box copies a keyed container for every key it decodes, so each
// reference the container holds costs an atomic increment and decrement per key. The container
// must keep its decoder alive (a container kept past its call must still throw a clear error,
// never read freed memory) and its coding-path step (for `codingPath` and errors). It used to
// hold the decoder and have the decoder keep every step until the call ended — 3 MB of steps on
// osm 50k, where each node's list of tags has its own. Holding this step instead keeps both, and
// a step goes as soon as the last container under it does.
//
//     <osm><node id="1"><tag k="a"/></node><node id="2"/></osm>
//
//     decode(OSM.self)             root container     anchor: step (no key) → decoder
//     osm.decode([Node], "node")   makes step "node" (owner: decoder); node 1's container holds it
//     node 1 decode([Tag], "tag")  makes step "tag"; the tag's container holds it, and with the
//                                  container's end (node 1's init returns) the step is freed
//
// Unless it is reused: the tag's kept state (KeyedContainerState.swift) still holds the step
// when node 2 asks for "tag", and `XMLDecoderImpl.path(appending:to:entry:)` finds it there (the
// key's entry in the key-name table has learnt the tag's key type) and, nothing else referring
// to it, makes it stand for node 2's "tag" in place: no allocation, and the state keeps its step.
// (A step kept so for another key type may hold it as its parent — a tag's own nested value's
// step, kept for the next one — and nothing reads such a step until it is reused: it lets go of
// its parent first, `UncheckedKeyedContainerBoxes.unpin`.)

/// A coding-path step made by a decoder for the containers of the value it decodes under the
/// step's key (or, without a key, for a container at the step's parent path), holding that
/// decoder.
internal final class DecoderPathStep: CodingPathNode.KeyStep, @unchecked Sendable {
    /// The decoder, kept alive by the step. (Never used from another thread through the step:
    /// the step is `Sendable` only as a part of coding paths, which read keys.)
    let decoder: XMLDecoderImpl

    init(key: (any CodingKey)?, parent: CodingPathNode, depth: Int, decoder: XMLDecoderImpl) {
        self.decoder = decoder
        super.init(key: key, parent: parent, depth: depth)
    }

    /// A step that holds `decoder` and stands for `path` itself (no key): for a container whose
    /// path has no step held by its decoder (the top level, a step made elsewhere).
    static func standing(for path: CodingPathNode, decoder: XMLDecoderImpl) -> DecoderPathStep {
        DecoderPathStep(key: nil, parent: path, depth: path.depth, decoder: decoder)
    }
}

extension DecoderPathStep {
    /// The step of no container: what the state of a box kept from one call to the next holds
    /// (KeyedContainerState.swift), so that it keeps no call's decoder alive. Its decoder's call
    /// has ended, so any use of it throws.
    static let vacant: DecoderPathStep = {
        let decoder = XMLDecoderImpl(
            index: XMLIndex(), reader: XMLReader(""), options: XMLDecoder.Options(), document: .empty)
        decoder.finish()
        return .standing(for: .root, decoder: decoder)
    }()
}

extension XMLDecoderImpl {
    /// The path of the value under `key` in a container at `parent`: a step that holds this
    /// decoder, so that the value's containers count only the step. `entry` is where this
    /// decoder's `keyNames` keeps the key's name (-1 for none); the step records it, and the first
    /// container made for the value notes its key type's slot there (`noteValueSlot`). The next
    /// time, the step that slot's state holds is reused, when nothing else refers to it (the last
    /// value has been decoded and its containers let go): no allocation, and the state keeps its
    /// step when its box is filled again. Otherwise a new step.
    ///
    ///     <row><c><f>A1</f></c><c><f>A2</f></c></row>
    ///     cell 1: decode(Formula.self, forKey: .f)  a new step "f" under cell 1's path; Formula's
    ///                                               container notes its slot in the entry of "f"
    ///     cell 2: decode(Formula.self, forKey: .f)  the step Formula's kept state holds, held by
    ///                                               nothing else, now stands for "f" under cell 2
    @inline(__always)
    func path(appending key: any CodingKey, to parent: CodingPathNode.Lent, entry: Int) -> CodingPathNode {
        if entry >= 0 {
            let slot = Int(keyNames.entry(entry).valueSlot)
            if slot >= 0, let reused = reusableContainers.recyclableStep(slot, decoder: self) {
                // Safe unretained: the kept state holds the step, and `.node` retains it first.
                return reused.withObject { step in
                    step.reuse(key: key, parent: parent)
                    return .node(step)
                }
            }
        }
        let path = CodingPathNode(lent: parent).appending(key, decoder: self)
        if entry >= 0, case .node(let step) = path { step.keyEntry = Int32(truncatingIfNeeded: entry) }
        return path
    }

    /// Notes, in the key-name entry of the current path's step (see `path(appending:to:entry:)`),
    /// that the value there is decoded with the key type of `slot`.
    @inline(__always)
    func noteValueSlot(_ slot: Int) {
        guard slot >= 0, let step = currentPath.step else { return }
        let entry = step.withObject { $0.keyEntry }
        if entry >= 0, keyNames.noteValueSlot(Int32(truncatingIfNeeded: slot), at: Int(entry)) {
            reusableContainers.noteNested(slot)
        }
    }
}

extension CodingPathNode {
    /// The path with `key` appended, by a step that holds `decoder` (which decodes the value under
    /// the key: its containers then count only the step).
    func appending(_ key: any CodingKey, decoder: XMLDecoderImpl) -> CodingPathNode {
        .node(DecoderPathStep(key: key, parent: self, depth: depth + 1, decoder: decoder))
    }

    /// The step the items of a list at this path share: the path's own step when it ends in a
    /// key, else a new step standing for the path, which holds `decoder` when there is one (so
    /// that the items' containers need no step of their own). A stream of elements passes none:
    /// its decoder is replaced when a model keeps it, and a step holding it would keep it too.
    func listStep(decoder: XMLDecoderImpl?) -> KeyStep {
        if case .node(let step) = self { return step }
        guard let decoder else { return KeyStep(key: nil, parent: self, depth: depth) }
        return DecoderPathStep.standing(for: self, decoder: decoder)
    }
}
