// Real-world models: SOAP 1.1 and SOAP 1.2 envelopes, each as a request (a header block with
// `mustUnderstand`, an operation in the body) and as a fault (1.1: faultcode, faultstring,
// faultactor, detail; 1.2: Code/Value/Subcode, Reason/Text with xml:lang, Detail), modelled as a
// SOAP client would with XMLCodable: every envelope name as a Clark-notation key (`{uri}local`),
// which matches whatever prefix the service chose, and `XMLNamespaceDeclaring` on the header block,
// the operation and the fault detail, which declare their namespaces where a toolkit writes them.
//
// Decoded from the fixtures and compared with the values written out in full, encoded back and
// compared with the fixtures in canonical form (prefixes included), and sent through JSON.

import Foundation
import Testing
import XMLCodableCore
import XMLCodableTestSupport

private enum Namespace {
    static let soap11 = "http://schemas.xmlsoap.org/soap/envelope/"
    static let soap12 = "http://www.w3.org/2003/05/soap-envelope"
    static let rpc12 = "http://www.w3.org/2003/05/soap-rpc"
    static let transactions = "urn:example:transactions"
    static let stock = "https://quotes.example.org/stock"
    static let faults = "https://quotes.example.org/faults"
    static let xsi = "http://www.w3.org/2001/XMLSchema-instance"
    static let xsd = "http://www.w3.org/2001/XMLSchema"
}

// MARK: - Shared payloads

/// The application's fault detail, in both versions.
private struct QuoteFault: Codable, Equatable, XMLNamespaceDeclaring {
    static let xmlNamespaceDeclarations = ["e": Namespace.faults]
    var symbol: String
    var reason: String

    enum CodingKeys: String, CodingKey {
        case symbol = "{https://quotes.example.org/faults}Symbol"
        case reason = "{https://quotes.example.org/faults}Reason"
    }
}

/// The operation as .NET's ASMX writes it: its namespace the default one, declared on it. Its keys
/// are plain names, which the default namespace qualifies. (Clark keys in that namespace, with the
/// same declaration, are written unprefixed too: see `soap11ClarkKeyedOperationUsesItsDefaultNamespace`.)
private struct GetStockPrice: Codable, Equatable, XMLNamespaceDeclaring {
    static let xmlNamespaceDeclarations = ["": Namespace.stock]
    var symbol: String
    var exchange: String?

    enum CodingKeys: String, CodingKey {
        case symbol = "Symbol"
        case exchange = "Exchange"
    }
}

/// `GetStockPrice` with Clark keys: the same declaration of the default namespace.
private struct ClarkGetStockPrice: Codable, Equatable, XMLNamespaceDeclaring {
    static let xmlNamespaceDeclarations = ["": Namespace.stock]
    var symbol: String
    var exchange: String?

    enum CodingKeys: String, CodingKey {
        case symbol = "{https://quotes.example.org/stock}Symbol"
        case exchange = "{https://quotes.example.org/stock}Exchange"
    }
}

/// A 1.1 request envelope whose operation has Clark keys.
private struct ClarkRequest11: Codable, Equatable {
    var header: Envelope11.Header?
    var body: Body

    enum CodingKeys: String, CodingKey {
        case header = "{http://schemas.xmlsoap.org/soap/envelope/}Header"
        case body = "{http://schemas.xmlsoap.org/soap/envelope/}Body"
    }

    struct Body: Codable, Equatable {
        var getStockPrice: ClarkGetStockPrice

        enum CodingKeys: String, CodingKey {
            case getStockPrice = "{https://quotes.example.org/stock}GetStockPrice"
        }
    }
}

/// The same operation as a JAX-WS client writes it: with a prefix of its own.
private struct PrefixedGetStockPrice: Codable, Equatable, XMLNamespaceDeclaring {
    static let xmlNamespaceDeclarations = ["q": Namespace.stock]
    var symbol: String
    var exchange: String?

    enum CodingKeys: String, CodingKey {
        case symbol = "{https://quotes.example.org/stock}Symbol"
        case exchange = "{https://quotes.example.org/stock}Exchange"
    }
}

