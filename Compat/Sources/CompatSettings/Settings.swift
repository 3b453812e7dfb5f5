// The settings one run of the corpus is encoded under, as plain data both corpus modules map onto
// their own `XMLEncoder`.

public struct Settings: Hashable, CustomStringConvertible {
    public enum Indentation: Hashable { case spaces(Int), tabs(Int) }
    public enum NodeStrategy: String, Hashable, CaseIterable {
        /// `.deferredToEncoder`.
        case deferred
        /// `.custom`: keys starting with "a" are attributes, "b" both, the rest left to the encoder.
        case byPrefix
        /// `.custom`: chosen for array types only (XMLCoder's stack semantics put it on the items' keys).
        case arraysAsAttributes
    }
    public enum KeyStrategy: String, Hashable, CaseIterable {
        case useDefaultKeys, convertToSnakeCase, convertToKebabCase, capitalized, uppercased, lowercased, custom
    }

    public var prettyPrinted = false
    public var sortedKeys = false
    public var noEmptyElements = false
    public var indentation = Indentation.spaces(4)
    public var nodeStrategy = NodeStrategy.deferred
    public var cdata = false
    public var keyStrategy = KeyStrategy.useDefaultKeys
    /// `charactersEscapedInAttributes` with XMLCoder's line-feed entry added.
    public var escapeNewlinesInAttributes = false

    public init() {}

    public var description: String {
        var parts: [String] = []
        if prettyPrinted { parts.append("pretty") }
        if sortedKeys { parts.append("sorted") }
        if noEmptyElements { parts.append("noEmpty") }
        if prettyPrinted {
            switch indentation {
            case .spaces(let n): parts.append("spaces(\(n))")
            case .tabs(let n): parts.append("tabs(\(n))")
            }
        }
        if nodeStrategy != .deferred { parts.append("node:\(nodeStrategy.rawValue)") }
        if cdata { parts.append("cdata") }
        if keyStrategy != .useDefaultKeys { parts.append("keys:\(keyStrategy.rawValue)") }
        if escapeNewlinesInAttributes { parts.append("escape\\n") }
        return parts.isEmpty ? "default" : parts.joined(separator: ",")
    }
}

/// One encoded case: its name, and the bytes or the error.
public struct Encoded {
    public let name: String
    public let result: Result<[UInt8], String>
    public init(name: String, result: Result<[UInt8], String>) {
        self.name = name
        self.result = result
    }
}

extension String: @retroactive Error {}
