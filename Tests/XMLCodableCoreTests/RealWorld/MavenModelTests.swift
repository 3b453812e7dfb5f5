// Real-world models: a Maven POM (the project's coordinates, properties, dependencies with optional
// scope, build plugins), modelled as a build tool reading POMs would with XMLCodable: wrapped lists
// (`<dependencies><dependency>…`) named by `XMLListCoding`, the free-form `<properties>` as a
// `[String: String]`, and a plugin's free-form `<configuration>` kept whole as an `XMLTree.Element`.
//
// Decoded from the fixture and compared with the value written out in full, encoded back and
// compared with the fixture in canonical form, and sent through JSON.

import Foundation
import Testing
import XMLCodableCore
import XMLCodableTestSupport

private let pomNamespace = "http://maven.apache.org/POM/4.0.0"

/// A POM's `project`, with the parts this project uses.
private struct Project: Codable, Equatable, XMLListCoding, DynamicNodeEncoding, DynamicNodeDecoding {
    var schemaLocation: String?
    var modelVersion: String
    var groupId: String
    var artifactId: String
    var version: String
    var packaging: String?
    var name: String?
    var description: String?
    var properties: [String: String]
    var dependencies: [Dependency]
    var build: Build?

    enum CodingKeys: String, CodingKey {
        case schemaLocation = "xsi:schemaLocation"
        case modelVersion, groupId, artifactId, version, packaging, name, description, properties, dependencies, build
    }

    static func xmlListItemName(for key: any CodingKey) -> String? {
        key.stringValue == CodingKeys.dependencies.stringValue ? "dependency" : nil
    }

    static func nodeEncoding(for key: any CodingKey) -> XMLEncoder.NodeEncoding {
        key.stringValue == CodingKeys.schemaLocation.stringValue ? .attribute : .element
    }

    static func nodeDecoding(for key: any CodingKey) -> XMLDecoder.NodeDecoding {
        key.stringValue == CodingKeys.schemaLocation.stringValue ? .attribute : .element
    }

    struct Dependency: Codable, Equatable, XMLListCoding {
        var groupId: String
        var artifactId: String
        var version: String?
        var scope: String?
        var optional: Bool?
        var exclusions: [Exclusion]?

        static func xmlListItemName(for key: any CodingKey) -> String? {
            key.stringValue == CodingKeys.exclusions.stringValue ? "exclusion" : nil
        }
    }

    struct Exclusion: Codable, Equatable {
        var groupId: String
        var artifactId: String
    }

    struct Build: Codable, Equatable, XMLListCoding {
        var plugins: [Plugin]

        static func xmlListItemName(for key: any CodingKey) -> String? {
            key.stringValue == CodingKeys.plugins.stringValue ? "plugin" : nil
        }
    }

    struct Plugin: Codable, Equatable {
        var groupId: String?
        var artifactId: String
        var version: String?
        /// Each plugin's own configuration, kept as the document has it.
        var configuration: XMLTree.Element?
    }
}

/// A name in the POM namespace, as a parsed tree names it.
private func pom(_ local: String) -> XMLTree.Name {
    XMLTree.Name(local, namespaceURI: pomNamespace)
}

/// The jar plugin's configuration as the decoder captures it, indentation included.
private let jarConfiguration = XMLTree.Element(pom("configuration")) {
    "\n          "
    XMLTree.Element(pom("archive")) {
        "\n            "
        XMLTree.Element(pom("manifest")) {
            "\n              "
            XMLTree.Element(pom("mainClass"), text: "org.example.inventory.Main")
            "\n              "
            XMLTree.Element(pom("addClasspath"), text: "true")
            "\n            "
        }
        "\n          "
    }
    "\n        "
}

private let expectedProject = Project(
    schemaLocation: "http://maven.apache.org/POM/4.0.0 https://maven.apache.org/xsd/maven-4.0.0.xsd",
    modelVersion: "4.0.0",
    groupId: "org.example.inventory",
    artifactId: "inventory-service",
    version: "1.4.0-SNAPSHOT",
    packaging: "jar",
    name: "Inventory Service",
    description: "Stock levels and reservations over HTTP.",
    properties: [
        "maven.compiler.release": "17",
        "project.build.sourceEncoding": "UTF-8",
        "jackson.version": "2.17.0",
        "junit.version": "5.10.2",
    ],
    dependencies: [
        .init(groupId: "com.fasterxml.jackson.core", artifactId: "jackson-databind", version: "${jackson.version}"),
        .init(groupId: "org.postgresql", artifactId: "postgresql", version: "42.7.3", scope: "runtime"),
        .init(
            groupId: "commons-logging", artifactId: "commons-logging", version: "1.3.0", optional: true,
            exclusions: [.init(groupId: "javax.servlet", artifactId: "servlet-api")]),
        .init(groupId: "org.junit.jupiter", artifactId: "junit-jupiter", version: "${junit.version}", scope: "test"),
    ],
    build: .init(plugins: [
        .init(groupId: "org.apache.maven.plugins", artifactId: "maven-surefire-plugin", version: "3.2.5"),
        .init(
            groupId: "org.apache.maven.plugins", artifactId: "maven-jar-plugin", version: "3.3.0",
            configuration: jarConfiguration),
    ]))

@Suite("Real-world models: Maven POM")
struct MavenModelTests {
    @Test func decodes() throws {
        let project = try XMLDecoder().decode(Project.self, from: try RealWorldFixture.data("maven/pom.xml"))
        #expect(project == expectedProject)
    }

    /// Normalized: the children of `<properties>` in any order (a dictionary does not keep them).
    @Test func encodesToTheFixturesCanonicalFormWithPropertiesInAnyOrder() throws {
        let encoder = XMLEncoder()
        encoder.outputFormatting = .prettyPrinted
        let data = try encoder.encode(
            expectedProject, withRootKey: "project",
            rootAttributes: ["xmlns": pomNamespace, "xmlns:xsi": "http://www.w3.org/2001/XMLSchema-instance"]
                as KeyValuePairs,
            header: XMLHeader(version: 1.0, encoding: "UTF-8"))
        var form = CanonicalForm()
        form.mapNames = ["properties"]
        try expectSameCanonicalForm(data, try RealWorldFixture.data("maven/pom.xml"), form)
        #expect(try XMLDecoder().decode(Project.self, from: data) == expectedProject)
    }

    /// Normalized: JSON does not carry the white space that lays out a subtree's element content,
    /// the order of its attributes, nor the namespace URIs of its names (DocumentModel.md,
    /// "Capturing a subtree in a model"), so the plugin's configuration is compared without them,
    /// attributes sorted.
    @Test func roundTripsThroughJSONWithSubtreeLayoutAndNamespaceURIsDropped() throws {
        let project = try jsonRoundTrip(expectedProject)
        #expect(project.build?.plugins[1].configuration?.keptThroughJSON == jarConfiguration.keptThroughJSON)
        var rest = project
        rest.build?.plugins[1].configuration = jarConfiguration
        #expect(rest == expectedProject)
    }
}