// MARK: - SOAP 1.1

private struct Envelope11: Codable, Equatable {
    var header: Header?
    var body: Body

    enum CodingKeys: String, CodingKey {
        case header = "{http://schemas.xmlsoap.org/soap/envelope/}Header"
        case body = "{http://schemas.xmlsoap.org/soap/envelope/}Body"
    }

    struct Header: Codable, Equatable {
        var transaction: Transaction?

        enum CodingKeys: String, CodingKey {
            case transaction = "{urn:example:transactions}Transaction"
        }
    }

    /// A header block; SOAP 1.1's `mustUnderstand` is `"1"` or `"0"`.
    struct Transaction: Codable, Equatable, XMLNamespaceDeclaring, AttributesAndText {
        static let xmlNamespaceDeclarations = ["t": Namespace.transactions]
        var mustUnderstand: String?
        var id: Int

        enum CodingKeys: String, CodingKey {
            case mustUnderstand = "{http://schemas.xmlsoap.org/soap/envelope/}mustUnderstand"
            case id = ""
        }
    }

    /// A request's or a response's body: the operation, or a fault.
    struct Body: Codable, Equatable {
        var getStockPrice: GetStockPrice?
        var fault: Fault?

        enum CodingKeys: String, CodingKey {
            case getStockPrice = "GetStockPrice"
            case fault = "{http://schemas.xmlsoap.org/soap/envelope/}Fault"
        }
    }

    /// A 1.1 fault; its children are unqualified.
    struct Fault: Codable, Equatable {
        var faultcode: String
        var faultstring: String
        var faultactor: String?
        var detail: Detail?
    }

    struct Detail: Codable, Equatable {
        var quoteFault: QuoteFault?

        enum CodingKeys: String, CodingKey {
            case quoteFault = "{https://quotes.example.org/faults}QuoteFault"
        }
    }
}

// MARK: - SOAP 1.2

private struct Envelope12: Codable, Equatable {
    var header: Header?
    var body: Body

    enum CodingKeys: String, CodingKey {
        case header = "{http://www.w3.org/2003/05/soap-envelope}Header"
        case body = "{http://www.w3.org/2003/05/soap-envelope}Body"
    }

    struct Header: Codable, Equatable {
        var transaction: Transaction?

        enum CodingKeys: String, CodingKey {
            case transaction = "{urn:example:transactions}Transaction"
        }
    }

    /// A header block; SOAP 1.2's `mustUnderstand` is an `xs:boolean`.
    struct Transaction: Codable, Equatable, XMLNamespaceDeclaring, AttributesAndText {
        static let xmlNamespaceDeclarations = ["t": Namespace.transactions]
        var mustUnderstand: Bool?
        var id: Int

        enum CodingKeys: String, CodingKey {
            case mustUnderstand = "{http://www.w3.org/2003/05/soap-envelope}mustUnderstand"
            case id = ""
        }
    }

    struct Body: Codable, Equatable {
        var getStockPrice: PrefixedGetStockPrice?
        var fault: Fault?

        enum CodingKeys: String, CodingKey {
            case getStockPrice = "{https://quotes.example.org/stock}GetStockPrice"
            case fault = "{http://www.w3.org/2003/05/soap-envelope}Fault"
        }
    }

    struct Fault: Codable, Equatable {
        var code: Code
        var reason: Reason
        var detail: Detail?

        enum CodingKeys: String, CodingKey {
            case code = "{http://www.w3.org/2003/05/soap-envelope}Code"
            case reason = "{http://www.w3.org/2003/05/soap-envelope}Reason"
            case detail = "{http://www.w3.org/2003/05/soap-envelope}Detail"
        }
    }

    /// `env:Code`: a QName in `env:Value`, refined by a subcode.
    struct Code: Codable, Equatable {
        var value: String
        var subcode: Subcode?

        enum CodingKeys: String, CodingKey {
            case value = "{http://www.w3.org/2003/05/soap-envelope}Value"
            case subcode = "{http://www.w3.org/2003/05/soap-envelope}Subcode"
        }
    }

