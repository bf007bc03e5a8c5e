import CompanionAPI
import CompanionDiscovery
import CompanionKit
import Testing

/// A discovery record's `tlspin` becomes the only TLS key the pairing's connections accept (pairing v2 still binds
/// the key presented, since the record is not authenticated); a malformed one is ignored.
@Suite struct DiscoveredTLSPinTests {
    @Test func aDiscoveryRecordsPinIsTheKeyThePairingAccepts() throws {
        let pin = try #require(TLSPin(digest: [UInt8](repeating: 9, count: 32)))
        let record = DiscoveryRecord(
            instance: "ws", address: "192.0.2.1", port: 7878, pairingVersion: 2, shortFingerprint: nil,
            workstation: "ws", tlsPin: pin.description)
        #expect(record.url == "https://192.0.2.1:7878")
        #expect(PairingV2LiveTests.noQuestions().discovered(record).expectedTLSPin == pin)
        var malformed = record
        malformed.tlsPin = "sha256//not-a-pin"
        #expect(PairingV2LiveTests.noQuestions().discovered(malformed).expectedTLSPin == nil)
    }
}
