// UncheckedAttributeStorage: the storage of the scanner's attributes (`AttributeStore`), read and
// written through its element pointer without a bounds check, and shared between tasks.
//
// `AttributeStore` keeps a start tag's attributes with an array's value semantics but without an
// array's uniqueness check per append (see its file's header comment). Its storage is this type,
// a reference to a `ManagedBuffer` whose header holds the count and the capacity and whose elements are
// `XMLAttribute`s: plain values without references, so the storage needs no deinitialization
// (`AttributeStore.init` asserts it).
//
// What is unchecked, and what checks it
// -------------------------------------
// * Bounds. `subscript(unchecked:)` and `initialize(_:uncheckedAt:)` do not check their
//   positions in release builds. The store checks every read and write against the count in
//   every build (a `precondition`), and appends only below the capacity (it grows the storage
//   first); `XMLReader.Attributes` reads below the count its storage held when it was made.
//   Debug and internal-checks builds check every access here again (`internalCheck`).
// * Sharing. The type is `@unchecked Sendable`, as `ManagedBuffer` is not `Sendable`: storage is
//   written only by a store that holds the only reference to it (`AttributeStore.makeUnique`,
//   `removeAll`), as an array's buffer is, so a store or view sent to another task never sees a
//   write. The shared `empty` storage is never written: no store holds the only reference to it.
//
// A worked example: storage for two attributes, filled and read.
//
//     let storage = UncheckedAttributeStorage(capacity: 2)        // count 0, capacity 2
//     storage.initialize(x, uncheckedAt: 0)                       // position 0 < capacity 2
//     storage.elementCount = 1
//     storage[unchecked: 0]                                       // x (0 < count 1)
//     storage[unchecked: 1]                                       // debug: "… 1 is outside 0 ..< 1"
//
// * Runs. `AttributeStore.uncheckedRun(from:)` lends a start tag's attributes as a pointer and a
//   count (`UncheckedAttributeRun`), with no reference to the storage counted: the index builder
//   reads the run at once, while the scanner's store holds the storage and nothing writes it.

/// The elements of an `AttributeStore`: a count, a capacity and `XMLAttribute`s, shared between
/// copies of the store until one of them writes (see the file's header comment). A value holding
/// one reference, as an array is; copies share the elements.
@usableFromInline
struct UncheckedAttributeStorage: @unchecked Sendable {
    /// The allocation: a header of count and capacity, then the elements.
    @usableFromInline
    final class Elements: ManagedBuffer<(count: Int, capacity: Int), XMLAttribute> {}

    @usableFromInline var elements: Elements

    /// Storage for at least `capacity` elements, empty.
    init(capacity: Int) {
        let buffer = Elements.create(minimumCapacity: capacity) { _ in (count: 0, capacity: capacity) }
        // `create` returns the class it is called on.
        elements = unsafeDowncast(buffer, to: Elements.self)
    }

    /// Storage with no room, shared by every store until its first attribute. Never written: no
    /// store holds the only reference to it, so the first write replaces it.
    static let empty = UncheckedAttributeStorage(capacity: 0)

    /// Whether this is the only reference to the elements (so that writing them is safe).
    @inlinable @inline(__always)
    mutating func isUnique() -> Bool { isKnownUniquelyReferenced(&elements) }

    /// The number of elements. (Read and written through the header's pointer: the class's
    /// `header` property is checked for exclusive access at run time, a call on every use.)
    @inlinable var elementCount: Int {
        @inline(__always) get { elements.withUnsafeMutablePointerToHeader { $0.pointee.count } }
        @inline(__always) nonmutating set { elements.withUnsafeMutablePointerToHeader { $0.pointee.count = newValue } }
    }

    /// The number of elements there is room for.
    @inlinable var reservedCapacity: Int {
        @inline(__always) get { elements.withUnsafeMutablePointerToHeader { $0.pointee.capacity } }
    }

    /// The element at `position`, which the caller guarantees is in `0 ..< elementCount`. Written
    /// only by a store that holds the only reference to the elements.
    @inlinable
    subscript(unchecked position: Int) -> XMLAttribute {
        @inline(__always) get {
            internalCheck(
                position >= 0 && position < elementCount,
                "UncheckedAttributeStorage: \(position) is outside 0 ..< \(elementCount)")
            return elements.withUnsafeMutablePointerToElements { $0[position] }
        }
        @inline(__always) nonmutating set {
            internalCheck(
                position >= 0 && position < elementCount,
                "UncheckedAttributeStorage: \(position) is outside 0 ..< \(elementCount)")
            elements.withUnsafeMutablePointerToElements { $0[position] = newValue }
        }
    }

    /// Stores `attribute` at `position`, which the caller guarantees is below the capacity (the
    /// next append's: `elementCount`, then raised by the caller).
    @inline(__always)
    func initialize(_ attribute: XMLAttribute, uncheckedAt position: Int) {
        internalCheck(
            position >= 0 && position < reservedCapacity,
            "UncheckedAttributeStorage: \(position) is outside the capacity \(reservedCapacity)")
        elements.withUnsafeMutablePointerToElements { ($0 + position).initialize(to: attribute) }
    }

    /// A copy of the first `elementCount` elements, with room for at least `capacity`.
    func copy(capacity: Int) -> UncheckedAttributeStorage {
        let count = elementCount
        let copy = UncheckedAttributeStorage(capacity: Swift.max(capacity, count))
        copy.elements.withUnsafeMutablePointerToElements { target in
            elements.withUnsafeMutablePointerToElements { source in target.initialize(from: source, count: count) }
        }
        copy.elementCount = count
        return copy
    }
}

/// A start tag's attributes in the scanner's store, read by position with no reference counted:
/// valid only while the store is neither written nor let go. The index builder copies a start
/// tag's attributes into its table through one at once, reading nothing else of the reader
/// meanwhile (`XMLIndex.AttributeTable.append(contentsOf:)`); the store itself, borrowed across
/// that loop, was retained and released around it, once per start tag.
@usableFromInline
package struct UncheckedAttributeRun {
    @usableFromInline let base: UnsafeMutablePointer<XMLAttribute>
    /// The number of attributes.
    @usableFromInline package let count: Int

    @usableFromInline @inline(__always)
    init(base: UnsafeMutablePointer<XMLAttribute>, count: Int) {
        self.base = base
        self.count = count
    }

    /// The attribute at `position`, which the caller guarantees is in `0 ..< count`.
    @inlinable
    package subscript(unchecked position: Int) -> XMLAttribute {
        @inline(__always) get {
            internalCheck(
                position >= 0 && position < count, "UncheckedAttributeRun: \(position) is outside 0 ..< \(count)")
            return base[position]
        }
    }
}

extension AttributeStore {
    /// The attributes from `start` to the end, as a run read without reference counting (see
    /// `UncheckedAttributeRun`: the caller neither writes nor lets go of this store while it
    /// reads the run).
    @inlinable @inline(__always)
    package func uncheckedRun(from start: Int) -> UncheckedAttributeRun {
        let end = endIndex
        precondition(start >= 0 && start <= end, "AttributeStore: \(start) is outside 0 ... \(end)")
        return storage.elements.withUnsafeMutablePointerToElements {
            UncheckedAttributeRun(base: $0 + start, count: end - start)
        }
    }
}
