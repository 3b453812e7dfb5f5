// The implementation of `@XMLFieldDecodable` (PROTOTYPE, issue 36): from a struct's stored
// properties and its `CodingKeys`, the field-stream reader a person would write by hand
// (Benchmarks/Sources/FieldStreamFloor/FieldStreamReaders.swift):
//
//     extension Book: XMLFieldDecodable {
//         private static let _xmlFieldNames = XMLFieldNames("name", "author")
//         init(xmlFields stream: inout XMLFieldStream) throws {
//             var name: String? = nil
//             var author: String? = nil
//             while let field = try stream.next(in: Self._xmlFieldNames) {
//                 switch field {
//                 case 0: name = try stream.string()
//                 default: author = try stream.string()
//                 }
//             }
//             guard let name else { throw stream.missing("name") }
//             ...
//             self.name = name
//         }
//     }
//
// Kinds of property: String, Int, Double, Bool (required: absent → `missing`); an optional of
// one (absent → nil); another struct (`nestedFields`, which needs it to be XMLFieldDecodable);
// an optional struct; an array of structs or scalars (repeated children, absent → []).

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
        case scalar(String)  // "string", "int", "double", "bool"
        case nested(String)  // the type's source text
        case optional(Kind)
        case array(Kind)
    }

    struct Field {
        var property: String  // as written, backticks kept
        var variable: String  // the local variable's name
        var name: String  // the XML name
        var kind: Kind
        var type: String
    }

    static let scalars = ["String": "string", "Int": "int", "Double": "double", "Bool": "bool"]
    /// Types a Codable model often has that have no generated reader: refused by name, so that
    /// the error is this macro's and not the compiler's about a missing conformance.
    /// (Other types, `Date` included, go through `nestedFields`, which falls back to Codable for a
    /// child element of a type with no generated reader.)
    static let refused = ["Character", "Dictionary", "Set"]

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
            throw fail(structDecl.name, "@XMLFieldDecodable does not handle generic structs yet")
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
        // The names from CodingKeys, when the struct declares it.
        var codingKeys: [String: String]?
        for member in structDecl.memberBlock.members {
            guard let enumDecl = member.decl.as(EnumDeclSyntax.self), enumDecl.name.text == "CodingKeys" else {
                continue
            }
            var keys: [String: String] = [:]
            for caseMember in enumDecl.memberBlock.members {
                guard let caseDecl = caseMember.decl.as(EnumCaseDeclSyntax.self) else { continue }
                for element in caseDecl.elements {
                    let caseName = unescaped(element.name.text)
                    if let raw = element.rawValue?.value {
                        guard let literal = raw.as(StringLiteralExprSyntax.self),
                            let text = literal.representedLiteralValue
                        else { throw fail(raw, "CodingKeys raw values must be plain string literals") }
                        keys[caseName] = text
                    } else {
                        keys[caseName] = caseName
                    }
                }
            }
            codingKeys = keys
        }
        var fields: [Field] = []
        for member in structDecl.memberBlock.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            if variable.modifiers.contains(where: { ["static", "class", "lazy"].contains($0.name.text) }) { continue }
            let isLet = variable.bindingSpecifier.tokenKind == .keyword(.let)
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
                fields.append(
                    Field(
                        property: property, variable: "_\(plain)", name: name, kind: kind,
                        type: typeAnnotation.trimmedDescription))
            }
        }
        if fields.isEmpty { throw fail(structDecl.name, "@XMLFieldDecodable found no stored property to decode") }

        let isPublic = structDecl.modifiers.contains { ["public", "open"].contains($0.name.text) }
        let access = isPublic ? "public " : ""
        let names = fields.map { StringLiteralExprSyntax(content: $0.name).description }.joined(separator: ", ")

        var body = ""
        for field in fields {
            switch field.kind {
            case .array(let element): body += "var \(field.variable): [\(typeText(element))] = []\n"
            case .optional(let wrapped): body += "var \(field.variable): \(typeText(wrapped))? = nil\n"
            default: body += "var \(field.variable): \(field.type)? = nil\n"
            }
        }
        body += "while let field = try stream.next(in: Self._xmlFieldNames) {\nswitch field {\n"
        for (number, field) in fields.enumerated() {
            let label = number == fields.count - 1 ? "default" : "case \(number)"
            switch field.kind {
            case .array(let element): body += "\(label): \(field.variable).append(\(read(element)))\n"
            case .optional(let wrapped): body += "\(label): \(field.variable) = \(read(wrapped, optional: true))\n"
            default: body += "\(label): \(field.variable) = \(read(field.kind))\n"
            }
        }
        body += "}\n}\n"
        // Every check before the first assignment: a throw from a partly initialized `self`
        // makes the compiler track and destroy what was set (and copy the value: +3% on books).
        for field in fields {
            switch field.kind {
            case .array, .optional: continue
            default:
                let literal = StringLiteralExprSyntax(content: field.name).description
                body += "guard let \(field.variable) else { throw stream.missing(\(literal)) }\n"
            }
        }
        for field in fields { body += "self.\(field.property) = \(field.variable)\n" }
        let source: DeclSyntax = """
            extension \(type.trimmed): XMLCodableCore.XMLFieldDecodable {
                private static let _xmlFieldNames = XMLCodableCore.XMLFieldNames(\(raw: names))
                @inline(__always) \(raw: access)init(xmlFields stream: inout XMLCodableCore.XMLFieldStream) throws {
                    \(raw: body)
                }
            }
            """
        guard let ext = source.as(ExtensionDeclSyntax.self) else { return [] }
        return [ext]
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
            if identifier.genericArgumentClause != nil {
                throw fail(type, "'\(property)': generic types are not handled by @XMLFieldDecodable")
            }
            if let scalar = scalars[name] { return .scalar(scalar) }
            if refused.contains(name) {
                throw fail(
                    type,
                    "'\(property)': \(name) has no generated reader; decode this type with Codable (remove "
                        + "@XMLFieldDecodable) until the field stream can fall back to Codable for one field")
            }
            return .nested(identifier.trimmedDescription)
        }
        if let member = type.as(MemberTypeSyntax.self) {
            if member.baseType.trimmedDescription == "Swift", let scalar = scalars[member.name.text] {
                return .scalar(scalar)
            }
            return .nested(member.trimmedDescription)
        }
        throw fail(type, "'\(property)': \(type.trimmedDescription) is not a type @XMLFieldDecodable handles")
    }

    static func typeText(_ kind: Kind) -> String {
        switch kind {
        case .scalar(let scalar): ["string": "String", "int": "Int", "double": "Double", "bool": "Bool"][scalar]!
        case .nested(let name): name
        case .optional(let wrapped): "\(typeText(wrapped))?"
        case .array(let element): "[\(typeText(element))]"
        }
    }

    /// The expression reading one value of `kind` at the current field.
    static func read(_ kind: Kind, optional: Bool = false) -> String {
        switch kind {
        case .scalar(let scalar):
            // An optional number or boolean is nil for an empty element, as the Codable path reads it.
            optional && scalar != "string" ? "try stream.optional\(scalar.prefix(1).uppercased() + scalar.dropFirst())()"
                : "try stream.\(scalar)()"
        case .nested(let name): "try stream.nestedFields(\(name).self)"
        case .optional, .array: "nil"  // refused by classify
        }
    }
}
#else
#error("The @XMLFieldDecodable macro needs the package trait FieldMacros: .package(url: …, traits: [\"FieldMacros\"])")
#endif
