// Helpers for the inference tests: infer from sample strings and return the generated source
// without its header comment, so that each test states the declarations it expects in full.

import Testing
import XMLCodableCore
import XMLModelInference

/// Infers models from `samples` (named sample1.xml, sample2.xml, …) and renders them.
func generate(_ samples: String..., options: SwiftModelOptions = SwiftModelOptions()) throws -> String {
    var inferrer = XMLSampleInferrer()
    for (index, sample) in samples.enumerated() {
        try inferrer.add(XMLReader(sample), sampleName: "sample\(index + 1).xml")
    }
    return try inferrer.model().swiftSource(options: options)
}

/// The declarations of a generated source: what follows `import XMLCodable` and its blank line.
func declarations(_ samples: String..., options: SwiftModelOptions = SwiftModelOptions()) throws -> String {
    var inferrer = XMLSampleInferrer()
    for (index, sample) in samples.enumerated() {
        try inferrer.add(XMLReader(sample), sampleName: "sample\(index + 1).xml")
    }
    let source = try inferrer.model().swiftSource(options: options)
    let parts = source.components(separatedBy: "import XMLCodable\n\n")
    #expect(parts.count == 2, "the source has one import line followed by a blank line")
    return parts.last ?? ""
}
