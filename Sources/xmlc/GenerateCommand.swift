// `xmlc generate swift SAMPLE...`: Codable models inferred from sample documents.
//
// Design: each sample is read in chunks (`DocumentReader`, as `check` reads), and its events go
// straight to the library's `XMLSampleInferrer` (module XMLModelInference), so a sample of any
// size is read in bounded memory; nothing of the document is kept but, per element name, what its
// occurrences showed. The source is rendered by the library too; this file only parses options,
// reports errors as the other commands do, and writes the result to standard output or a file.
// The first argument names the output language; Swift is the only one.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import XMLCodableCore
import XMLModelInference

/// `xmlc generate`: infers Codable models from sample documents.
enum GenerateCommand: Command {
    static let name = "generate"
    static let summary = "Generate Codable models from sample documents"
    static let help = """
        OVERVIEW: Generate Swift Codable models inferred from sample XML documents.

        Reads every SAMPLE (or standard input for '-'), documents of one kind with the same root
        element, in chunks, and prints Swift source: one Codable struct per element name, with
        attributes as @Attribute properties, repeated elements as arrays, what some samples lack as
        optionals, and Bool, Int, Double, Decimal or Date where every value is written back as the
        same text (else String); a Date is an XML Schema date or dateTime in its canonical form
        (2024-03-01, 2024-03-01T09:30:00Z) and carries its format, @Formatted<XMLSchemaDateFormat>
        or @Formatted<XMLSchemaDateTimeFormat>. Mixed content and children in varying order become
        a list of choices; names in a namespace are keyed by URI ("{uri}local"). The models need no
        coder settings: decode with XMLDecoder() and encode with XMLEncoder().encode(value,
        withRootKey: ROOT), the root element's name, which the header comment gives.

        USAGE: xmlc generate swift [OPTIONS] SAMPLE...

        ARGUMENTS:
          swift                 The language to generate (the only one).
          SAMPLE                A sample document, or '-' for standard input (shown as <stdin>).

        OPTIONS:
          --root NAME           The root type's name (default: the root element's, UpperCamelCase).
          --prefix PREFIX       A prefix for every type name.
          --optional            Make every property optional, whatever the samples show.
          --let                 Declare properties with 'let' (wrapped properties stay 'var').
          --public              Public types, properties and initializers.
          -o, --output FILE     Write the source to FILE instead of standard output.
          --no-namespaces       Read names without Namespaces 1.0 processing (keys as written).
          -h, --help            Show this help.

        EXIT STATUS:
          0  the models were written
          1  a sample is not well-formed XML, or its root differs from the first sample's
          2  usage error, or a file that cannot be read or written

        """

    static let options = [
        Option(key: "root", spellings: ["--root"], takesValue: true),
        Option(key: "prefix", spellings: ["--prefix"], takesValue: true),
        Option(key: "optional", spellings: ["--optional"]),
        Option(key: "let", spellings: ["--let"]),
        Option(key: "public", spellings: ["--public"]),
        Option(key: "output", spellings: ["-o", "--output"], takesValue: true),
        Option(key: "no-namespaces", spellings: ["--no-namespaces"]),
    ]

    static func run(_ arguments: [String], console: Console) -> ExitStatus {
        let parsed: CommandLineArguments
        switch parse(arguments, options: options, console: console) {
        case .run(let arguments): parsed = arguments
        case .exit(let status): return status
        }
        guard let language = parsed.positionals.first else {
            return Tool.usageError("missing the language to generate ('swift')", command: name, console: console)
        }
        guard language == "swift" else {
            let message = "unknown language '\(language)' (the only one is 'swift')"
            return Tool.usageError(message, command: name, console: console)
        }
        let samples = Array(parsed.positionals.dropFirst())
        guard !samples.isEmpty else {
            return Tool.usageError("missing SAMPLE (use '-' for standard input)", command: name, console: console)
        }
        if samples.filter({ $0 == "-" }).count > 1 {
            return Tool.usageError("standard input ('-') can be given only once", command: name, console: console)
        }
        var modelOptions = SwiftModelOptions()
        modelOptions.rootTypeName = parsed.value("root")
        modelOptions.typePrefix = parsed.value("prefix") ?? ""
        modelOptions.optionalEverywhere = parsed.has("optional")
        modelOptions.declaration = parsed.has("let") ? .let : .var
        modelOptions.accessLevel = parsed.has("public") ? .public : .internal
        if let root = modelOptions.rootTypeName, !isIdentifier(root) {
            return Tool.usageError("--root '\(root)' is not a Swift type name", command: name, console: console)
        }
        if !modelOptions.typePrefix.isEmpty, !isIdentifier(modelOptions.typePrefix) {
            let message = "--prefix '\(modelOptions.typePrefix)' is not the start of a Swift type name"
            return Tool.usageError(message, command: name, console: console)
        }

        var inferrer = XMLSampleInferrer()
        let readerOptions = Conversion.readerOptions(parsed)
        for argument in samples {
            let status = add(InputSource(argument: argument), to: &inferrer, options: readerOptions, console: console)
            if status != .success { return status }
        }
        let source: String
        do {
            source = try inferrer.model().swiftSource(options: modelOptions)
        } catch {
            console.toolError(error.description)
            return .failure
        }
        if let path = parsed.value("output"), path != "-" {
            do {
                try Data(source.utf8).write(to: URL(fileURLWithPath: path))
            } catch {
                console.toolError("cannot write '\(path)': \(SystemIO.reason(error))")
                return .usage
            }
        } else {
            console.out(source)
        }
        return .success
    }

    /// Reads one sample into the inferrer, reporting a failure as `check` does.
    private static func add(
        _ input: InputSource, to inferrer: inout XMLSampleInferrer, options: XMLReader.Options, console: Console
    ) -> ExitStatus {
        let status = DocumentReader.readAll(input, options: options, console: console) { event, reader in
            do {
                try inferrer.record(event, from: reader, sampleName: input.displayName)
                return nil
            } catch {
                console.toolError(String(describing: error))
                return .failure
            }
        }
        guard status == .success else { return status }
        inferrer.finishSample(named: input.displayName)
        return .success
    }

    /// Whether `text` is an ASCII Swift identifier.
    private static func isIdentifier(_ text: String) -> Bool {
        func isLetter(_ scalar: Unicode.Scalar) -> Bool {
            scalar.isASCII && (scalar.properties.isAlphabetic || scalar == "_")
        }
        guard let first = text.unicodeScalars.first, isLetter(first) else { return false }
        return text.unicodeScalars.allSatisfy { isLetter($0) || ("0"..."9").contains($0) }
    }
}