    /// One level of subcode (the specification allows them nested; this service sends one).
    struct Subcode: Codable, Equatable {
        var value: String

        enum CodingKeys: String, CodingKey {
            case value = "{http://www.w3.org/2003/05/soap-envelope}Value"
        }
    }

    struct Reason: Codable, Equatable {
        var text: [Text]

        enum CodingKeys: String, CodingKey {
            case text = "{http://www.w3.org/2003/05/soap-envelope}Text"
        }
    }

    /// `<env:Text xml:lang="…">`: the reason in one language.
    struct Text: Codable, Equatable, AttributesAndText {
        var lang: String
        var value: String

        enum CodingKeys: String, CodingKey {
            case lang = "{http://www.w3.org/XML/1998/namespace}lang"
            case value = ""
        }
    }

    struct Detail: Codable, Equatable {
        var quoteFault: QuoteFault?

        enum CodingKeys: String, CodingKey {
            case quoteFault = "{https://quotes.example.org/faults}QuoteFault"
        }
    }
}

// MARK: - Expected values

private let expected11Request = Envelope11(
    header: .init(transaction: .init(mustUnderstand: "1", id: 5)),
    body: .init(getStockPrice: .init(symbol: "ACME", exchange: "XNAS")))

private let expected11Fault = Envelope11(
    body: .init(
        fault: .init(
            faultcode: "soap:Client",
            faultstring: "Unknown ticker symbol: XYZQ",
            faultactor: "https://quotes.example.org/StockQuote.asmx",
            detail: .init(quoteFault: .init(symbol: "XYZQ", reason: "not listed on XNAS")))))

private let expected12Request = Envelope12(
    header: .init(transaction: .init(mustUnderstand: true, id: 5)),
    body: .init(getStockPrice: .init(symbol: "ACME", exchange: "XNAS")))

private let expected12Fault = Envelope12(
    body: .init(
        fault: .init(
            code: .init(value: "env:Sender", subcode: .init(value: "rpc:BadArguments")),
            reason: .init(text: [
                .init(lang: "en", value: "Unknown ticker symbol: XYZQ"),
                .init(lang: "de", value: "Unbekanntes Tickersymbol: XYZQ"),
            ]),
            detail: .init(quoteFault: .init(symbol: "XYZQ", reason: "not listed on XNAS")))))

/// The declarations ASMX writes on a 1.1 envelope.
private let soap11Root: KeyValuePairs<String, String> = [
    "xmlns:soap": Namespace.soap11, "xmlns:xsi": Namespace.xsi, "xmlns:xsd": Namespace.xsd,
]

// MARK: - Tests

@Suite("Real-world models: SOAP")
struct SOAPModelTests {
    private let header = XMLHeader(version: 1.0, encoding: "utf-8")

    // SOAP 1.1

    @Test func soap11RequestDecodes() throws {
        let envelope = try XMLDecoder().decode(
            Envelope11.self, from: try RealWorldFixture.data("soap/soap11-request.xml"))
        #expect(envelope == expected11Request)
    }

    @Test func soap11RequestEncodesToTheFixturesCanonicalForm() throws {
        let encoder = XMLEncoder()
        encoder.outputFormatting = .prettyPrinted
        let data = try encoder.encode(
            expected11Request, withRootKey: "{\(Namespace.soap11)}Envelope", rootAttributes: soap11Root, header: header)
        try expectSameCanonicalForm(data, try RealWorldFixture.data("soap/soap11-request.xml"))
        #expect(try XMLDecoder().decode(Envelope11.self, from: data) == expected11Request)
    }

