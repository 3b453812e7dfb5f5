// Forwarding overloads: the scalar readers take a lazy `PathRef` (so the keyed container's
// fast paths allocate no path node); callers that already hold a node pass it through these.

extension XMLDecoderImpl {
    func withText<R>(
        _ value: XMLValue, expecting type: Any.Type, path: CodingPathNode, _ body: (UncheckedBytes) throws -> R
    ) throws -> R {
        try withText(value, expecting: type, path: PathRef(path), body)
    }

    func string(_ value: XMLValue, path: CodingPathNode) throws -> String { try string(value, path: PathRef(path)) }
    func bool(_ value: XMLValue, path: CodingPathNode) throws -> Bool { try bool(value, path: PathRef(path)) }

    func integer<T: FixedWidthInteger>(_ value: XMLValue, as type: T.Type, path: CodingPathNode) throws -> T {
        try integer(value, as: type, path: PathRef(path))
    }

    func floatingPoint<T: BinaryFloatingPoint & LosslessStringConvertible>(
        _ value: XMLValue, as type: T.Type, path: CodingPathNode
    ) throws -> T {
        try floatingPoint(value, as: type, path: PathRef(path))
    }

    func typeMismatch(_ type: Any.Type, found value: XMLValue, path: CodingPathNode) -> DecodingError {
        typeMismatch(type, found: value, path: PathRef(path))
    }

    func dataCorrupted(_ message: String, at value: XMLValue, path: CodingPathNode) -> DecodingError {
        dataCorrupted(message, at: value, path: PathRef(path))
    }

    func quoted(_ value: XMLValue, _ path: CodingPathNode) -> String { quoted(value, PathRef(path)) }
}
