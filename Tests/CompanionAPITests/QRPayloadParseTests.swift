import CompanionTestSupport
import Foundation
import Testing

@testable import CompanionAPI

/// `QRPayload.parse`: the good payload, and every way a scanned text can be wrong.
struct QRPayloadParseTests {
    static let token = "q2Fv8yXhN0cJtR4mWbLs7AeUo9dKzPi1"

    /// The members of a valid payload, as JSON source fragments, in a stable order.
    static let valid: [(String, String)] = [
        ("protocol", #""companionkit-pairing""#), ("version", "1"), ("url", #""http://192.168.1.20:7878""#),
        ("name", #""workstation""#), ("code", #""123456""#), ("token", "\"\(token)\""),
        ("expiresAt", #""2026-02-25T10:00:00.000Z""#),
    ]

    /// A payload text with `changes` applied: a value replaces a member, nil removes it.
    static func text(_ changes: [String: String?] = [:]) -> String {
        var members = valid.filter { changes[$0.0] == nil || changes[$0.0]! != nil }
            .map { key, value in (key, changes[key].flatMap { $0 } ?? value) }
        for (key, value) in changes where !valid.contains(where: { $0.0 == key }) {
            if let value { members.append((key, value)) }
        }
        return "{" + members.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
    }

    static func parseError(_ text: String) -> QRPayloadError? {
        do {
            _ = try QRPayload.parse(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func parsesAValidPayload() throws {
        let payload = try QRPayload.parse(Self.text())
        #expect(payload.protocol == QRPayload.protocolName)
        #expect(payload.version == 1)
        #expect(payload.url == "http://192.168.1.20:7878")
        #expect(payload.name == "workstation")
        #expect(payload.code == "123456")
        #expect(payload.token == Self.token)
        #expect(payload.expiresAt == Timestamp.date(from: "2026-02-25T10:00:00.000Z"))
        #expect(payload.fingerprint == nil)
    }

    @Test func acceptsHTTPSAndFingerprintAndUnknownFields() throws {
        let payload = try QRPayload.parse(
            Self.text([
                "url": #""https://workstation.example:7878""#, "fingerprint": #""SHA256:abc""#,
                "futureField": #"{"x":1}"#,
            ]))
        #expect(payload.url == "https://workstation.example:7878")
        #expect(payload.fingerprint == "SHA256:abc")
    }

    @Test func encodedPayloadParsesBack() throws {
        let original = QRPayload(
            url: "http://127.0.0.1:7878", name: "ws", code: "000123", token: Self.token,
            expiresAt: Timestamp.truncated(Date()), fingerprint: "SHA256:xyz")
        #expect(try QRPayload.parse(original.jsonString()) == original)
    }

    @Test(arguments: [
        "", "123456", "not json", "[1,2,3]", "\"a string\"", "null", "{", "http://192.168.1.20:7878",
    ])
    func rejectsNonObjects(text: String) {
        #expect(Self.parseError(text) == .notJSON)
    }

    @Test func rejectsOversizedText() {
        let text = Self.text(["padding": "\"" + String(repeating: "x", count: QRPayload.maxTextBytes) + "\""])
        #expect(Self.parseError(text) == .notJSON)
    }

    @Test func protocolChecks() {
        #expect(Self.parseError(Self.text(["protocol": nil])) == .missingOrInvalidField("protocol"))
        #expect(Self.parseError(Self.text(["protocol": "7"])) == .missingOrInvalidField("protocol"))
        #expect(Self.parseError(Self.text(["protocol": #""otp""#])) == .wrongProtocol("otp"))
        #expect(Self.parseError(Self.text(["protocol": #""CompanionKit-Pairing""#])) != nil)
    }

    @Test func versionChecks() {
        #expect(Self.parseError(Self.text(["version": nil])) == .missingOrInvalidField("version"))
        #expect(Self.parseError(Self.text(["version": #""1""#])) == .missingOrInvalidField("version"))
        #expect(Self.parseError(Self.text(["version": "0"])) == .unsupportedVersion(0))
        #expect(Self.parseError(Self.text(["version": "2"])) == .unsupportedVersion(2))
        #expect(Self.parseError(Self.text(["version": "-1"])) == .unsupportedVersion(-1))
        #expect(Self.parseError(Self.text(["version": "1.5"])) != nil)
    }

    @Test(arguments: ["url", "name", "code", "token", "expiresAt"])
    func missingField(field: String) {
        #expect(Self.parseError(Self.text([field: nil])) == .missingOrInvalidField(field))
    }

    @Test(arguments: ["url", "name", "code", "token", "expiresAt"])
    func wrongTypeField(field: String) {
        #expect(Self.parseError(Self.text([field: "42"])) == .missingOrInvalidField(field))
    }

    @Test(arguments: [#""tomorrow""#, #""2026-02-25""#, #""""#])
    func badExpiry(value: String) {
        #expect(Self.parseError(Self.text(["expiresAt": value])) == .missingOrInvalidField("expiresAt"))
    }

    @Test(arguments: [#""12345""#, #""1234567""#, #""12345a""#, #""""#, #"" 123456""#, #""١٢٣٤٥٦""#])
    func badCode(value: String) {
        #expect(Self.parseError(Self.text(["code": value])) == .invalidCode)
    }

    @Test(arguments: [
        #""ftp://192.168.1.20""#, #""192.168.1.20:7878""#, #""http://""#, #""not a url""#, #""""#,
        #""file:///etc/passwd""#, #""javascript:alert(1)""#,
    ])
    func badURL(value: String) {
        guard case .invalidURL = Self.parseError(Self.text(["url": value])) else {
            Issue.record("expected invalidURL for \(value)")
            return
        }
    }

    @Test(arguments: [
        #""short""#, #""""#, "\"" + String(repeating: "a", count: 129) + "\"",
        #""q2Fv8yXhN0cJtR4mWbLs7AeUo9dK+Pi1""#, #""q2Fv8yXhN0cJtR4mWbLs7AeUo9dK/Pi1""#,
        #""q2Fv8yXhN0cJtR4mWbLs7AeUo9dKzPi1=""#, #""q2Fv8yXhN0cJtR4mWbLs7AeUo9d Pi1""#,
    ])
    func badToken(value: String) {
        #expect(Self.parseError(Self.text(["token": value])) == .invalidToken)
    }

    @Test func errorsDescribeThemselvesWithoutSecrets() {
        let errors: [QRPayloadError] = [
            .notJSON, .missingOrInvalidField("url"), .wrongProtocol("x"), .unsupportedVersion(9), .invalidCode,
            .invalidURL("ftp://x"), .invalidToken,
        ]
        for error in errors {
            #expect(!error.description.isEmpty)
            #expect(!error.description.contains("\n"))
        }
    }
}
