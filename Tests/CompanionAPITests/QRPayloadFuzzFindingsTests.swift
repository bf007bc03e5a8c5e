import Foundation
import Testing

@testable import CompanionAPI

/// Regression tests for what the QRPayload fuzz target (Fuzz/Sources/FuzzQRPayload) found.
struct QRPayloadFuzzFindingsTests {
    static let rest =
        #""url":"http://192.168.1.20:7878","name":"workstation","code":"123456","#
        + #""token":"q2Fv8yXhN0cJtR4mWbLs7AeUo9dKzPi1","expiresAt":"2026-02-25T10:00:00.000Z""#

    /// JSONSerialization (which the protocol and version checks read) and JSONDecoder (which builds the payload)
    /// keep different occurrences of a duplicated key, so a payload of another protocol or version was accepted.
    @Test(arguments: [
        #""protocol":"other","protocol":"companionkit-pairing","version":1"#,
        #""protocol":"companionkit-pairing","protocol":"other","version":1"#,
        #""protocol":"companionkit-pairing","version":99,"version":1"#,
        #""protocol":"companionkit-pairing","version":1,"version":99"#,
    ])
    func duplicatedProtocolOrVersionIsRefused(_ head: String) {
        #expect(throws: QRPayloadError.self) { try QRPayload.parse("{" + head + "," + Self.rest + "}") }
    }

    @Test func duplicatedKeysWithTheSameValueStillParse() throws {
        let head = #""protocol":"companionkit-pairing","protocol":"companionkit-pairing","version":1"#
        let payload = try QRPayload.parse("{" + head + "," + Self.rest + "}")
        #expect(payload.protocol == QRPayload.protocolName && payload.version == 1)
    }

    /// A far-future expiry (year 393940) overflowed Int64 microseconds and trapped: a QR code could stop the CLI.
    @Test func anExpiryBeyondYear9999IsRefusedNotATrap() throws {
        let text =
            #"{"version":1,"protocol":"companionkit-pairing","url":"http://h","name":"","code":"999999","#
            + #""token":"-_-_-_-_-_-_-_-_-_-_-_","expiresAt":"393940-01-01T00:00:00.000Z"}"#
        #expect(throws: QRPayloadError.self) { try QRPayload.parse(text) }
        #expect(Timestamp.date(from: "393940-01-01T00:00:00.000Z") == nil)
        #expect(Timestamp.date(from: "9999-12-31T23:59:59.999Z") != nil)
        let farFuture = Date(timeIntervalSince1970: 1e15)
        #expect(Timestamp.string(from: farFuture) == "9999-12-31T23:59:59.999Z", "clamped, not a trap")
    }
}
