// UnretainedReference: a reference that does not keep its object alive, checked in debug builds.
//
// Why it exists
// -------------
// The decoder's hot state holds a few class references it must not retain: the coding path's last
// step, which `with(value:path:)` swaps on every descent, and a keyed container's state and key
// rules, which the standard library's `KeyedDecodingContainer` box copies for every key it
// decodes. Retaining them would be an atomic increment and decrement per value. So they are held
// unretained, and something else keeps the objects alive: the decoder's caller keeps a path alive
// for the call it passes it to, the decoder keeps every container's state for as long as the
// container's box lives (UncheckedKeyedContainerBoxes.swift), and every rules object a container
// points to for the call (`XMLDecoderImpl.keepAlive`).
//
// What is unchecked, and what checks it
// -------------------------------------
// * Lifetime: in release builds `object` is a plain pointer load (an `Unmanaged` reference), and
//   `withObject` lends the object to a closure with no retain around the call (which reading
//   `object` into a local may still cost); nothing checks that the object is still alive. Whoever makes the reference names what keeps the
//   object alive (a comment at each use). In debug builds (and internal-checks builds, as the
//   fuzzers', `InternalCheck.swift`) the reference also holds the object weakly, and `object`
//   checks that the weak reference is not `nil` — a freed object stops the tests instead of
//   being read.
//
// A worked example: a keyed container's key rules.
//
//     decoder.keepAlive(rules)                      // the decoder now owns a reference to them
//     let reference = UnretainedReference(rules)    // and the container holds this, unretained
//     …                                             // the container is copied per key: no retain
//     reference.object.renamed                      // safe: the container holds the decoder,
//                                                   // which holds the rules
//
// Were the decoder to drop its `keptAlive` array while a container lived, a debug build would
// stop at `reference.object` with "UnretainedReference: the object was freed".

/// A reference that neither retains its object nor is checked for its object's lifetime in
/// release builds (debug builds assert that the object is alive at each use). The code that
/// makes one keeps the object alive for as long as the reference is used; see the file's header.
internal struct UnretainedReference<Object: AnyObject> {
    private let storage: Unmanaged<Object>
    #if DEBUG || XMLCODABLE_INTERNAL_CHECKS
    /// The same object, weakly: `nil` once it is freed (debug and internal-checks builds only).
    private weak var liveness: Object?
    /// Whether `liveness` is checked: not for an object that lives as long as the process.
    private let checksLiveness: Bool
    #endif

    /// A reference to `object`, which the caller keeps alive for as long as this is used.
    @inline(__always)
    init(_ object: Object) {
        self.init(object, watched: true)
    }

    /// A reference to an object a static constant holds, which lives as long as the process (the
    /// finished decoder of `DecoderPathStep.vacant`): never freed, so not watched in debug builds
    /// either (a weak reference would give it a side table, which LeakSanitizer reports as leaked
    /// at exit, the object's only pointer to it being encoded in its reference count).
    @inline(__always)
    init(processLifetime object: Object) {
        self.init(object, watched: false)
    }

    /// A reference to `object`, whose liveness debug builds check at each use when `watched`.
    @inline(__always)
    private init(_ object: Object, watched: Bool) {
        storage = Unmanaged.passUnretained(object)
        #if DEBUG || XMLCODABLE_INTERNAL_CHECKS
        if watched { liveness = object }
        checksLiveness = watched
        #endif
    }

    /// The object. In release builds a plain load; in debug builds it asserts the object is alive.
    @inline(__always)
    var object: Object {
        #if DEBUG || XMLCODABLE_INTERNAL_CHECKS
        internalCheck(!checksLiveness || liveness != nil, "UnretainedReference: the object was freed")
        #endif
        return storage.takeUnretainedValue()
    }

    /// `body`'s result for the object, which is neither retained nor released around the call (as
    /// reading `object` into a local and calling a method may): for the fields of an object read
    /// on every key, as a keyed container's state is. In debug builds it asserts the object is
    /// alive. (Rethrows: the encoder lends a list's step to the encoding of each item.)
    @inline(__always)
    func withObject<Result>(_ body: (Object) throws -> Result) rethrows -> Result {
        #if DEBUG || XMLCODABLE_INTERNAL_CHECKS
        internalCheck(!checksLiveness || liveness != nil, "UnretainedReference: the object was freed")
        #endif
        return try storage._withUnsafeGuaranteedRef(body)
    }
}
