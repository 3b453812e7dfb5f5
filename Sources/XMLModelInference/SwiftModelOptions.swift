// SwiftModelOptions: the choices a user makes about generated Swift models.
//
//     var options = SwiftModelOptions()
//     options.rootTypeName = "Catalog"      // instead of the root element's name, `Books`
//     options.typePrefix = "API"            // APICatalog, APIBook, …
//     options.optionalEverywhere = true     // every property optional
//     options.declaration = .let            // `let` properties (attributes stay `@Attribute var`)
//     options.accessLevel = .public
//     let source = model.swiftSource(options: options)

/// Options for the Swift source that ``XMLInferredModel/swiftSource(options:)`` renders.
public struct SwiftModelOptions: Sendable, Hashable {
    /// The access level of the generated types and their properties.
    public enum AccessLevel: String, Sendable, Hashable, CaseIterable {
        /// No modifier: the types are internal to the module that compiles them (the default).
        case `internal`
        /// `public` types and properties, for a library's API.
        case `public`
    }

    /// How stored properties are declared.
    public enum Declaration: String, Sendable, Hashable, CaseIterable {
        /// `var` properties (the default).
        case `var`
        /// `let` properties. Properties with a property wrapper (`@Attribute`, `@Element`,
        /// `@Formatted` for a date) stay `var`, as Swift requires.
        case `let`
    }

    /// The name of the root element's type; `nil` (the default) names it after the element.
    public var rootTypeName: String?
    /// A prefix for every generated type's name, such as `"API"`; empty by default.
    public var typePrefix: String
    /// Whether every property is optional, whatever the samples show; `false` by default, when
    /// only what some occurrences lack is optional.
    public var optionalEverywhere: Bool
    /// `var` or `let` properties; `var` by default.
    public var declaration: Declaration
    /// The access level; internal by default.
    public var accessLevel: AccessLevel

    /// Creates options; every argument has its default.
    public init(
        rootTypeName: String? = nil, typePrefix: String = "", optionalEverywhere: Bool = false,
        declaration: Declaration = .var, accessLevel: AccessLevel = .internal
    ) {
        self.rootTypeName = rootTypeName
        self.typePrefix = typePrefix
        self.optionalEverywhere = optionalEverywhere
        self.declaration = declaration
        self.accessLevel = accessLevel
    }
}
