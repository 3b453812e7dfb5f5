// The implementation of `@XMLFieldDecodable` (issue 36): from a struct's stored properties, their
// placement wrappers and its `CodingKeys`, the field-stream reader a person would write by hand
// (Benchmarks/Sources/FieldStreamFloor/FieldStreamReaders.swift), which decodes what the struct's
// synthesized `Decodable` decodes. For `struct Book: Codable { @Attribute var id: Int; var
// authors: [String]; var note: String? }`:
//
//     extension Book: XMLCodableCore.XMLFieldDecodable {
//         static let xmlFieldNames = XMLFieldNames(for: Book.self, [
//             Field("id", placement: .attribute), Field("authors", isList: true), Field("note")])
//         init(xmlFields stream: inout XMLFieldStream) throws {
//             var _id: Int? = nil
//             var _authors: [String] = []
//             var _note: String? = nil
//             while let field = try stream.next(in: Self.xmlFieldNames) {
//                 do {
//                     switch field {
//                     case 0: _id = try stream.int()
//                     case 1:
//                         do { let item = try stream.string(); stream.append(item, to: &_authors) }
//                         catch { try stream.fail(error, item: _authors.count) }
//                     default: _note = try stream.optionalString()
//                     }
//                 } catch {
//                     try stream.fail(error)           // kept for the field; reading goes on
//                 }
//             }
//             guard _id != nil else { throw stream.missing("id", field: 0) }   // or an earlier field's error
//             try stream.checkFailures()
//             self._id = Attribute(_id.take()!)        // moved, not copied
//             ...
//         }
//     }
//
// Kinds of property: String, the integer types, Double, Float, Bool (read by the stream; required:
// absent → `missing`); an optional of one (absent → nil); any other type (`nestedFields`: its
// generated reader, or Codable for one field); an optional of one; an array of any of these
// (repeated children, absent → []). Refused, with a diagnostic: classes, enums, generic structs, a
// custom `init(from:)`, a type that places its keys itself, property wrappers other than
// `@Attribute`, `@Element` and `@ElementAndAttribute`, a list in one, nested optionals and arrays,
// dictionaries and sets, keys read in other ways (`""`, Clark names, `xmlns`), two properties with
// one name, more than 64 properties.

#if FieldMacros
import SwiftCompilerPlugin
import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

@main
struct XMLFieldMacrosPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [XMLFieldDecodableMacro.self]
}

struct FieldDiagnostic: DiagnosticMessage {
    let message: String
    var diagnosticID: MessageID { MessageID(domain: "XMLFieldDecodable", id: "unsupported") }
    var severity: DiagnosticSeverity { .error }
}

struct MacroFailure: Error {}

public struct XMLFieldDecodableMacro: ExtensionMacro {
    /// What a property's type is, as far as the reader goes.
    indirect enum Kind {
        /// Read by the stream's method of this name (`string`, `int`, `uint8`, `double`, …).
        case scalar(String)
        /// Read by `nestedFields` (the type's source text): its generated reader, or Codable.
        case nested(String)
        case optional(Kind)
        case array(Kind)
    }

    struct Field {
        var property: String  // as written, backticks kept
        var variable: String  // the local variable's name
        var name: String  // the XML name
        var kind: Kind
        /// The placement wrapper the property is declared with (`Attribute`, `Element`,
        /// `ElementAndAttribute`), if any: its backing storage is assigned, wrapped.
        var wrapper: String?
    }

    /// The types read by a method of the stream, and that method's name.
    static let scalars = [
        "String": "string", "Int": "int", "Int8": "int8", "Int16": "int16", "Int32": "int32", "Int64": "int64",
        "UInt": "uint", "UInt8": "uint8", "UInt16": "uint16", "UInt32": "uint32", "UInt64": "uint64",
        "Double": "double", "Float": "float", "Bool": "bool",
    ]
    /// Types a Codable model often has that the reader cannot read as Codable does: refused by
    /// name, so that the error is this macro's and not a difference at run time. (Other types,
    /// `Date` and enums included, go through `nestedFields`, which falls back to Codable for a
    /// type with no generated reader.)
    static let refused = ["Character", "Dictionary", "Set", "Substring"]
    /// The property wrappers that place a value, and where (`XMLFieldNames.Field`'s placement).
    static let placements = ["Attribute": ".attribute", "Element": ".element", "ElementAndAttribute": nil as String?]
    /// Protocols with which a type places its keys itself, or reads lists and maps of its own: such
    /// a type is decoded through Codable (the dispatch checks at run time too, for a conformance
    /// declared elsewhere).
    static let codableOnlyProtocols = ["DynamicNodeDecoding", "XMLListCoding", "XMLMapCoding"]

