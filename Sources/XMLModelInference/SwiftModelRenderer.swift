// SwiftModelRenderer: turns an XMLInferredModel into Swift source, one declaration per shape.
//
// Worked example. From the sample
//
//     <order id="7" xmlns:x="urn:x"><line sku="a">2</line><line sku="b">1</line><x:note>ok</x:note></order>
//
// it renders (after the header comment and `import XMLCodable`):
//
//     struct Order: Codable, Equatable {
//         @Attribute var id: Int
//         var line: [Line]
//         var note: String
//
//         enum CodingKeys: String, CodingKey {
//             case id
//             case line
//             case note = "{urn:x}note"
//         }
//     }
//
//     struct Line: Codable, Equatable {
//         @Attribute var sku: String
//         var value: Int
//
//         enum CodingKeys: String, CodingKey {
//             case sku
//             case value = ""
//         }
//     }
//
// The rules, each in the article "Generating Models":
// - an element that only ever holds text is a scalar property; any other element is a struct;
// - attributes are `@Attribute` properties; a child element of an attribute's name is `@Element`;
// - text beside attributes is a property under the `""` key;
// - a child seen more than once in one element is an array; one missing from some occurrences of
//   its parent is optional; an element that only wraps repeats of one child is a wrapped list
//   (`XMLListCoding`), an array of the items;
// - text beside child elements (mixed content), children in varying order, or a name that repeats
//   after another are a list of choices under the `""` key: an enum with a case per child name
//   (and `text` for the text runs), keyed by an `XMLChoiceCodingKey`, with hand-written `Codable`;
// - names in a namespace are keyed in Clark notation (`{uri}local`), which matches any prefix;
// - a struct that would contain itself through non-array properties gets an array at the edge
//   that closes the cycle (an empty array for absent, one item for present), so that it compiles.
//
// Types are emitted root first, then in the order their properties first name them, so the same
// model always gives the same text.

/// Renders an inferred model as Swift declarations.
struct SwiftModelRenderer {
    let model: XMLInferredModel
    let options: SwiftModelOptions
    /// The Swift type name of every shape rendered as a struct, by expanded name.
    private(set) var typeNames: [String: String] = [:]
    /// The name of the choice enum of every struct with choice content.
    private var contentTypeNames: [String: String] = [:]
    /// Parent and child keys of properties that are arrays to break a cycle of structs.
    private var cycleEdges: Set<[String]> = []
    /// Wrapper elements, by expanded name, with the expanded name of their items.
    private var wrappers: [String: String] = [:]
    private var output: [String] = []

    init(model: XMLInferredModel, options: SwiftModelOptions) {
        self.model = model
        self.options = options
        wrappers = Self.findWrappers(model)
        var used = Set<String>()
        for key in orderedKeys() where rendersAsStruct(key) {
            let base: String
            if key == model.rootElementName, let root = options.rootTypeName, !root.isEmpty {
                base = root
            } else {
                base = options.typePrefix + SwiftNames.typeName(model.shapes[key]!.localName)
            }
            typeNames[key] = SwiftNames.unique(base, in: &used)
        }
        for key in orderedKeys() where rendersAsStruct(key) && model.shapes[key]!.hasChoiceContent {
            contentTypeNames[key] = SwiftNames.unique(typeNames[key]! + "Content", in: &used)
        }
        cycleEdges = findCycleEdges()
    }

    /// Whether a shape is a struct (the root always is), rather than a scalar property or a
    /// wrapped list.
    private func rendersAsStruct(_ key: String) -> Bool {
        key == model.rootElementName || (!model.shapes[key]!.isSimple && wrappers[key] == nil)
    }

