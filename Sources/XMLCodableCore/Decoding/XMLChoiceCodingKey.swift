// XMLChoiceCodingKey: marks the coding keys of a type decoded (and encoded) as a choice — an
// element holding exactly one child whose name selects the case — as XMLCoder 0.18.2 spells it.
//
// For example, `enum Shape: Codable { case circle(radius: Double), square(side: Double) }` whose
// `CodingKeys` conform reads `<shape><circle><radius>1</radius></circle></shape>` as `.circle(radius: 1)`.

/// Marks the coding keys of a type that decodes as a choice: the element holds exactly one child,
/// whose name selects the case (as Swift synthesizes for enums with associated values).
public protocol XMLChoiceCodingKey: CodingKey {}
