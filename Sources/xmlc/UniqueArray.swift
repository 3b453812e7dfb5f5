// UniqueArray: a growable list of noncopyable values, which `Array` cannot hold.
//
// xmlc's streaming writers keep one held output per open element, each with an
// `UncheckedByteBuffer`, which is `~Copyable` (UncheckedByteBuffer.swift), so the list of them
// needs a container whose elements are moved in and then borrowed or changed in place. This one is
// the least that job needs: append (moving the value in), read and modify by position,
// bounds-checked in every build, and everything freed with the list. Nothing is removed until
// then. Its one allocation is of typed memory, which only `append` initializes (within its
// capacity) and only the bounds-checked subscript and `deinit` read.
//
//     var held = UniqueArray<UncheckedByteBuffer>()
//     held.append(UncheckedByteBuffer())   // moved in
//     held[0].append(0x3C)                 // changed where it lies: no copy out and back
//     held.count                           // 1

/// A growable list of values that cannot be copied (the writers' per-depth held output, each with
/// an `UncheckedByteBuffer`): `Array` needs copyable elements. Elements are appended and then read
/// and changed in place by position (bounds-checked), never removed; all are freed with the list.
///
/// ```swift
/// var buffers = UniqueArray<UncheckedByteBuffer>()
/// buffers.append(UncheckedByteBuffer())
/// buffers[0].append(0x41)   // changed in place, not copied out and back
/// ```
struct UniqueArray<Element: ~Copyable>: ~Copyable {
    /// The elements: `capacity` places, the first `count` initialized.
    private var base: UnsafeMutablePointer<Element>
    /// The number of elements.
    private(set) var count = 0
    private var capacity = 4

    init() {
        base = .allocate(capacity: capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    /// Appends `element`, moving it in.
    mutating func append(_ element: consuming Element) {
        if count == capacity {
            let old = base
            capacity *= 2
            base = .allocate(capacity: capacity)
            base.moveInitialize(from: old, count: count)
            old.deallocate()
        }
        (base + count).initialize(to: element)
        count += 1
    }

    /// The element at `index`, which must be in `0 ..< count`, borrowed or changed in place.
    subscript(index: Int) -> Element {
        _read {
            precondition(index >= 0 && index < count, "UniqueArray: index \(index) outside 0 ..< \(count)")
            yield base[index]
        }
        _modify {
            precondition(index >= 0 && index < count, "UniqueArray: index \(index) outside 0 ..< \(count)")
            yield &base[index]
        }
    }
}