    /// The elements that wrap a list: no attributes, no text, children of one name that repeats,
    /// at most one in each parent, and never among a list of choices. They are arrays of their
    /// items, wrapped by `XMLListCoding`, rather than structs of their own.
    private static func findWrappers(_ model: XMLInferredModel) -> [String: String] {
        var wrappers: [String: String] = [:]
        for (key, shape) in model.shapes where key != model.rootElementName {
            guard shape.attributes.isEmpty, shape.occurrencesWithText == 0, shape.children.count == 1,
                let item = shape.childOrder.first, item != key, shape.children[item]!.maxPerParent > 1
            else { continue }
            wrappers[key] = item
        }
        for parent in model.shapes.values {
            for (child, statistics) in parent.children {
                if parent.hasChoiceContent || statistics.maxPerParent > 1 || parent.attributes[child] != nil {
                    wrappers[child] = nil
                }
            }
        }
        return wrappers
    }

    /// The shapes in rendering order: the root, then depth first in property order.
    private func orderedKeys() -> [String] {
        var seen: Set<String> = [model.rootElementName]
        var order: [String] = []
        var pending = [model.rootElementName]
        while let key = pending.popLast() {
            order.append(key)
            let children = model.shapes[key]!.childOrder.filter { !seen.contains($0) }
            for child in children { seen.insert(child) }
            pending.append(contentsOf: children.reversed())
        }
        return order
    }

    /// The properties that close a cycle of structs held by value: depth first along the
    /// properties that are neither arrays nor lists of choices, from every struct in rendering
    /// order, an edge back to a struct still being visited.
    ///
    /// Iterative, with a stack of its own: a path can be as long as the samples have element
    /// names, far longer than the document's depth.
    private func findCycleEdges() -> Set<[String]> {
        var edges: Set<[String]> = []
        var finished: Set<String> = []
        var onPath: Set<String> = []
        // Each frame: a struct and the children by value still to visit.
        var stack: [(key: String, pending: ArraySlice<String>)] = []
        func push(_ key: String) {
            onPath.insert(key)
            let shape = model.shapes[key]!
            var children: [String] = []
            if !shape.hasChoiceContent {
                children = shape.childOrder.filter { rendersAsStruct($0) && shape.children[$0]!.maxPerParent <= 1 }
            }
            stack.append((key, children[...]))
        }
        for start in orderedKeys() where rendersAsStruct(start) && !finished.contains(start) {
            push(start)
            while let (key, pending) = stack.last {
                guard let child = pending.first else {
                    stack.removeLast()
                    onPath.remove(key)
                    finished.insert(key)
                    continue
                }
                stack[stack.count - 1].pending = pending.dropFirst()
                if onPath.contains(child) {
                    edges.insert([key, child])
                } else if !finished.contains(child) {
                    push(child)
                }
            }
        }
        return edges
    }

    /// The type of a value of a shape: its struct's name, or the scalar its text always fits.
    /// `wrappable` is false where no property wrapper can be placed (an array's items, a choice's
    /// value), and a date is then a `String`.
    private func valueType(_ key: String, wrappable: Bool) -> String {
        if let name = typeNames[key] { return name }
        return model.shapes[key]!.textKinds.swiftType(wrappable: wrappable)
    }

    /// A scalar property's type and its format wrapper, if it is a date: `Date` with
    /// `Formatted<XMLSchemaDateTimeFormat>`, or `Date?` with `OptionalFormatted<…>`.
    private func scalar(_ kinds: ValueKinds, optional: Bool) -> (type: String, format: String?) {
        let type = kinds.swiftType + (optional ? "?" : "")
        guard let format = kinds.dateFormat else { return (type, nil) }
        return (type, (optional ? "OptionalFormatted<" : "Formatted<") + format + ">")
    }

    // MARK: Rendering

    mutating func render() -> String {
        output = []
        renderHeader()
        for key in orderedKeys() where rendersAsStruct(key) {
            output.append("")
            renderStruct(key)
            if let content = contentTypeNames[key] {
                output.append("")
                renderContentEnum(key, named: content)
            }
        }
        return output.joined(separator: "\n") + "\n"
    }

