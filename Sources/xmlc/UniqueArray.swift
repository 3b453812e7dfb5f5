// UniqueArray: a growable list of noncopyable values, which `Array` cannot hold.
//
// xmlc's streaming writers keep one held output per open element, each with a `ByteBuffer`, and
// `ByteBuffer` is `~Copyable` (ByteBuffer.swift), so the list of them needs a container whose
// elements are moved in and then borrowed or changed in place. This one is the least that job
// needs: append (moving the value in), read and modify by position, bounds-checked in every build,
// and everything freed with the list. Nothing is removed until then.
//
//     var held = UniqueArray<ByteBuffer>()
//     held.append(ByteBuffer())      // moved in
//     held[0].append(0x3C)           // changed where it lies: no copy out and back
//     held.count                     // 1

/// A growable list of values that cannot be copied (the writers' per-depth held output, each with
/// a `ByteBuffer`): `Array` needs copyable elements. Elements are appended and then read and
/// changed in place by position (bounds-checked), never removed; all are freed with the list.
///
/// ```swift
/// var buffers = UniqueArray<ByteBuffer>()
/// buffers.append(ByteBuffer())
/// buffers[0].append(0x41)         // changed in place, not copied out and back
/// ```
struct UniqueArray<Element: ~Copyable>: ~Copyable {
    private var base: UnsafeMutablePointer<Element>?
    /// The number of elements.
    private(set) var count = 0
    private var capacity = 0

    init() {}

    deinit {
        if let base {
            base.deinitialize(count: count)
            base.deallocate()
        }
    }

    /// Appends `element`, moving it in.
    mutating func append(_ element: consuming Element) {
        if count == capacity {
            let newCapacity = max(4, capacity * 2)
            let grown = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
            if let base {
                grown.moveInitialize(from: base, count: count)
                base.deallocate()
            }
            base = grown
            capacity = newCapacity
        }
        (base.unsafelyUnwrapped + count).initialize(to: element)
        count += 1
    }

    /// The element at `index`, which must be in `0 ..< count`, borrowed or changed in place.
    subscript(index: Int) -> Element {
        _read {
            precondition(index >= 0 && index < count, "UniqueArray: index \(index) outside 0 ..< \(count)")
            yield base.unsafelyUnwrapped[index]
        }
        _modify {
            precondition(index >= 0 && index < count, "UniqueArray: index \(index) outside 0 ..< \(count)")
            yield &base.unsafelyUnwrapped[index]
        }
    }
}
