// Byte-wise comparison of raw buffers, without Foundation or libc.

/// Whether two buffers hold the same bytes (eight at a time, through `UncheckedBytes`).
@inline(__always)
package func bytesEqual(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
    UncheckedBytes(a).elementsEqual(UncheckedBytes(b))
}
