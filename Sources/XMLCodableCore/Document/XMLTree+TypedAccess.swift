// Typed access on selections and elements: text and attributes as `XMLTree.Value`s, a throwing
// `fetch` along a path, and decoding a model from what a lookup found.
//
// A fetch path is the subscripts written as one string: steps separated by `/`, each a name (as
// written, or `{uri}local`) with an optional `[index]`, and a last step `@name` for an attribute:
//
//     try tree["catalog"].fetch("book[1]/@id", as: Int.self)                 // 2
//     try tree["catalog"].fetch("book[1]/{http://purl.org/dc/elements/1.1/}title", as: String.self)
//
// Each step is the subscript of the same name, so a fetch finds what the subscripts find, and a
// miss names the step that missed and where the last element found was. Paths are read by the
// parser the editing methods use (`XMLTree.PathStep`), so `modify` and `fetch` take the same paths.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension XMLTree.Selection {
    /// The text of the first selected element (see ``XMLTree/Element/text``) as a value with its
    /// path and source position; when nothing is selected, the lookup's failure.
    public var textValue: XMLTree.Value {
        guard let element = elements.first else { return XMLTree.Value(failure: notFound) }
        return XMLTree.Value(text: element.text, path: path, location: element.sourceLocation)
    }

    /// Whether the lookup found an element.
    public var exists: Bool { !elements.isEmpty }
    /// The first selected element's text; `nil` when nothing is selected.
    public var string: String? { textValue.string }
    /// The first selected element's text read as an `Int` (as `XMLDecoder` reads one), or `nil`.
    public var int: Int? { textValue.int }
    /// The first selected element's text read as a `Double` (as `XMLDecoder` reads one), or `nil`.
    public var double: Double? { textValue.double }
    /// The first selected element's text read as a `Bool` (as `XMLDecoder` reads one), or `nil`.
    public var bool: Bool? { textValue.bool }
    /// The first selected element's text read as a date (an `xs:dateTime`, an `xs:date` or a
    /// number of seconds since 1970, as ``XMLTree/Value/date`` reads it), or `nil`.
    public var date: Date? { textValue.date }

    /// The first selected element's text read as `T`, as `decoder` reads a property of that type.
    ///
    /// - Throws: ``XMLTree/ValueError`` naming the path and source position.
    public func value<T: Decodable>(_ type: T.Type = T.self, using decoder: XMLDecoder? = nil) throws(XMLTree
        .ValueError) -> T
    {
        try textValue.value(type, using: decoder)
    }

    /// The first selected element's text made into a value by `transform`.
    ///
    /// - Throws: ``XMLTree/ValueError`` naming the path and source position.
    public func value<T>(transform: (String) throws -> T) throws(XMLTree.ValueError) -> T {
        try textValue.value(transform: transform)
    }

    /// An attribute of the first selected element, as a value with its path (`…/@name`) and
    /// source position.
    ///
    /// - Parameter name: the attribute's qualified name, or `"{uri}local"`.
    public func attribute(_ name: String) -> XMLTree.Value {
        guard let element = elements.first else { return XMLTree.Value(failure: notFound) }
        let attributePath = path + "/@" + name
        guard let value = element.attributes[name] else {
            return XMLTree.Value(
                failure: XMLTree.ValueError(
                    reason: .noAttribute(name), path: attributePath, location: element.sourceLocation))
        }
        return XMLTree.Value(
            text: value, path: attributePath,
            location: element.sourceLocation(ofAttribute: name) ?? element.sourceLocation)
    }

    /// An attribute of the first selected element read as `T`, as `decoder` reads an attribute.
    ///
    /// - Throws: ``XMLTree/ValueError``: no element, no such attribute, or not a `T`.
    public func attribute<T: Decodable>(_ name: String, as type: T.Type, using decoder: XMLDecoder? = nil)
        throws(XMLTree.ValueError) -> T
    {
        try attribute(name).value(type, using: decoder)
    }

    /// The text or attribute at a path below the selection's first element: steps `name` or
    /// `name[index]` separated by `/`, the last one `@name` for an attribute (see the file's header).
    ///
    /// ```swift
    /// let price = try tree["catalog"].fetch("book[1]/price", as: Double.self)
    /// let id = try tree["catalog"].fetch("book[1]/@id", as: Int.self)
    /// ```
    ///
    /// The value is read as ``XMLTree/Value/value(_:using:)`` reads it: with `decoder`'s
    /// strategies, or without one as a default decoder does, but for dates, which are read as
    /// ``date`` reads them (`fetch("published", as: Date.self)` and `["published"].date` agree).
    ///
    /// - Throws: ``XMLTree/ValueError`` naming the step that missed, or the value that does not
    ///   read as `T`, with its source position.
    public func fetch<T: Decodable>(_ path: String, as type: T.Type = T.self, using decoder: XMLDecoder? = nil)
        throws(XMLTree.ValueError) -> T
    {
        try value(at: path).value(type, using: decoder)
    }

    /// The text or attribute at a path (see ``fetch(_:as:using:)``) made into a value by `transform`.
    ///
    /// - Throws: ``XMLTree/ValueError`` naming the step that missed, or the error `transform` threw.
    public func fetch<T>(_ path: String, transform: (String) throws -> T) throws(XMLTree.ValueError) -> T {
        try value(at: path).value(transform: transform)
    }

    /// The text or attribute at a path (see ``fetch(_:as:using:)``), as a value: `nil`
    /// accessors and a ``XMLTree/Value/failure`` when something on the way is missing.
    public func value(at path: String) -> XMLTree.Value {
        let steps: [XMLTree.PathStep]
        do throws(XMLTree.EditError) {
            steps = try XMLTree.PathStep.parse(path)
        } catch {
            var problem = error.description
            if case .invalidPath(let reason) = error.reason { problem = reason }
            return XMLTree.Value(
                failure: XMLTree.ValueError(
                    reason: .invalidPath(problem), path: self.path + "/" + path,
                    location: elements.first?.sourceLocation))
        }
        var selection = self
        for (position, step) in steps.enumerated() {
            if step.name.hasPrefix("@"), position == steps.count - 1, step.index == nil {
                return selection.attribute(String(step.name.dropFirst()))
            }
            let before = selection
            selection = selection[step.name]
            if let index = step.index { selection = selection[index] }
            if selection.failure != nil {
                return XMLTree.Value(
                    failure: XMLTree.ValueError(
                        reason: .notFound(selection.notFoundFailure), path: selection.path,
                        location: before.element?.sourceLocation))
            }
        }
        return selection.textValue
    }

    /// Decodes the first selected element as `T` (see ``XMLDecoder/decode(_:from:)-(_,XMLTree.Element)``).
    ///
    /// - Throws: ``XMLTree/ValueError`` when nothing is selected; the decoder's `DecodingError`s,
    ///   which give source lines and columns, when the element does not fit `T`.
    public func decode<T: Decodable>(_ type: T.Type = T.self, using decoder: XMLDecoder? = nil) throws -> T {
        guard let element = elements.first else { throw notFound }
        return try (decoder ?? XMLDecoder()).decode(type, from: element)
    }

    /// Decodes every selected element as `T`, in order.
    ///
    /// - Throws: as ``decode(_:using:)``, for the first element that fails.
    public func decodeAll<T: Decodable>(_ type: T.Type = T.self, using decoder: XMLDecoder? = nil) throws -> [T] {
        if elements.isEmpty, failure != nil { throw notFound }
        let decoder = decoder ?? XMLDecoder()
        return try elements.map { try decoder.decode(type, from: $0) }
    }

    /// The lookup failure, or one for an empty selection without a failure.
    private var notFoundFailure: XMLTree.LookupFailure {
        failure ?? XMLTree.LookupFailure(reason: .noChildElement("*"), path: path)
    }

    /// Why there is nothing selected, as a value error.
    private var notFound: XMLTree.ValueError {
        XMLTree.ValueError(reason: .notFound(notFoundFailure), path: path, location: nil)
    }
}

