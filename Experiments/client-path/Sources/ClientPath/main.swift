import XMLCodable

struct Note: Codable { var to: String }
print(try XMLDecoder().decode(Note.self, from: "<note><to>Tove</to></note>").to)