    private mutating func renderHeader() {
        let samples = model.sampleNames
        let noun = samples.count == 1 ? "sample" : "samples"
        let elements = model.elementCount == 1 ? "element" : "elements"
        let root = model.rootElementName
        output += Self.comment("Codable models for <\(root)> documents, inferred from \(samples.count) \(noun)")
        output.append("// (\(model.elementCount) \(elements) in all):")
        for name in samples.prefix(20) { output += Self.comment(name, indent: "  ", path: true) }
        if samples.count > 20 { output.append("//   and \(samples.count - 20) more") }
        output.append("//")
        let rootType = typeNames[root]!
        output += Self.comment("Decode with `XMLDecoder().decode(\(rootType).self, from: data)` and encode with")
        output += Self.comment("`XMLEncoder().encode(value, withRootKey: \(SwiftNames.stringLiteral(root)))`:")
        output.append("// no coder settings are needed.")
        output.append("// Inferred from samples, not from a schema: check optionals and types against your documents.")
        output.append("")
        if usesFoundation() { output.append("import Foundation") }
        output.append("import XMLCodable")
    }

    /// A line comment of `text`, wrapped to 120 columns: broken at a space (which is dropped) or,
    /// for a `path`, after a `/`, or where it must; each line after the first indented two more.
    ///
    ///     comment("Samples/a/very/…/long.xml", indent: "  ", path: true)
    ///     → ["//   Samples/a/very/…/", "//     …/long.xml"]
    ///
    /// A word without a place to break (a name of more than 110 characters) is cut at 120 only
    /// when it is a path; other words are kept whole, for they are code the reader may copy.
    static func comment(_ text: String, indent: String = "", path: Bool = false) -> [String] {
        var lines: [String] = []
        var prefix = "// " + indent
        var rest = Substring(text)
        while prefix.count + rest.count > 120 {
            let room = 120 - prefix.count
            let window = rest.prefix(room + 1)
            var cut: Substring.Index?
            if let space = window.lastIndex(of: " "), space > rest.startIndex {
                cut = space
            }
            if path, cut == nil || rest.distance(from: rest.startIndex, to: cut!) < room / 2,
                let slash = window.dropLast().lastIndex(of: "/")
            {
                cut = rest.index(after: slash)
            }
            if cut == nil, path { cut = rest.index(rest.startIndex, offsetBy: room) }
            guard let end = cut else { break }
            lines.append(prefix + rest[..<end])
            rest = rest[end...].drop { $0 == " " }
            prefix = "// " + indent + "  "
        }
        lines.append(prefix + rest)
        return lines
    }

    /// Whether a property is a `Date` or a `Decimal`, which `import Foundation` declares.
    private func usesFoundation() -> Bool {
        // `Date`, `Date?`, `[Decimal]`, `[Decimal]?`: the type's name without brackets and `?`.
        let foundationTypes: Set<Substring> = ["Date", "Decimal"]
        func isFoundation(_ type: String) -> Bool {
            foundationTypes.contains(Substring(type).trimmingPrefix("[").prefix { $0 != "]" && $0 != "?" })
        }
        return orderedKeys().filter(rendersAsStruct).contains { key in
            properties(of: key).contains { isFoundation($0.type) }
                || (contentTypeNames[key] != nil
                    && model.shapes[key]!.childOrder.contains { isFoundation(valueType($0, wrappable: false)) })
        }
    }

    private var access: String {
        options.accessLevel == .public ? "public " : ""
    }

    /// One stored property of a struct.
    private struct Property {
        var name: String
        var key: String
        var type: String
        /// The property wrappers, outermost first, without `@`: `["Attribute", "Formatted<…>"]`.
        var wrappers: [String] = []
        var comment: String?
        /// The item name of a wrapped list.
        var listItem: String?
    }