extension XMLTree.Element {
    /// The element as a selection of one (for the typed accessors below).
    private var selection: XMLTree.Selection { XMLTree.Selection(elements: [self], path: name.qualifiedName) }

    /// The element's text (see ``text``) as a value with its source position.
    public var textValue: XMLTree.Value { selection.textValue }
    /// The element's text read as an `Int` (as `XMLDecoder` reads one), or `nil`.
    public var int: Int? { textValue.int }
    /// The element's text read as a `Double` (as `XMLDecoder` reads one), or `nil`.
    public var double: Double? { textValue.double }
    /// The element's text read as a `Bool` (as `XMLDecoder` reads one), or `nil`.
    public var bool: Bool? { textValue.bool }
    /// The element's text read as a date (an `xs:dateTime`, an `xs:date` or a number of seconds
    /// since 1970, as ``XMLTree/Value/date`` reads it), or `nil`.
    public var date: Date? { textValue.date }

    /// The element's text read as `T`, as `decoder` reads a property of that type.
    ///
    /// ```swift
    /// let price = try book["price"].require().value(Double.self)
    /// ```
    ///
    /// - Throws: ``XMLTree/ValueError`` with the element's source position.
    public func value<T: Decodable>(_ type: T.Type = T.self, using decoder: XMLDecoder? = nil) throws(XMLTree
        .ValueError) -> T
    {
        try textValue.value(type, using: decoder)
    }