    /// An `XMLNamespaceDeclaring` type that declares the default namespace (`""`) has its Clark
    /// keys in that namespace, and its own element's name, written unprefixed under its declaration
    /// (`<GetStockPrice xmlns="https://quotes.example.org/stock"><Symbol>`), as the fixture has them:
    /// the same canonical form, prefixes included, and no `ns1` declared on the envelope.
    @Test func soap11ClarkKeyedOperationUsesItsDefaultNamespace() throws {
        let request = ClarkRequest11(
            header: expected11Request.header, body: .init(getStockPrice: .init(symbol: "ACME", exchange: "XNAS")))
        let fixture = try RealWorldFixture.data("soap/soap11-request.xml")
        #expect(try XMLDecoder().decode(ClarkRequest11.self, from: fixture) == request)
        let data = try XMLEncoder().encode(
            request, withRootKey: "{\(Namespace.soap11)}Envelope", rootAttributes: soap11Root)
        try expectSameCanonicalForm(data, fixture)
        #expect(!String(decoding: data, as: UTF8.self).contains("xmlns:ns1"))
        #expect(try XMLDecoder().decode(ClarkRequest11.self, from: data) == request)
    }

    @Test func soap11FaultDecodes() throws {
        let envelope = try XMLDecoder().decode(
            Envelope11.self, from: try RealWorldFixture.data("soap/soap11-fault.xml"))
        #expect(envelope == expected11Fault)
    }

    @Test func soap11FaultEncodesToTheFixturesCanonicalForm() throws {
        let encoder = XMLEncoder()
        encoder.outputFormatting = .prettyPrinted
        let data = try encoder.encode(
            expected11Fault, withRootKey: "{\(Namespace.soap11)}Envelope", rootAttributes: soap11Root, header: header)
        try expectSameCanonicalForm(data, try RealWorldFixture.data("soap/soap11-fault.xml"))
        #expect(try XMLDecoder().decode(Envelope11.self, from: data) == expected11Fault)
    }

    @Test func soap11RoundTripsThroughJSON() throws {
        #expect(try jsonRoundTrip(expected11Request) == expected11Request)
        #expect(try jsonRoundTrip(expected11Fault) == expected11Fault)
    }

    // SOAP 1.2

    @Test func soap12RequestDecodes() throws {
        let envelope = try XMLDecoder().decode(
            Envelope12.self, from: try RealWorldFixture.data("soap/soap12-request.xml"))
        #expect(envelope == expected12Request)
    }

    @Test func soap12RequestEncodesToTheFixturesCanonicalForm() throws {
        let encoder = XMLEncoder()
        encoder.outputFormatting = .prettyPrinted
        let data = try encoder.encode(
            expected12Request, withRootKey: "{\(Namespace.soap12)}Envelope",
            rootAttributes: ["xmlns:env": Namespace.soap12],
            header: header)
        try expectSameCanonicalForm(data, try RealWorldFixture.data("soap/soap12-request.xml"))
        #expect(try XMLDecoder().decode(Envelope12.self, from: data) == expected12Request)
    }

    @Test func soap12FaultDecodes() throws {
        let envelope = try XMLDecoder().decode(
            Envelope12.self, from: try RealWorldFixture.data("soap/soap12-fault.xml"))
        #expect(envelope == expected12Fault)
    }

    /// The QNames in `env:Value` are text: their prefixes mean something only because the envelope
    /// declares `env` and `rpc`, which the encoder is asked to write as root attributes.
    @Test func soap12FaultEncodesToTheFixturesCanonicalForm() throws {
        let encoder = XMLEncoder()
        encoder.outputFormatting = .prettyPrinted
        let data = try encoder.encode(
            expected12Fault, withRootKey: "{\(Namespace.soap12)}Envelope",
            rootAttributes: ["xmlns:env": Namespace.soap12, "xmlns:rpc": Namespace.rpc12] as KeyValuePairs,
            header: header)
        try expectSameCanonicalForm(data, try RealWorldFixture.data("soap/soap12-fault.xml"))
        #expect(try XMLDecoder().decode(Envelope12.self, from: data) == expected12Fault)
    }

    @Test func soap12RoundTripsThroughJSON() throws {
        #expect(try jsonRoundTrip(expected12Request) == expected12Request)
        #expect(try jsonRoundTrip(expected12Fault) == expected12Fault)
    }
}