    private func properties(of key: String) -> [Property] {
        let shape = model.shapes[key]!
        var used = Set<String>()
        var result: [Property] = []
        for attribute in shape.attributeOrder {
            let statistics = shape.attributes[attribute]!
            let optional = options.optionalEverywhere || statistics.presentIn < shape.occurrences
            let (type, format) = scalar(statistics.kinds, optional: optional)
            let name = SwiftNames.unique(SwiftNames.propertyName(localPart(attribute)), in: &used)
            result.append(
                Property(name: name, key: attribute, type: type, wrappers: ["Attribute"] + [format].compactMap { $0 }))
        }
        if shape.hasChoiceContent {
            let name = SwiftNames.unique("content", in: &used)
            result.append(Property(name: name, key: "", type: "[\(contentTypeNames[key]!)]"))
        } else if shape.hasTextValue || shape.isSimple {
            let (type, format) = scalar(shape.textKinds, optional: options.optionalEverywhere)
            let name = SwiftNames.unique("value", in: &used)
            result.append(Property(name: name, key: "", type: type, wrappers: [format].compactMap { $0 }))
        } else {
            for child in shape.childOrder {
                let statistics = shape.children[child]!
                var type = valueType(child, wrappable: true)
                var format: String?
                var comment: String?
                var listItem: String?
                if let item = wrappers[child] {
                    listItem = item
                    type = "[\(valueType(item, wrappable: false))]"
                    let optional = options.optionalEverywhere || statistics.presentIn < shape.occurrences
                    type += optional ? "?" : ""
                } else if statistics.maxPerParent > 1 || cycleEdges.contains([key, child]) {
                    if statistics.maxPerParent <= 1 { comment = "an array, as <\(child)> contains itself" }
                    type = "[\(valueType(child, wrappable: false))]"
                    if options.optionalEverywhere { type += "?" }
                } else if typeNames[child] == nil {
                    let optional = options.optionalEverywhere || statistics.presentIn < shape.occurrences
                    (type, format) = scalar(model.shapes[child]!.textKinds, optional: optional)
                } else if options.optionalEverywhere || statistics.presentIn < shape.occurrences {
                    type += "?"
                }
                let placement = shape.attributes[child] != nil ? ["Element"] : []
                let name = SwiftNames.unique(SwiftNames.propertyName(localPart(child)), in: &used)
                var property = Property(
                    name: name, key: child, type: type, wrappers: placement + [format].compactMap { $0 },
                    comment: comment)
                property.listItem = listItem
                result.append(property)
            }
        }
        return result
    }

    private mutating func renderStruct(_ key: String) {
        let name = typeNames[key]!
        let properties = properties(of: key)
        let lists = properties.filter { $0.listItem != nil }
        let conformances = lists.isEmpty ? "Codable, Equatable" : "Codable, Equatable, XMLListCoding"
        output.append("\(access)struct \(name): \(conformances) {")
        for property in properties {
            let keyword = !property.wrappers.isEmpty || options.declaration == .var ? "var" : "let"
            let wrapper = property.wrappers.map { "@" + $0 + " " }.joined()
            let comment = property.comment.map { "  // " + $0 } ?? ""
            let name = SwiftNames.escaped(property.name)
            output.append("    \(wrapper)\(access)\(keyword) \(name): \(property.type)\(comment)")
        }
        if options.accessLevel == .public {
            output.append("")
            let parameters = properties.map { "\(SwiftNames.escaped($0.name)): \($0.type)" }
            let oneLine = "    public init(\(parameters.joined(separator: ", "))) {"
            if oneLine.count <= 120 {
                output.append(oneLine)
            } else {
                output.append("    public init(")
                output.append(parameters.map { "        " + $0 }.joined(separator: ",\n"))
                output.append("    ) {")
            }
            for property in properties {
                // A placement wrapper has no `init(wrappedValue:)`: the backing storage is set.
                let value = SwiftNames.escaped(property.name)
                if property.wrappers.isEmpty {
                    output.append("        self.\(property.name) = \(value)")
                } else {
                    let wrapped = property.wrappers.reversed().reduce(value) { "\($1)(\($0))" }
                    output.append("        self._\(property.name) = \(wrapped)")
                }
            }
            output.append("    }")
        }
        if properties.contains(where: { $0.name != $0.key }) {
            output.append("")
            output.append("    enum CodingKeys: String, CodingKey {")
            for property in properties {
                output.append("        case \(caseLine(property.name, key: property.key))")
            }
            output.append("    }")
        }
        if !lists.isEmpty {
            output.append("")
            output.append("    \(access)static func xmlListItemName(for key: any CodingKey) -> String? {")
            output.append("        switch key.stringValue {")
            for property in lists {
                let item = SwiftNames.stringLiteral(property.listItem!)
                let line = "        case \(SwiftNames.stringLiteral(property.key)): \(item)"
                if line.count <= 120 {
                    output.append(line)
                } else {
                    // Long namespace URIs: the item's name on a line of its own.
                    output.append("        case \(SwiftNames.stringLiteral(property.key)):")
                    output.append("            \(item)")
                }
            }
            output.append("        default: nil")
            output.append("        }")
            output.append("    }")
        }
        output.append("}")
    }

