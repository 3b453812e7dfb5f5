import Testing
@testable import XMLCodable

func dump(_ xml: String) -> String {
    var out: [String] = []
    do {
        var reader = try XMLReader(Array(xml.utf8))
        while let event = try reader.next() {
            switch event {
            case .startElement(let n):
                let attrs = reader.attributes.map { "\(reader.string($0.name))=\(reader.string($0.value))" }.joined(separator: ",")
                out.append("S(\(reader.string(n))\(reader.namespaceURI(n).map { "{\($0)}" } ?? "")[\(attrs)])")
            case .endElement(let n): out.append("E(\(reader.string(n)))")
            case .text(let t): out.append("T(\(reader.string(t)))")
            case .cdata(let t): out.append("C(\(reader.string(t)))")
            case .comment(let t): out.append("#(\(reader.string(t)))")
            case .processingInstruction(let t, let d): out.append("P(\(reader.string(t)) \(reader.string(d)))")
            case .doctype(let n): out.append("D(\(reader.string(n)))")
            }
        }
    } catch { out.append("ERR \(error)") }
    return out.joined(separator: " ")
}

@Suite struct SmokeTests {
    @Test func samples() throws {
        for x in [
            "<a/>", "<a x='1' y=\"2\">hi &amp; &#x41;<b/>t</a>",
            "<?xml version='1.0'?><!DOCTYPE a [<!ENTITY e 'E<b>x</b>'><!ATTLIST a d CDATA 'def' t NMTOKENS ' x  y '>]><a t=' p  q '>&e;</a>",
            "<r xmlns='u1' xmlns:p='u2'><p:x p:a='1' b='2'/></r>",
            "<a><b></a>", "<a>", "<a x='1' x='2'/>", "<p:a/>", "<a>]]></a>", "<a>&undefined;</a>",
            "<!DOCTYPE a [<!ENTITY a '&b;'><!ENTITY b '&a;'>]><a>&a;</a>",
            "<!DOCTYPE a [<!ENTITY x SYSTEM 'file:///etc/passwd'>]><a>&x;</a>",
            "<a>\r\nx\ry</a><!--c--><?pi d?>",
        ] {
            print(x, "=>", dump(x))
        }
    }
}