    public static func expansion(
        of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol, conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        do {
            return try extensions(of: node, attachedTo: declaration, providingExtensionsOf: type, in: context)
        } catch is MacroFailure {
            return []  // diagnosed
        }
    }

    static func extensions(
        of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol, in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        func fail(_ node: some SyntaxProtocol, _ message: String) -> MacroFailure {
            context.diagnose(Diagnostic(node: Syntax(node), message: FieldDiagnostic(message: message)))
            return MacroFailure()
        }
        guard let structDecl = declaration.as(StructDeclSyntax.self) else {
            throw fail(node, "@XMLFieldDecodable applies to a struct")
        }
        if structDecl.genericParameterClause != nil {
            throw fail(structDecl.name, "@XMLFieldDecodable does not handle generic structs")
        }
        for inherited in structDecl.inheritanceClause?.inheritedTypes ?? [] {
            let name = lastName(inherited.type)
            if codableOnlyProtocols.contains(name) {
                throw fail(
                    inherited,
                    "@XMLFieldDecodable cannot be used with \(name): a type that places its keys itself is decoded "
                        + "through Codable")
            }
        }
        // A custom init(from:) decides what the document means: the generated reader would not
        // call it, so the two paths could disagree.
        for member in structDecl.memberBlock.members {
            if let initializer = member.decl.as(InitializerDeclSyntax.self),
                initializer.signature.parameterClause.parameters.first?.firstName.text == "from"
            {
                throw fail(
                    initializer,
                    "@XMLFieldDecodable cannot be used with a custom init(from:): the generated reader would not "
                        + "run it")
            }
        }
        let keyList = try self.codingKeys(of: structDecl) { fail($0, $1) }
        let codingKeys = keyList.map {
            Dictionary($0.map { ($0.case, $0.key) }, uniquingKeysWith: { first, _ in first })
        }
        var fields: [Field] = []
        for member in structDecl.memberBlock.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            if variable.modifiers.contains(where: { ["static", "class", "lazy"].contains($0.name.text) }) { continue }
            let isLet = variable.bindingSpecifier.tokenKind == .keyword(.let)
            let wrapper = try placementWrapper(of: variable) { fail($0, $1) }
            for binding in variable.bindings {
                if let accessors = binding.accessorBlock {
                    // Computed (a getter) or stored with observers.
                    if case .getter = accessors.accessors { continue }
                    if case .accessors(let list) = accessors.accessors,
                        list.contains(where: { ["get", "_read", "unsafeAddress"].contains($0.accessorSpecifier.text) })
                    {
                        continue
                    }
                }
                guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else {
                    throw fail(binding.pattern, "@XMLFieldDecodable needs one name per stored property")
                }
                // A `let` with a value is not decoded (as Codable leaves it).
                if isLet, binding.initializer != nil { continue }
                let property = pattern.identifier.text
                let plain = unescaped(property)
                let name: String
                if let codingKeys {
                    guard let key = codingKeys[plain] else {
                        // Not a key: Codable leaves it with its default value.
                        if binding.initializer == nil {
                            throw fail(pattern, "'\(plain)' is not in CodingKeys and has no default value")
                        }
                        continue
                    }
                    name = key
                } else {
                    name = plain
                }
                guard let typeAnnotation = binding.typeAnnotation?.type else {
                    throw fail(pattern, "@XMLFieldDecodable needs the type of '\(plain)' written out")
                }
                let kind = try classify(typeAnnotation, property: plain, fail: fail)
                if wrapper != nil, case .array = kind {
                    throw fail(
                        typeAnnotation,
                        "'\(plain)': @XMLFieldDecodable does not read a list in a placement wrapper; declare it "
                            + "without the wrapper")
                }
                if let other = fields.first(where: { $0.name == name }) {
                    throw fail(pattern, "'\(plain)' and '\(other.property)' have the same name \"\(name)\"")
                }
                fields.append(
                    Field(property: property, variable: "_\(plain)", name: name, kind: kind, wrapper: wrapper))
            }
        }
        if fields.isEmpty { throw fail(structDecl.name, "@XMLFieldDecodable found no stored property to decode") }
        // Synthesized `init(from:)` decodes in the order of CodingKeys' cases, not of the
        // properties, and throws the first error in that order: the fields are numbered so.
        if let keyList {
            let rank = Dictionary(
                keyList.enumerated().map { ($0.element.case, $0.offset) }, uniquingKeysWith: { first, _ in first })
            fields.sort { rank[unescaped($0.property)] ?? 0 < rank[unescaped($1.property)] ?? 0 }
        }
        if fields.count > 64 {
            throw fail(structDecl.name, "@XMLFieldDecodable reads up to 64 properties; this struct has \(fields.count)")
        }
        let access =
            structDecl.modifiers.first { ["public", "open", "package"].contains($0.name.text) }.map {
                $0.name.text == "open" ? "public " : "\($0.name.text) "
            } ?? ""
        let entries = fields.map { field -> String in
            var arguments = [StringLiteralExprSyntax(content: field.name).description]
            if case .array = field.kind { arguments.append("isList: true") }
            if let wrapper = field.wrapper, let placement = placements[wrapper] ?? nil {
                arguments.append("placement: \(placement)")
            }
            return "XMLCodableCore.XMLFieldNames.Field(\(arguments.joined(separator: ", ")))"
        }
        let source: DeclSyntax = """
            extension \(type.trimmed): XMLCodableCore.XMLFieldDecodable {
                \(raw: access)static let xmlFieldNames = XMLCodableCore.XMLFieldNames(
                    for: \(type.trimmed).self, [\(raw: entries.joined(separator: ", "))])
                @inline(__always) \(raw: access)init(xmlFields stream: inout XMLCodableCore.XMLFieldStream) throws {
                    \(raw: body(fields))
                }
            }
            """
        guard let ext = source.as(ExtensionDeclSyntax.self) else { return [] }
        return [ext]
    }

    /// The body of `init(xmlFields:)`: a local per field, the loop over the fields (each error
    /// kept by the stream for its field), the first field's error in the fields' order (Codable's), the
    /// assignments.
    static func body(_ fields: [Field]) -> String {
        var body = ""
        for field in fields {
            switch field.kind {
            case .array(let element): body += "var \(field.variable): [\(typeText(element))] = []\n"
            case .optional(let wrapped): body += "var \(field.variable): \(typeText(wrapped))? = nil\n"
            default: body += "var \(field.variable): \(typeText(field.kind))? = nil\n"
            }
        }
        // The table once per element, not once per field (each access of a static retains it).
        body += "let fieldNames = Self.xmlFieldNames\n"
        body += "while let field = try stream.next(in: fieldNames) {\ndo {\nswitch field {\n"
        for (number, field) in fields.enumerated() {
            let label = number == fields.count - 1 ? "default" : "case \(number)"
            switch field.kind {
            case .array(let element):
                // Through the stream, which reserves room ahead for a long list (a plain
                // `append` doubles the room, moving every item at each step).
                body += "\(label):\ndo {\nlet item = \(read(element))\n"
                body += "stream.append(item, to: &\(field.variable))\n} catch {\n"
                body += "try stream.fail(error, item: \(field.variable).count)\n}\n"
            case .optional(let wrapped): body += "\(label): \(field.variable) = \(read(wrapped, optional: true))\n"
            default: body += "\(label): \(field.variable) = \(read(field.kind))\n"
            }
        }
        body += "}\n} catch {\ntry stream.fail(error)\n}\n}\n"
        // Every check before the first assignment: a throw from a partly initialized `self`
        // makes the compiler track and destroy what was set (and copy the value: +3% on books).
        for (number, field) in fields.enumerated() {
            switch field.kind {
            case .array, .optional: continue
            default:
                let literal = StringLiteralExprSyntax(content: field.name).description
                body += "guard \(field.variable) != nil else { throw stream.missing(\(literal), field: \(number)) }\n"
            }
        }
        body += "try stream.checkFailures()\n"
        // Each value moved into the property: a `guard let` binding would be a copy (a retain
        // and a release for every string and array), with the optional kept to the end.
        for field in fields {
            let value: String
            switch field.kind {
            // (`consume` only for a list: on an optional of a bitwise-copyable type it warns.)
            case .array: value = "XMLCodableCore.XMLFieldStream.finished(consume \(field.variable))"
            case .optional: value = "\(field.variable).take()"
            default: value = "\(field.variable).take()!"
            }
            if let wrapper = field.wrapper {
                body += "self._\(unescaped(field.property)) = XMLCodableCore.\(wrapper)(\(value))\n"
            } else {
                body += "self.\(field.property) = \(value)\n"
            }
        }
        body.removeLast()  // the last newline: the template has its own
        return body
    }

    /// CodingKeys' cases and their names, in declaration order, when the struct declares it.
    static func codingKeys(
        of structDecl: StructDeclSyntax, fail: (any SyntaxProtocol, String) -> MacroFailure
    ) throws -> [(case: String, key: String)]? {
        for member in structDecl.memberBlock.members {
            guard let enumDecl = member.decl.as(EnumDeclSyntax.self), enumDecl.name.text == "CodingKeys" else {
                continue
            }
            for inherited in enumDecl.inheritanceClause?.inheritedTypes ?? []
            where lastName(inherited.type) == "XMLChoiceCodingKey" {
                throw fail(inherited, "@XMLFieldDecodable does not read choice keys (XMLChoiceCodingKey)")
            }
            var keys: [(case: String, key: String)] = []
            for caseMember in enumDecl.memberBlock.members {
                guard let caseDecl = caseMember.decl.as(EnumCaseDeclSyntax.self) else { continue }
                for element in caseDecl.elements {
                    let caseName = unescaped(element.name.text)
                    var key = caseName
                    if let raw = element.rawValue?.value {
                        guard let literal = raw.as(StringLiteralExprSyntax.self),
                            let text = literal.representedLiteralValue
                        else { throw fail(raw, "CodingKeys raw values must be plain string literals") }
                        key = text
                    }
                    // Keys the keyed container reads in other ways: the element's own text, a
                    // namespace-qualified name, a namespace declaration.
                    if key.isEmpty || key.hasPrefix("{") || key == "xmlns" || key.hasPrefix("xmlns:") {
                        throw fail(
                            element,
                            "@XMLFieldDecodable does not read the key \"\(key)\" (an element's text, a Clark "
                                + "name or a namespace declaration); decode this type with Codable")
                    }
                    keys.append((caseName, key))
                }
            }
            return keys
        }
        return nil
    }

    /// The placement wrapper a property is declared with (`Attribute`, `Element`,
    /// `ElementAndAttribute`), or `nil`; another property wrapper is refused.
    static func placementWrapper(
        of variable: VariableDeclSyntax, fail: (any SyntaxProtocol, String) -> MacroFailure
    ) throws -> String? {
        var found: String?
        for element in variable.attributes {
            guard case .attribute(let attribute) = element else { continue }
            let name = lastName(attribute.attributeName)
            // Attributes the language defines are lowercase; a property wrapper is a type.
            guard let first = name.first, first.isUppercase else { continue }
            guard placements.keys.contains(name), found == nil else {
                throw fail(
                    attribute,
                    "@XMLFieldDecodable reads @Attribute, @Element and @ElementAndAttribute alone; a property "
                        + "with @\(name) needs Codable (remove @XMLFieldDecodable)")
            }
            found = name
        }
        return found
    }

    /// A type's last name (`Attribute` for `XMLCodable.Attribute`), without generic arguments.
    static func lastName(_ type: TypeSyntax) -> String {
        if let member = type.as(MemberTypeSyntax.self) { return member.name.text }
        if let identifier = type.as(IdentifierTypeSyntax.self) { return identifier.name.text }
        return type.trimmedDescription
    }

    static func unescaped(_ name: String) -> String {
        name.hasPrefix("`") && name.hasSuffix("`") && name.count > 1 ? String(name.dropFirst().dropLast()) : name
    }

    static func classify(
        _ type: TypeSyntax, property: String, fail: (TypeSyntax, String) -> MacroFailure, nested: Bool = false
    ) throws -> Kind {
        if let optional = type.as(OptionalTypeSyntax.self) {
            if nested { throw fail(type, "'\(property)': an optional inside an optional or an array is not handled") }
            return .optional(try classify(optional.wrappedType, property: property, fail: fail, nested: true))
        }
        if let array = type.as(ArrayTypeSyntax.self) {
            if nested { throw fail(type, "'\(property)': an array inside an optional or an array is not handled") }
            return .array(try classify(array.element, property: property, fail: fail, nested: true))
        }
        if type.is(DictionaryTypeSyntax.self) {
            throw fail(type, "'\(property)': a Dictionary has no generated reader; decode this type with Codable")
        }
        if let identifier = type.as(IdentifierTypeSyntax.self) {
            let name = identifier.name.text
            if let arguments = identifier.genericArgumentClause?.arguments, arguments.count == 1,
                case .type(let argument) = arguments.first!.argument
            {
                if name == "Optional" || name == "Array" {
                    if nested { throw fail(type, "'\(property)': nested optionals and arrays are not handled") }
                    let inner = try classify(argument, property: property, fail: fail, nested: true)
                    return name == "Optional" ? .optional(inner) : .array(inner)
                }
            }
            if refused.contains(name) {
                throw fail(
                    type,
                    "'\(property)': \(name) has no generated reader; decode this type with Codable (remove "
                        + "@XMLFieldDecodable)")
            }
            if identifier.genericArgumentClause != nil {
                throw fail(type, "'\(property)': generic types are not handled by @XMLFieldDecodable")
            }
            if let scalar = scalars[name] { return .scalar(scalar) }
            return .nested(identifier.trimmedDescription)
        }
        if let member = type.as(MemberTypeSyntax.self) {
            if member.baseType.trimmedDescription == "Swift", let scalar = scalars[member.name.text] {
                return .scalar(scalar)
            }
            if member.genericArgumentClause != nil {
                throw fail(type, "'\(property)': generic types are not handled by @XMLFieldDecodable")
            }
            return .nested(member.trimmedDescription)
        }
        throw fail(type, "'\(property)': \(type.trimmedDescription) is not a type @XMLFieldDecodable handles")
    }

    static func typeText(_ kind: Kind) -> String {
        switch kind {
        case .scalar(let scalar): scalars.first { $0.value == scalar }!.key
        case .nested(let name): name
        case .optional(let wrapped): "\(typeText(wrapped))?"
        case .array(let element): "[\(typeText(element))]"
        }
    }

    /// The expression reading one value of `kind` at the current field.
    static func read(_ kind: Kind, optional: Bool = false) -> String {
        switch kind {
        case .scalar(let scalar):
            // An optional is nil for `xsi:nil`, a number or boolean for an empty element too, as
            // the Codable path reads it.
            optional
                ? "try stream.optional\(scalar.prefix(1).uppercased() + scalar.dropFirst())()"
                : "try stream.\(scalar)()"
        case .nested(let name):
            optional ? "try stream.optionalNestedFields(\(name).self)" : "try stream.nestedFields(\(name).self)"
        case .optional, .array: "nil"  // refused by classify
        }
    }
}
#else
// Without the trait FieldMacros there is no swift-syntax, and nothing expands the macro (its
// declaration is unavailable then, XMLFieldMacros.swift): the plugin is an empty program, so that
// building the whole package without the trait succeeds.
@main
enum XMLFieldMacrosPlugin {
    static func main() {}
}
#endif
