// XMLModelInferenceError: why a sample could not be used to infer models.
//
//     do {
//         var inferrer = XMLSampleInferrer()
//         try inferrer.add(XMLReader("<a><b></a>"), sampleName: "bad.xml")
//     } catch let error as XMLModelInferenceError {
//         print(error)   // bad.xml: 1:7: error: end tag </a> does not match start tag <b>
//     }

import XMLCodableCore

/// An error from inferring models from sample documents.
///
/// Malformed samples, samples whose root elements differ, and an inference with no sample at all
/// are reported with this error; nothing is ever printed, and bad input never crashes.
public enum XMLModelInferenceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A sample is not well-formed XML; the reader's error says where and why.
    case malformed(sampleName: String, XMLParsingError)
    /// A sample's root element differs from the first sample's: samples must be of one kind.
    case differentRoot(sampleName: String, expected: String, found: String)
    /// No sample was added, so there is nothing to infer from.
    case noSamples

    /// A one-line description that names the sample.
    public var description: String {
        switch self {
        case .malformed(let sample, let error):
            "\(sample): \(error)"
        case .differentRoot(let sample, let expected, let found):
            "\(sample): the root element is <\(found)>, but the first sample's is <\(expected)>: "
                + "samples must be of one kind"
        case .noSamples:
            "no sample documents to infer models from"
        }
    }
}
