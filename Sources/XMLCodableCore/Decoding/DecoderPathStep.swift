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
