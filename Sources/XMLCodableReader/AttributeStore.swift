// AttributeStore: the scanner's attributes, emptied in one step and appended to without a
// uniqueness check per attribute.
//
// Why not an array
// ----------------
// A start tag's attributes were kept in an `[XMLAttribute]`. On documents whose elements carry
// several attributes each (OpenStreetMap's `<node id=… lat=… lon=… version=… user=…>`), two of
// the array's guarantees cost a measurable share of the reading:
// * every `append` checks that the array's buffer is uniquely referenced (a call into the
//   runtime), once per attribute, though nothing can take a reference in the middle of a tag;
// * `removeAll(keepingCapacity:)`, at the event after each tag with attributes, goes through
//   `replaceSubrange`'s general path.
// This store keeps the array's value semantics, with those two costs moved to where they belong:
// uniqueness is made sure of once per start tag (`makeUnique`), before anything is written, and
// emptying a unique store sets its count to zero.
//
// Copy on write, as an array does it
// ----------------------------------
// The storage is a reference to a class (`UncheckedAttributeStorage`, a `ManagedBuffer` whose
// header holds count and capacity).
// A copy of the scanner (a copy of an `XMLReader`) and an `XMLReader.Attributes` a consumer keeps
// both share it. Whatever writes first checks: `makeUnique` and `removeAll` replace shared storage
// with storage of their own, so a kept view or copy never sees another's writes. Appends and
// element writes between a `makeUnique` and the end of the scanner's step need no check, because
// no code but the scanner's runs in between; debug and internal-checks builds check it
// (`internalCheck`).
//
// A worked example, the tags `<a x="1" y="2">` then `<b z="3"/>`, with a consumer that keeps the
// first tag's attributes:
//
//     step, start tag a:  makeUnique (unique)      append x, y      count 2, storage S
//     consumer:           let kept = reader.attributes              S shared: kept sees x, y
//     step, next event:   removeAll: S is shared, so a new empty storage T (S's capacity)
//     step, start tag b:  makeUnique (T unique)    append z         kept still sees x, y in S
//
// Safety: the elements are `XMLAttribute`s, plain values without references, so the storage needs
// no deinitialization; every read is bounds-checked against the count, and every write is to a
// position below the capacity. The storage's unchecked reads and writes, and its sharing between
// tasks, are `UncheckedAttributeStorage`'s (its file says what checks them).

/// The attributes the scanner keeps: a copy-on-write list of `XMLAttribute`s with an O(1)
/// `removeAll()` and appends that check uniqueness once per tag (`makeUnique`), not per element.
///
/// `Sendable` as its storage is: storage is written only by a store that holds the only reference
/// to it (`makeUnique`, `removeAll`), as an array's buffer is, so a store or view sent to another
/// task never sees a write.
@usableFromInline
package struct AttributeStore: RandomAccessCollection, Sendable {
    /// The elements, shared between copies until one of them writes.
    @usableFromInline var storage = UncheckedAttributeStorage.empty

    init() {
        internalCheck(_isPOD(XMLAttribute.self), "AttributeStore: XMLAttribute must need no deinitialization")
    }

    @inlinable package var startIndex: Int { 0 }
    @inlinable package var endIndex: Int { storage.elementCount }

    /// The attribute at `position`, in `0 ..< count`.
    @inlinable
    package subscript(position: Int) -> XMLAttribute {
        @inline(__always) get {
            precondition(position >= 0 && position < storage.elementCount, "AttributeStore: index out of range")
            return storage[unchecked: position]
        }
        @inline(__always) set {
            precondition(position >= 0 && position < storage.elementCount, "AttributeStore: index out of range")
            internalCheck(storage.isUnique(), "AttributeStore: a write without makeUnique()")
            storage[unchecked: position] = newValue
        }
    }

    /// Makes the storage this store's own, so that appends and writes need no further check until
    /// anything else can take a reference to it (the end of the scanner's step).
    @inline(__always)
    mutating func makeUnique() {
        if !storage.isUnique() {
            storage = storage.copy(capacity: Swift.max(storage.reservedCapacity, 8))
        }
    }

    /// Appends `attribute`; `makeUnique()` must have been called since the store was last shared.
    @inline(__always)
    mutating func append(_ attribute: XMLAttribute) {
        internalCheck(storage.isUnique(), "AttributeStore: an append without makeUnique()")
        let count = storage.elementCount
        if count == storage.reservedCapacity {
            storage = storage.copy(capacity: Swift.max(2 * count, 8))
        }
        storage.initialize(attribute, uncheckedAt: count)
        storage.elementCount = count + 1
    }

    /// Removes every attribute, keeping the capacity.
    @inline(__always)
    @usableFromInline package mutating func removeAll() {
        if storage.elementCount == 0 { return }
        if storage.isUnique() {
            storage.elementCount = 0
        } else {
            storage = UncheckedAttributeStorage(capacity: storage.reservedCapacity)
        }
    }
}
