// XMLInferredModel: the shapes inferred from sample documents, ready to be rendered as Swift.
//
//     var inferrer = XMLSampleInferrer()
//     try inferrer.add(XMLReader(contentsOf: URL(filePath: "feed.xml")), sampleName: "feed.xml")
//     let model = try inferrer.model()
//     model.rootElementName        // "{http://www.w3.org/2005/Atom}feed"
//     model.swiftSource()          // struct Feed: Codable, Equatable { … }

/// The element shapes inferred from sample documents by ``XMLSampleInferrer``.
public struct XMLInferredModel: Sendable {
    /// The root element's expanded name: `{uri}local` for a name in a namespace, else the name as
    /// written. This is the root key to encode with: `encode(value, withRootKey: rootElementName)`.
    public let rootElementName: String
    /// The names of the samples, in the order they were added.
    public let sampleNames: [String]
    /// How many elements the samples held in all.
    public let elementCount: Int

    let shapes: [String: ElementShape]
    let shapeOrder: [String]

    init(
        rootKey: String, sampleNames: [String], elementCount: Int, shapes: [String: ElementShape],
        shapeOrder: [String]
    ) {
        self.rootElementName = rootKey
        self.sampleNames = sampleNames
        self.elementCount = elementCount
        self.shapes = shapes
        self.shapeOrder = shapeOrder
    }

    /// Swift source declaring one `Codable` type per element shape, the root's first.
    ///
    /// The source imports `XMLCodable` and needs no coder settings: its root type decodes the
    /// samples with `XMLDecoder()` and encodes with `XMLEncoder()` and
    /// `encode(value, withRootKey: rootElementName)`. The same model always gives the same source.
    ///
    /// - Parameter options: names, optionality, `let` or `var`, and access level.
    /// - Returns: the source, ending with a line feed.
    public func swiftSource(options: SwiftModelOptions = SwiftModelOptions()) -> String {
        var renderer = SwiftModelRenderer(model: self, options: options)
        return renderer.render()
    }

    /// The Swift name of the root element's type under `options`.
    public func rootTypeName(options: SwiftModelOptions = SwiftModelOptions()) -> String {
        SwiftModelRenderer(model: self, options: options).typeNames[rootElementName]!
    }
}