    private func caseLine(_ name: String, key: String) -> String {
        name == key ? SwiftNames.escaped(name) : "\(SwiftNames.escaped(name)) = \(SwiftNames.stringLiteral(key))"
    }

    private mutating func renderContentEnum(_ key: String, named name: String) {
        let shape = model.shapes[key]!
        var used = Set<String>()
        var cases: [(name: String, key: String, type: String)] = []
        if shape.occurrencesWithText > 0 {
            cases.append((SwiftNames.unique("text", in: &used), "", "String"))
        }
        for child in shape.childOrder {
            let caseName = SwiftNames.unique(SwiftNames.propertyName(localPart(child)), in: &used)
            cases.append((caseName, child, valueType(child, wrappable: false)))
        }
        output.append("/// One item of the content of `\(typeNames[key]!)`, in document order.")
        output.append("\(access)enum \(name): Codable, Equatable {")
        for item in cases {
            output.append("    case \(SwiftNames.escaped(item.name))(\(item.type))")
        }
        output.append("")
        output.append("    enum CodingKeys: String, XMLChoiceCodingKey {")
        for item in cases {
            output.append("        case \(caseLine(item.name, key: item.key))")
        }
        output.append("    }")
        output.append("")
        output.append("    \(access)init(from decoder: any Decoder) throws {")
        output.append("        let container = try decoder.container(keyedBy: CodingKeys.self)")
        // `contains` matches a Clark-notation key by namespace URI, as `allKeys` cannot; the text
        // case, keyed "", is what is left when no element case matches.
        let elements = cases.filter { !$0.key.isEmpty }
        for (index, item) in elements.enumerated() {
            let caseName = SwiftNames.escaped(item.name)
            output.append("        \(index == 0 ? "if" : "} else if") container.contains(.\(caseName)) {")
            let decode = "try container.decode(\(item.type).self, forKey: .\(caseName))"
            output.append("            self = .\(caseName)(\(decode))")
        }
        output.append(elements.isEmpty ? "        do {" : "        } else {")
        if let text = cases.first(where: { $0.key.isEmpty }) {
            let caseName = SwiftNames.escaped(text.name)
            output.append("            self = .\(caseName)(try container.decode(String.self, forKey: .\(caseName)))")
        } else {
            output.append("            let context = DecodingError.Context(")
            let arguments = "codingPath: decoder.codingPath, debugDescription: \"Unknown content item.\")"
            output.append("                " + arguments)
            output.append("            throw DecodingError.dataCorrupted(context)")
        }
        output.append("        }")
        output.append("    }")
        output.append("")
        output.append("    \(access)func encode(to encoder: any Encoder) throws {")
        output.append("        var container = encoder.container(keyedBy: CodingKeys.self)")
        output.append("        switch self {")
        for item in cases {
            let caseName = SwiftNames.escaped(item.name)
            output.append("        case .\(caseName)(let value): try container.encode(value, forKey: .\(caseName))")
        }
        output.append("        }")
        output.append("    }")
        output.append("}")
    }

    /// The local part of an expanded name.
    private func localPart(_ key: String) -> String {
        guard key.hasPrefix("{"), let close = key.firstIndex(of: "}") else { return key }
        return String(key[key.index(after: close)...])
    }
}
