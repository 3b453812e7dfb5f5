// The generic mapping between XML documents and JSON used by `to-json` and `from-json`.
//
// The mapping (also in README.md and in `xmlc to-json --help`):
//
//   document                 {"ROOT": VALUE}                 one member: the root element's name
//   <a>text</a>, <a/>        "text", ""                      no attributes, no child elements
//   attributes               "@name": "value"                in document order (xmlns ones too)
//   <a x="1">text</a>        {"@x": "1", "#text": "text"}    "#text" left out when there is none
//   child elements           "name": VALUE                   for a name that occurs once
//   repeated elements        "name": [VALUE, VALUE, …]       when each name's elements are adjacent
//   mixed content, or        "#content": ["text", {"b": VALUE}, …]
//   interleaved names                                        everything in document order
//
// White space that only lays out element content (between tags, outside xml:space="preserve")
// is not carried; all other text is, exactly. CDATA sections become text. Comments, processing
// instructions and the document type declaration are not carried. Every value is a string: JSON
// numbers and booleans given to `from-json` become their literal text, and null an empty element.
//
// So `from-json` of `to-json`'s output is the same document up to those: the same elements,
// attributes (in order) and text — the canonical forms match.
//
// This file holds the mapping's JSON-to-XML direction; `to-json` writes the other direction as it
// reads the document, in StreamingJSONWriter.swift.

import XMLCodableCore

enum JSONMapping {
    // XML to JSON is written while the document is read, by `StreamingJSONWriter`
    // (StreamingJSONWriter.swift), which gives this mapping.

    // MARK: JSON to XML

    /// A JSON document that does not follow the mapping, at a byte offset of the JSON text.
    struct MappingError: Error {
        var message: String
        var offset: Int
    }

    /// The document a JSON value describes, and where each element's value starts in the JSON
    /// (by the element path `XMLTree.SerializationError` reports), for errors found when writing.
    static func tree(from json: LocatedJSONValue) throws(MappingError) -> (tree: XMLTree, offsets: [String: Int]) {
        guard case .object(let members) = json.value, members.count == 1 else {
            throw MappingError(message: "expected an object with one member, the root element: {\"root\": …}", offset: json.offset)
        }
        var offsets: [String: Int] = [:]
        let (name, value) = members[0]
        if case .array = value.value {
            throw MappingError(message: "the root element's value cannot be an array: a document has one root element", offset: value.offset)
        }
        let root = try element(named: name, value: value, path: name, offsets: &offsets)
        return (XMLTree(root: root), offsets)
    }

    private static func scalarText(_ value: JSONValue) -> String? {
        switch value {
        case .string(let text), .number(let text): text
        case .bool(let flag): flag ? "true" : "false"
        case .null, .array, .object: nil
        }
    }

    private static func element(named name: String, value: LocatedJSONValue, path: String, offsets: inout [String: Int]) throws(MappingError) -> XMLTree.Element
    {
        guard !name.isEmpty, !name.hasPrefix("@"), !name.hasPrefix("#") else {
            throw MappingError(message: "\"\(name)\" cannot be an element name", offset: value.offset)
        }
        offsets[path] = value.offset
        var element = XMLTree.Element(XMLTree.Name(name))
        switch value.value {
        case .null:
            return element
        case .string, .number, .bool:
            element.children = [.text(scalarText(value.value) ?? "")]
            if case .text("") = element.children[0] { element.children = [] }
            return element
        case .array:
            throw MappingError(
                message: "an array is not an element's value here: arrays hold the repeated elements of a member, not nested arrays", offset: value.offset)
        case .object(let members):
            // Children named here, counted first so each one's path says which of its name it is.
            var totals: [String: Int] = [:]
            for member in members where !member.name.hasPrefix("@") && !member.name.hasPrefix("#") {
                if case .array(let items) = member.value.value { totals[member.name, default: 0] += items.count } else { totals[member.name, default: 0] += 1 }
            }
            for member in members where member.name == "#content" {
                if case .array(let items) = member.value.value {
                    for item in items {
                        if case .object(let inner) = item.value, inner.count == 1 {
                            if case .array(let repeated) = inner[0].value.value {
                                totals[inner[0].name, default: 0] += repeated.count
                            } else {
                                totals[inner[0].name, default: 0] += 1
                            }
                        }
                    }
                }
            }
            var seen: [String: Int] = [:]
            func child(_ childName: String, _ childValue: LocatedJSONValue, _ offsets: inout [String: Int]) throws(MappingError) -> XMLTree.Node {
                let index = seen[childName, default: 0]
                seen[childName] = index + 1
                let childPath = path + "/" + childName + ((totals[childName] ?? 0) > 1 ? "[\(index)]" : "")
                return .element(try Self.element(named: childName, value: childValue, path: childPath, offsets: &offsets))
            }
            func children(_ childName: String, _ childValue: LocatedJSONValue, _ offsets: inout [String: Int]) throws(MappingError) -> [XMLTree.Node] {
                if case .array(let items) = childValue.value {
                    var nodes: [XMLTree.Node] = []
                    for item in items {
                        if case .array = item.value {
                            throw MappingError(
                                message: "nested arrays cannot be mapped to XML: an array holds the repeated elements \"\(childName)\"", offset: item.offset)
                        }
                        nodes.append(try child(childName, item, &offsets))
                    }
                    return nodes
                }
                return [try child(childName, childValue, &offsets)]
            }
            for (memberName, memberValue) in members {
                if memberName.hasPrefix("@") {
                    guard let text = scalarText(memberValue.value) else {
                        throw MappingError(
                            message: "the attribute \"\(memberName.dropFirst())\" needs a string, number or boolean value", offset: memberValue.offset)
                    }
                    element.attributes.append(XMLTree.Attribute(XMLTree.Name(String(memberName.dropFirst())), value: text))
                } else if memberName == "#text" {
                    guard let text = scalarText(memberValue.value) else {
                        throw MappingError(message: "\"#text\" needs a string, number or boolean value", offset: memberValue.offset)
                    }
                    if !text.isEmpty { element.children.append(.text(text)) }
                } else if memberName == "#content" {
                    guard case .array(let items) = memberValue.value else {
                        throw MappingError(message: "\"#content\" needs an array of strings and one-member objects", offset: memberValue.offset)
                    }
                    for item in items {
                        if let text = scalarText(item.value) {
                            if !text.isEmpty { element.children.append(.text(text)) }
                        } else if case .object(let inner) = item.value, inner.count == 1 {
                            element.children += try children(inner[0].name, inner[0].value, &offsets)
                        } else {
                            throw MappingError(message: "a \"#content\" item must be a string or an object with one member (an element)", offset: item.offset)
                        }
                    }
                } else if memberName.hasPrefix("#") {
                    throw MappingError(message: "unknown member \"\(memberName)\" (the mapping knows \"#text\" and \"#content\")", offset: memberValue.offset)
                } else {
                    element.children += try children(memberName, memberValue, &offsets)
                }
            }
            return element
        }
    }
}
