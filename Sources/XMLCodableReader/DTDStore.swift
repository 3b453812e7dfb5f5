// DTDStore: what the internal DTD subset declared, in a form the scanner can use while reading content.
//
// Design: every byte string the scanner may later point into — the replacement text of each
// internal entity, each attribute default value — lives in its own fixed allocation that never
// moves, so an `XMLSlice` can name it by number (`source` k means `buffers[k - 1]`; 0 is the
// document). Buffers remember whether their bytes are raw document text (line ends still to
// normalize) or already-processed replacement text. The store is built while the DOCTYPE is read
// and only read afterwards; it is a class so that copying a reader does not copy the DTD.

@usableFromInline
internal final class DTDStore {
    struct Buffer {
        /// The bytes, in an allocation of their own (`UncheckedBytes.allocatedCopy()`) that the
        /// store frees in `deinit`, or when it replaces the buffer.
        var bytes: UncheckedBytes
        /// The number of bytes.
        var count: Int { bytes.count }
        /// Raw document bytes, whose `\r` and `\r\n` still mean a line end.
        var rawLineEnds: Bool
        /// Where in the document the bytes come from (a declaration, or a parameter-entity reference).
        var documentOffset: Int
    }

    /// An entity declaration.
    struct Entity {
        var name: [UInt8]
        var isParameter: Bool
        /// The source number of the replacement text, for an internal entity; 0 for an external one.
        var source: UInt32
        var isExternal: Bool { source == 0 }
        /// The notation of an unparsed entity.
        var notation: [UInt8]?
        var systemID: String?
        var publicID: String?
        /// Declared in the replacement text of a parameter entity rather than directly in the subset.
        var declaredInParameterEntity: Bool
    }

    /// An attribute declared by `<!ATTLIST>` for some element.
    struct AttributeDeclaration {
        /// The name as a slice of a store buffer, and where its prefix ends, for defaulted attributes.
        var qualifiedName: XMLName
        /// The declared type is not CDATA, so its values collapse white space.
        var isTokenized: Bool
        /// The default value, if the declaration gives one (`#FIXED` or a plain default).
        var defaultValue: XMLSlice?
        /// The bytes entity expansion produces for the default value; counted each time it is applied.
        var expansionCost: Int
    }

    /// What the declarations of one element mean for its start tags.
    struct AttributeList {
        /// Every attribute name declared so far (the first declaration of a name binds).
        var declared = ByteKeyTable()
        /// Declarations with a default value, in declaration order.
        var defaults: [AttributeDeclaration] = []
        /// Names declared with a tokenized type (their values collapse white space).
        var tokenized = ByteKeyTable()
    }

    // The store is read on every start tag and every slice access once the DTD is read, and written
    // only while it is read, by the one scanner that owns it: dynamic exclusivity checks would cost
    // on every read and protect nothing.
    @exclusivity(unchecked) private(set) var buffers: [Buffer] = []
    @exclusivity(unchecked) private(set) var entities: [Entity] = []
    @exclusivity(unchecked) private var generalNames = ByteKeyTable()
    @exclusivity(unchecked) private var parameterNames = ByteKeyTable()
    @exclusivity(unchecked) private var elementNames = ByteKeyTable()
    @exclusivity(unchecked) private(set) var attributeLists: [AttributeList] = []
    var notations: [XMLDocumentType.Notation] = []
    private var notationNames: Set<String> = []
    var generalEntityNames: [String] = []

    deinit {
        for buffer in buffers { buffer.bytes.deallocate() }
    }

    /// Copies bytes into a new buffer and returns its source number.
    func addBuffer(_ bytes: UncheckedBytes, rawLineEnds: Bool, documentOffset: Int) -> UInt32 {
        buffers.append(
            Buffer(bytes: bytes.allocatedCopy(), rawLineEnds: rawLineEnds, documentOffset: documentOffset))
        return UInt32(buffers.count)
    }

    @inline(__always)
    func buffer(_ source: UInt32) -> Buffer { buffers[Int(source) - 1] }

    /// The buffer that holds the names of open elements whose start tags a reader fed in chunks
    /// has dropped from its window (0 until there is one); see `XMLScanner.dropDocumentBytes`.
    private(set) var namePool: UInt32 = 0

