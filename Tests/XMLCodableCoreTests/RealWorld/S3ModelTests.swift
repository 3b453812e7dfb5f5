// Real-world models: Amazon S3's ListObjectsV2 result (`ListBucketResult`: repeated `Contents` with
// an `Owner`, `CommonPrefixes`, `IsTruncated`, millisecond dates, quoted ETags) and S3's `Error`
// document, modelled as an S3 client would with XMLCoder's API: PascalCase element names through
// `CodingKeys`, unwrapped lists, and a `DateFormatter` for S3's `2024-02-20T17:50:30.000Z`.
//
// Decoded from the fixtures and compared with the values written out in full, encoded back and
// compared with the fixtures in canonical form, and sent through JSON.

import Foundation
import Testing
import XMLCodable  // the Foundation API: DateFormatter strategies, FileHandle
import XMLCodableCore
import XMLCodableTestSupport

private let s3DocumentNamespace = "http://s3.amazonaws.com/doc/2006-03-01/"

/// S3's dates: ISO 8601 with milliseconds, in UTC.
private let s3Dates = fixedFormatter("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'")

/// The body of a ListObjectsV2 response.
private struct S3ListBucketResult: Codable, Equatable {
    var name: String
    var prefix: String?
    var continuationToken: String?
    var nextContinuationToken: String?
    var keyCount: Int
    var maxKeys: Int
    var delimiter: String?
    var isTruncated: Bool
    var contents: [Object]
    var commonPrefixes: [CommonPrefix]

    enum CodingKeys: String, CodingKey {
        case name = "Name"
        case prefix = "Prefix"
        case continuationToken = "ContinuationToken"
        case nextContinuationToken = "NextContinuationToken"
        case keyCount = "KeyCount"
        case maxKeys = "MaxKeys"
        case delimiter = "Delimiter"
        case isTruncated = "IsTruncated"
        case contents = "Contents"
        case commonPrefixes = "CommonPrefixes"
    }

    struct Object: Codable, Equatable {
        var key: String
        var lastModified: Date
        var eTag: String
        var size: Int
        var owner: Owner?
        var storageClass: String

        enum CodingKeys: String, CodingKey {
            case key = "Key"
            case lastModified = "LastModified"
            case eTag = "ETag"
            case size = "Size"
            case owner = "Owner"
            case storageClass = "StorageClass"
        }
    }

    struct Owner: Codable, Equatable {
        var id: String
        var displayName: String?

        enum CodingKeys: String, CodingKey {
            case id = "ID"
            case displayName = "DisplayName"
        }
    }

    struct CommonPrefix: Codable, Equatable {
        var prefix: String

        enum CodingKeys: String, CodingKey {
            case prefix = "Prefix"
        }
    }
}

/// S3's error document.
private struct S3Error: Codable, Equatable {
    var code: String
    var message: String
    var key: String?
    var requestId: String
    var hostId: String

    enum CodingKeys: String, CodingKey {
        case code = "Code"
        case message = "Message"
        case key = "Key"
        case requestId = "RequestId"
        case hostId = "HostId"
    }
}

private let ownerID = "75aa57f09aa0c8caeab4f8c24e99d10f8e7faeebf76c078efc7c6caea54ba06a"

private let expectedListing = S3ListBucketResult(
    name: "harbour-photos",
    prefix: "2024/",
    nextContinuationToken: "1ueGcxLPRx1Tr/XYExHnhbYLgveDs2J/wm36Hy4vbOwM=",
    keyCount: 4,
    maxKeys: 4,
    delimiter: "/",
    isTruncated: true,
    contents: [
        .init(
            key: "2024/index.html", lastModified: isoDate("2024-02-20T17:50:30.000Z"),
            eTag: "\"9b2cf535f27731c974343645a3985328\"", size: 4872,
            owner: .init(id: ownerID, displayName: "harbour-web"), storageClass: "STANDARD"),
        .init(
            key: "2024/pier.jpg", lastModified: isoDate("2024-03-01T08:02:11.512Z"),
            eTag: "\"3858f62230ac3c915f300c664312c11f-3\"", size: 15_728_640,
            owner: .init(id: ownerID, displayName: "harbour-web"), storageClass: "STANDARD_IA"),
    ],
    commonPrefixes: [.init(prefix: "2024/drafts/"), .init(prefix: "2024/raw/")])

private let expectedError = S3Error(
    code: "NoSuchKey",
    message: "The specified key does not exist.",
    key: "2024/missing.jpg",
    requestId: "4442587FB7D0A2F9",
    hostId: "h8RzYGoWcJ3JmVgbFHh3qQ0ZqDOwWQG6xjm9XJxoBJmBiHIzWnBFd0d4qjM+QJcEdMlrB8P0Pvo=")

@Suite("Real-world models: Amazon S3")
struct S3ModelTests {
    private func decoder() -> XMLDecoder {
        let decoder = XMLDecoder()
        decoder.dateDecodingStrategy = .formatted(s3Dates)
        return decoder
    }

    private func encoder() -> XMLEncoder {
        let encoder = XMLEncoder()
        encoder.dateEncodingStrategy = .formatted(s3Dates)
        return encoder
    }

    @Test func listingDecodes() throws {
        let listing = try decoder().decode(
            S3ListBucketResult.self, from: try RealWorldFixture.data("s3/list-objects-v2.xml"))
        #expect(listing == expectedListing)
    }

    @Test func listingEncodesToTheFixturesCanonicalForm() throws {
        let data = try encoder().encode(
            expectedListing, withRootKey: "ListBucketResult", rootAttributes: ["xmlns": s3DocumentNamespace],
            header: XMLHeader(version: 1.0, encoding: "UTF-8"))
        try expectSameCanonicalForm(data, try RealWorldFixture.data("s3/list-objects-v2.xml"))
        #expect(try decoder().decode(S3ListBucketResult.self, from: data) == expectedListing)
    }

    /// The quotes of an ETag are text: written as the encoder escapes them, read back as quotes.
    @Test func eTagQuotesSurviveEncoding() throws {
        let data = try encoder().encode(
            expectedListing, withRootKey: "ListBucketResult", rootAttributes: ["xmlns": s3DocumentNamespace])
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("<ETag>&quot;9b2cf535f27731c974343645a3985328&quot;</ETag>"))
    }

    @Test func listingRoundTripsThroughJSON() throws {
        #expect(try jsonRoundTrip(expectedListing) == expectedListing)
    }

    @Test func errorDecodes() throws {
        let error = try decoder().decode(S3Error.self, from: try RealWorldFixture.data("s3/error-no-such-key.xml"))
        #expect(error == expectedError)
    }

    @Test func errorEncodesToTheFixturesCanonicalForm() throws {
        let data = try encoder().encode(
            expectedError, withRootKey: "Error", header: XMLHeader(version: 1.0, encoding: "UTF-8"))
        try expectSameCanonicalForm(data, try RealWorldFixture.data("s3/error-no-such-key.xml"))
        #expect(try decoder().decode(S3Error.self, from: data) == expectedError)
    }

    @Test func errorRoundTripsThroughJSON() throws {
        #expect(try jsonRoundTrip(expectedError) == expectedError)
    }
}
