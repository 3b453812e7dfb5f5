// The property wrappers print as the values they wrap, so that a model prints as the plain struct
// it stands for: `print(book)` shows what the book holds, not how the XML coders place it.
//
//     struct Book: Codable {
//         @Attribute var isbn: String?
//         @Element var title: String
//     }
//
//     print(book)   // Book(_isbn: Optional("978-0"), _title: "Swift")
//                   // rather than Book(_isbn: XMLCodableCore.Attribute<Swift.Optional<Swift.String>>(
//                   //     wrappedValue: Optional("978-0")), _title: XMLCodableCore.Element<…>(…))
//
// (The labels keep their underscore: a struct's printed form names its stored properties, and a
// wrapped property is stored as `_name`. Only the model's own `CustomStringConvertible` can
// change that.) `description` is the value's `String(describing:)`, `debugDescription` its
// `String(reflecting:)`, which is what `print` and `debugPrint` use for the members of a struct.

extension Attribute: CustomStringConvertible, CustomDebugStringConvertible {
    /// The wrapped value's description: `String(describing: wrappedValue)`.
    public var description: String { String(describing: wrappedValue) }
    /// The wrapped value's debug description: `String(reflecting: wrappedValue)`.
    public var debugDescription: String { String(reflecting: wrappedValue) }
}

extension Element: CustomStringConvertible, CustomDebugStringConvertible {
    /// The wrapped value's description: `String(describing: wrappedValue)`.
    public var description: String { String(describing: wrappedValue) }
    /// The wrapped value's debug description: `String(reflecting: wrappedValue)`.
    public var debugDescription: String { String(reflecting: wrappedValue) }
}

extension ElementAndAttribute: CustomStringConvertible, CustomDebugStringConvertible {
    /// The wrapped value's description: `String(describing: wrappedValue)`.
    public var description: String { String(describing: wrappedValue) }
    /// The wrapped value's debug description: `String(reflecting: wrappedValue)`.
    public var debugDescription: String { String(reflecting: wrappedValue) }
}

extension Formatted: CustomStringConvertible, CustomDebugStringConvertible {
    /// The wrapped value's description: `String(describing: wrappedValue)`.
    public var description: String { String(describing: wrappedValue) }
    /// The wrapped value's debug description: `String(reflecting: wrappedValue)`.
    public var debugDescription: String { String(reflecting: wrappedValue) }
}

extension OptionalFormatted: CustomStringConvertible, CustomDebugStringConvertible {
    /// The wrapped value's description: `String(describing: wrappedValue)`.
    public var description: String { String(describing: wrappedValue) }
    /// The wrapped value's debug description: `String(reflecting: wrappedValue)`.
    public var debugDescription: String { String(reflecting: wrappedValue) }
}