    /// Replaces the name pool's bytes (making the pool if there is none) and returns its number.
    func replaceNamePool(_ bytes: [UInt8]) -> UInt32 {
        guard namePool > 0 else {
            namePool = bytes.withUncheckedBytes { addBuffer($0, rawLineEnds: false, documentOffset: 0) }
            return namePool
        }
        let index = Int(namePool) - 1
        buffers[index].bytes.deallocate()
        let copy = bytes.withUncheckedBytes { $0.allocatedCopy() }
        buffers[index] = Buffer(bytes: copy, rawLineEnds: false, documentOffset: 0)
        return namePool
    }

    /// Moves the document offsets the buffers remember when a reader fed in chunks drops
    /// `count` bytes from the front of its window.
    func shiftDocumentOffsets(by count: Int) {
        for index in buffers.indices { buffers[index].documentOffset -= count }
    }

    /// The buffers holding replacement text for undeclared entities (`XMLReader.EntityReplacements`),
    /// by entity name: one per name, made the first time the name is referenced.
    private var replacementSources: [String: UInt32] = [:]

    /// The buffer holding `text`, the replacement for the undeclared entity `name` (made on first
    /// use), now located at `documentOffset`, the reference being read; `nil` when the reader has
    /// no room for another buffer.
    func replacementBuffer(named name: UncheckedBytes, text: String, documentOffset: Int) -> UInt32? {
        let key = name.string
        if let source = replacementSources[key] {
            buffers[Int(source) - 1].documentOffset = documentOffset
            return source
        }
        guard buffers.count < XMLSlice.maxSources - 2, text.utf8.count <= XMLSlice.maxBufferSize else { return nil }
        var text = text
        let source = text.withUncheckedUTF8 { addBuffer($0, rawLineEnds: false, documentOffset: documentOffset) }
        replacementSources[key] = source
        return source
    }

    /// Declares an entity unless one of the same kind and name exists (the first declaration binds).
    @discardableResult
    func declare(_ entity: Entity) -> Bool {
        let index = Int32(entities.count)
        let inserted = entity.name.withUncheckedBytes { name in
            entity.isParameter ? parameterNames.insert(name, value: index) : generalNames.insert(name, value: index)
        }
        if inserted {
            entities.append(entity)
            if !entity.isParameter { generalEntityNames.append(String(decoding: entity.name, as: UTF8.self)) }
        }
        return inserted
    }

    func generalEntity(named name: UncheckedBytes) -> Int? { generalNames.find(name).map(Int.init) }
    func parameterEntity(named name: UncheckedBytes) -> Int? { parameterNames.find(name).map(Int.init) }

    /// Records that an element declares an attribute; returns the element's list, or `nil` when
    /// the attribute was declared before (the first declaration binds, later ones are ignored).
    func claimAttribute(element: UncheckedBytes, name: UncheckedBytes) -> Int? {
        let list: Int
        if let existing = elementNames.find(element) {
            list = Int(existing)
        } else {
            list = attributeLists.count
            attributeLists.append(AttributeList())
            elementNames.insert(element, value: Int32(list))
        }
        return attributeLists[list].declared.insert(name, value: 0) ? list : nil
    }

    /// Adds what a declaration claimed with `claimAttribute` means for start tags.
    func addAttribute(list: Int, name: UncheckedBytes, _ declaration: AttributeDeclaration) {
        if declaration.defaultValue != nil { attributeLists[list].defaults.append(declaration) }
        if declaration.isTokenized { attributeLists[list].tokenized.insert(name, value: 0) }
    }

    /// Records a notation unless one of the same name exists.
    func declareNotation(_ notation: XMLDocumentType.Notation) {
        if notationNames.insert(notation.name).inserted { notations.append(notation) }
    }

    /// The attribute declarations for an element, or `nil` when it has none.
    func attributes(ofElement element: UncheckedBytes) -> Int? {
        elementNames.find(element).map(Int.init)
    }

    var hasAttributeLists: Bool {
        attributeLists.contains { !$0.defaults.isEmpty || $0.tokenized.count > 0 }
    }
}