    /// The element's text made into a value by `transform`.
    ///
    /// - Throws: ``XMLTree/ValueError`` with the element's source position.
    public func value<T>(transform: (String) throws -> T) throws(XMLTree.ValueError) -> T {
        try textValue.value(transform: transform)
    }

    /// An attribute as a value with its path and source position.
    ///
    /// - Parameter name: the attribute's qualified name, or `"{uri}local"`.
    public func attribute(_ name: String) -> XMLTree.Value { selection.attribute(name) }

    /// An attribute read as `T`, as `decoder` reads an attribute property.
    ///
    /// ```swift
    /// let id = try book.attribute("id", as: Int.self)
    /// ```
    ///
    /// - Throws: ``XMLTree/ValueError``: no such attribute, or not a `T`.
    public func attribute<T: Decodable>(_ name: String, as type: T.Type, using decoder: XMLDecoder? = nil)
        throws(XMLTree.ValueError) -> T
    {
        try selection.attribute(name, as: type, using: decoder)
    }

    /// The text or attribute at a path below the element; see ``XMLTree/Selection/fetch(_:as:using:)``.
    public func fetch<T: Decodable>(_ path: String, as type: T.Type = T.self, using decoder: XMLDecoder? = nil)
        throws(XMLTree.ValueError) -> T
    {
        try selection.fetch(path, as: type, using: decoder)
    }

    /// The text or attribute at a path below the element, made into a value by `transform`.
    public func fetch<T>(_ path: String, transform: (String) throws -> T) throws(XMLTree.ValueError) -> T {
        try selection.fetch(path, transform: transform)
    }

    /// The text or attribute at a path below the element, as a value (see ``XMLTree/Selection/value(at:)``).
    public func value(at path: String) -> XMLTree.Value { selection.value(at: path) }

    /// Decodes the element as `T`; see ``XMLDecoder/decode(_:from:)-(_,XMLTree.Element)``.
    public func decode<T: Decodable>(_ type: T.Type = T.self, using decoder: XMLDecoder? = nil) throws -> T {
        try (decoder ?? XMLDecoder()).decode(type, from: self)
    }
}
