// Writing a document item by item: the root element's start tag, then each item as it is encoded,
// then the end tag, to a file handle or any byte sink, holding one item (and a buffer of output)
// in memory, never the document:
//
//     let writer = try XMLEncoder().elementWriter(withRootKey: "osm", itemKey: "node", to: handle)
//     for node in nodes { try writer.write(node) }          // <osm><node …/><node …/>…
//     try writer.finish()                                    // </osm>
//
// The output is the bytes `encode` writes for the whole list at once — the list as the value
// (items named like the root, as a top-level array's are) or, with `itemKey`, a struct whose one
// property holds the list under that key: each item is encoded as a list of one in that very
// position (so its element, name and layout are the same) in a tree of its own, and the root's
// content in that tree is written after the items before it. The root's start tag waits for the
// first item with content, so that an empty list still gives `<osm />`. What the whole list decides
// is decided by the first item (whether choices are written as the chosen elements) or by
// refusing what would change it (pretty printed, text among the items changes their layout).
//
// For example, with `itemKey` "node", the second item is encoded as `Root(node: [item])`, giving
// the tree `<osm><node id="2"/></osm>`; its `<node id="2"/>` follows `<node id="1"/>` in the output.
//
// The overload that writes to a `FileHandle` is the XMLCodable module's (FileHandle is Foundation's,
// not FoundationEssentials'): it hands this one a sink that writes to the handle.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension XMLEncoder {
    /// Starts writing a document whose root element holds a list of items, handing the output to
    /// `sink` a block at a time; see ``ElementWriter``.
    public func elementWriter(
        withRootKey rootKey: String, itemKey: String? = nil, rootAttributes: [String: String]? = nil,
        header: XMLHeader? = nil,
        doctype: XMLDocumentType? = nil, to sink: @escaping (Data) throws -> Void
    ) throws -> ElementWriter {
        try ElementWriter(
            options: currentOptions, rootKey: rootKey, itemKey: itemKey,
            rootAttributes: Self.sortedByName(rootAttributes), header: header,
            doctype: doctype, sink: sink)
    }

    /// Writes a document item by item, in bounded memory: made by
    /// ``XMLEncoder/elementWriter(withRootKey:itemKey:rootAttributes:header:doctype:to:)-(_,_,_,_,_,FileHandle)``.
    ///
    /// ```swift
    /// let handle = try FileHandle(forWritingTo: url)
    /// let writer = try XMLEncoder().elementWriter(withRootKey: "osm", itemKey: "node", to: handle)
    /// for node in nodes { try writer.write(node) }
    /// try writer.finish()
    /// ```
    ///
    /// Each item is encoded when it is written and its bytes go out in blocks of about 64 KiB, so
    /// memory holds one item and one block, whatever the number of items. The output is what
    /// ``XMLEncoder/encode(_:withRootKey:rootAttributes:header:doctype:)-(_,_,[String:String]?,_,_)``
    /// writes for all the items at once — the array with `rootKey` when there is no `itemKey`, or a
    /// struct whose one property holds the array under `itemKey` — with the encoder's settings
    /// (layout, escaping, strategies) and refusals, byte for byte, except where the whole list
    /// decides something the writer cannot know before its last item:
    ///
    /// - A namespace an item needs and the root does not declare (`xsi` for a `nil` written as
    ///   `xsi:nil`, a prefix for a key in Clark notation) is declared on the item's element;
    ///   declare it in `rootAttributes` to have it on the root, as `encode` writes it. (A root key
    ///   in Clark notation declares its own prefix on the root, as `encode` does.)
    /// - With ``XMLEncoder/OutputFormatting/sortedKeys``, each item's content is sorted and the
    ///   items stay in their order (the same, unless they are choices of different names).
    /// - Choices (``XMLChoiceCodingKey``) without `itemKey` are written as the chosen elements only
    ///   if every item is a choice with no attributes of its own: the first item decides, and an
    ///   item that does not fit the decision is refused.
    /// - Pretty printed, an item must be elements: text, or a choice case keyed `""` that has no
    ///   element of its own, is refused, as it changes how the items before it are laid out.
    ///
    /// A writer is used by one task; call ``finish()`` to write the end tag. An item that cannot
    /// be encoded or is refused throws (with its position in the coding path) and writes nothing;
    /// the items before it are written, and items after it can be.
    public final class ElementWriter {
        private let options: XMLEncoder.Options
        private let rootKey: String
        /// `rootKey` as the root's start and end tags spell it.
        private let writtenRootKey: String
        /// The namespace declarations the encoder adds to the root's start tag besides
        /// `rootAttributes` (the prefix of a root key in Clark notation).
        private let startTagDeclarations: [(String, String)]
        private let itemKey: String?
        private let rootAttributes: [(String, String)]
        private var writer: XMLWriter
        /// Where each block goes; `nil` for a writer whose blocks are taken with
        /// ``takeBlock(minimum:)`` (the asynchronous writers').
        private let sink: ((Data) throws -> Void)?
        /// The root start tag's bytes without its `>`, and the bytes of the root with no items.
        private let startTag: [UInt8]
        private let emptyRoot: [UInt8]
        private var itemCount = 0
        /// Whether the root's start tag is written.
        private var started = false
        /// Whether the items are choices written as the chosen elements: decided by the first item.
        private var splicesChoices: Bool?
        private var finished = false
        /// Encodes each item into the same tree, emptied each time but for the names interned.
        private let treeEncoder = XMLEncoder()
        private var tree = XMLEncodedTree()
        /// How many interned names the kept tree may hold before it is replaced: items whose
        /// names vary (dictionary keys) would otherwise grow it without bound.
        static let maximumKeptNames = 4096
        /// The last item's encoder, whose conformance lookups the next item's encoder starts with.
        private var previous: XMLEncoderImpl?

        /// How many bytes are gathered before they go to the sink.
        static let blockSize = 1 << 16

        init(
            options: XMLEncoder.Options, rootKey: String, itemKey: String?, rootAttributes: [(String, String)],
            header: XMLHeader?,
            doctype: XMLDocumentType?, sink: ((Data) throws -> Void)?
        ) throws {
            self.options = options
            self.rootKey = rootKey
            self.itemKey = itemKey
            self.rootAttributes = rootAttributes
            self.sink = sink
            if let itemKey, !XMLTreeValidation.isValidName(itemKey) {
                throw EncodingError.invalidValue(
                    itemKey,
                    EncodingError.Context(
                        codingPath: [],
                        debugDescription: "\"\(itemKey)\" is not a valid XML name, so it cannot name the items."))
            }
            writer = try XMLEncoder.writer(options: options, header: header, doctype: doctype)
            // The root with no items, as the encoder writes it; its start tag is that without the end.
            let (impl, root) = try XMLEncoder().encodeTree(
                NoItems(), withRootKey: rootKey, rootAttributes: rootAttributes, options: options)
            var empty = XMLWriter(formatting: writer.formatting, capacity: 256)
            empty.write(impl.tree, element: root)
            emptyRoot = empty.bytes
            // The root's name as written (a key in Clark notation gets a prefix), and the
            // prefixes the encoder declared on it for that, which the items need not repeat.
            writtenRootKey = impl.tree.names[impl.tree.nodes[root].name]
            startTagDeclarations = impl.namespacePrefixes.map { ("xmlns:" + $0.prefix, $0.uri) }
            let suffix: [UInt8] =
                options.outputFormatting.contains(.noEmptyElements)
                ? Array("></\(writtenRootKey)>".utf8)
                : options.outputFormatting.contains(.compactEmptyElements) ? Array("/>".utf8) : Array(" />".utf8)
            startTag =
                emptyRoot.count >= suffix.count && Array(emptyRoot.suffix(suffix.count)) == suffix
                ? Array(emptyRoot.dropLast(suffix.count)) : emptyRoot
        }

        /// The number of items written so far.
        public var count: Int { itemCount }

        /// Encodes an item and writes it after the ones before it.
        ///
        /// - Throws: `EncodingError` when the item cannot be encoded (nothing of it is written), or
        ///   the sink's error; `EncodingError.invalidValue` after ``finish()``.
        public func write<T: Encodable>(_ item: T) throws {
            guard !finished else {
                throw EncodingError.invalidValue(
                    item,
                    EncodingError.Context(
                        codingPath: [],
                        debugDescription: "The element writer has finished: no item can be written after finish()."))
            }
            let (impl, root) = try encodeItem(item)
            let tree = impl.tree
            try spliceIfChoice(item, tree, root)
            if options.outputFormatting.contains(.prettyPrinted), let kind = Self.nonElementContent(tree, of: root) {
                throw refusal(
                    item,
                    "Pretty printed, the items of an element writer must be elements, and this one is \(kind): "
                        + "how the root's content is laid out depends on whether it holds any, which a writer that "
                        + "has written the items before it cannot change. Write compact output, or encode the whole "
                        + "list at once."
                )
            }
            // Declarations the item needs that the root does not make go on the item's elements.
            // Any other attribute on the root must be one of `rootAttributes`, as given: the start
            // tag is written already (an item's own attributes stay on its element, choices' too,
            // so this guards the encoder's invariants rather than a case known to occur).
            var declarations: [(XMLEncodedTree.NameID, XMLEncodedTree.Span)] = []
            var attribute = tree.nodes[root].firstAttribute
            while attribute >= 0 {
                let found = tree.attributes[attribute]
                let name = tree.names[found.name]
                let given = rootAttributes.first { $0.0 == name }
                if let given {
                    if given.1 != tree.string(found.value) || found.hoisted { throw rootAttributeError(item, name) }
                } else if name == "xmlns" || name.hasPrefix("xmlns:") {
                    let value = tree.string(found.value)
                    if !startTagDeclarations.contains(where: { $0.0 == name && $0.1 == value }) {
                        declarations.append((found.name, found.value))
                    }
                } else {
                    throw rootAttributeError(item, name)
                }
                attribute = found.next
            }
            if !declarations.isEmpty { Self.declare(declarations, onElementsIn: root, of: tree) }
            // The root's start tag waits for content that makes it more than an empty element.
            if !started,
                !tree.isEmpty(root, ignoringEmptyText: options.outputFormatting.contains(.compactEmptyElements))
            {
                started = true
                writer.bytes.append(contentsOf: startTag)
                writer.bytes.append(UInt8(ascii: ">"))
                if options.outputFormatting.contains(.prettyPrinted) { writer.bytes.append(0x0A) }
            }
            if started { writer.writeItemContent(tree, of: root, level: 1) }
            itemCount += 1
            if writer.bytes.count >= Self.blockSize { try flush() }
        }

        /// A list of choices is written as the chosen elements when every item is a choice with no
        /// attributes of its own (as `encode` writes it); the first item decides, and an item that
        /// would change the decision after it is refused.
        private func spliceIfChoice(_ item: Any, _ tree: XMLEncodedTree, _ root: XMLEncodedTree.Index) throws {
            let child = tree.nodes[root].firstChild
            guard child >= 0, tree.nodes[child].next < 0 else { return }
            let node = tree.nodes[child]
            let spliceable =
                node.kind == .element && node.marks & XMLEncodedTree.Marks.choiceItem != 0 && node.firstAttribute < 0
            switch splicesChoices {
            case nil:
                splicesChoices = spliceable
            case true? where !spliceable:
                throw refusal(
                    item,
                    "The items before this one are choices written as the chosen elements, which a list is "
                        + "only when every item is a choice with no attributes of its own, and this one is not: "
                        + "encode the whole list at once, or write only choices."
                )
            default:
                break
            }
            if splicesChoices == true { tree.spliceChoiceItems(of: root) }
        }

        private func rootAttributeError(_ item: Any, _ name: String) -> EncodingError {
            refusal(
                item,
                "The item sets the attribute \"\(name)\" of the root element, whose start tag is written "
                    + "before the items: give it in rootAttributes, or encode the whole list at once."
            )
        }

        /// The error refusing the item about to be written, at its position in the list.
        private func refusal(_ item: Any, _ description: String) -> EncodingError {
            EncodingError.invalidValue(
                item, EncodingError.Context(codingPath: [XMLKey(index: itemCount)], debugDescription: description))
        }

        /// Declares namespaces on the elements of a node's content, a group's in its place.
        private static func declare(
            _ declarations: [(XMLEncodedTree.NameID, XMLEncodedTree.Span)], onElementsIn node: XMLEncodedTree.Index,
            of tree: XMLEncodedTree
        ) {
            var child = tree.nodes[node].firstChild
            while child >= 0 {
                switch tree.nodes[child].kind {
                case .element:
                    for (name, value) in declarations.reversed() { tree.declareFirst(name, value, on: child) }
                case .group: declare(declarations, onElementsIn: child, of: tree)
                case .text, .cdata: break
                }
                child = tree.nodes[child].next
            }
        }

        /// What, in an item's content, is not an element: text, CDATA or the content of a group
        /// (a choice case keyed `""`); `nil` when the item is elements only.
        private static func nonElementContent(_ tree: XMLEncodedTree, of root: XMLEncodedTree.Index) -> String? {
            var child = tree.nodes[root].firstChild
            while child >= 0 {
                switch tree.nodes[child].kind {
                case .element: break
                case .text: return "text"
                case .cdata: return "CDATA"
                case .group: return "content with no element of its own (a choice case keyed \"\")"
                }
                child = tree.nodes[child].next
            }
            return nil
        }

        /// Writes the root's end tag (or the empty root, when there were no items) and hands the
        /// last bytes to the sink. Nothing can be written after it.
        public func finish() throws {
            guard !finished else { return }
            finished = true
            if !started {
                writer.bytes.append(contentsOf: emptyRoot)
            } else {
                writer.bytes.append(contentsOf: Array("</\(writtenRootKey)>".utf8))
            }
            try flush()
        }

        private func flush() throws {
            guard let sink, !writer.bytes.isEmpty else { return }
            let block = Data(writer.bytes)
            writer.bytes.removeAll(keepingCapacity: true)
            try sink(block)
        }

        /// For a writer without a sink: the bytes written since the last block was taken, when
        /// there are at least `minimum` of them. The block's storage is handed over, not copied.
        func takeBlock(minimum: Int) -> [UInt8]? {
            guard writer.bytes.count >= max(1, minimum) else { return nil }
            let block = writer.bytes
            writer.bytes = []
            writer.bytes.reserveCapacity(Self.blockSize + Self.blockSize / 4)
            return block
        }

        /// The item encoded in its place, as a list of one: the root holding it, in the kept tree.
        private func encodeItem<T: Encodable>(_ item: T) throws -> (impl: XMLEncoderImpl, root: XMLEncodedTree.Index) {
            do {
                if tree.names.count > Self.maximumKeptNames { tree = XMLEncodedTree() }
                let encoded =
                    if let itemKey {
                        try treeEncoder.encodeTree(
                            KeyedList(key: itemKey, items: [item]), withRootKey: rootKey,
                            rootAttributes: rootAttributes, options: options,
                            splicingRoot: false, reusing: tree, traitsOf: previous)
                    } else {
                        try treeEncoder.encodeTree(
                            [item], withRootKey: rootKey, rootAttributes: rootAttributes, options: options,
                            splicingRoot: false, reusing: tree,
                            traitsOf: previous)
                    }
                previous = encoded.impl
                return encoded
            } catch EncodingError.invalidValue(let value, let context) {
                // The item's position in the list, not in its list of one.
                let path = context.codingPath.map { key -> any CodingKey in
                    key.intValue == 0 && key is XMLKey ? XMLKey(index: itemCount) : key
                }
                throw EncodingError.invalidValue(
                    value,
                    EncodingError.Context(
                        codingPath: path, debugDescription: context.debugDescription,
                        underlyingError: context.underlyingError))
            }
        }
    }
}

/// A root with nothing in it.
private struct NoItems: Encodable {
    func encode(to encoder: any Encoder) throws {}
}

@available(*, unavailable, message: "an ElementWriter is used by one task at a time")
extension XMLEncoder.ElementWriter: Sendable {}
