import CompanionAPI
import CompanionTestSupport
import Foundation
import Testing

@testable import CompanionPairing

struct PairingRecordTests {
    static let proof = PairingProof(publicKey: "pk", fingerprint: "SHA256:proof", signature: "sig")

    @Test func recordFromAQRPairingKeepsWhoAndWhere() {
        let ticket = PairingTicket(payload: try! QRPayload.parse(PairingFixtures.payloadText()))
        let record = PairingRecord(
            device: PairingFixtures.device, ticket: ticket, sidecarURL: "http://192.168.1.20:7878", proof: nil,
            now: PairingFixtures.start)
        #expect(record.deviceId == "abc123" && record.deviceName == "laptop")
        #expect(record.workstationName == "workstation")
        #expect(record.pairedAt == PairingFixtures.expiry, "the server's connectedAt wins over the local clock")
        #expect(record.method == "qr")
        #expect(record.sidecarPublicKey == nil)
    }

    @Test func proofFingerprintWinsAndManualHasNoWorkstation() {
        var device = PairingFixtures.device
        device.connectedAt = nil
        let record = PairingRecord(
            device: device, ticket: PairingTicket(source: .manual, code: "123456"), sidecarURL: "http://x.local",
            proof: Self.proof, now: PairingFixtures.start)
        #expect(record.sidecarFingerprint == "SHA256:proof" && record.sidecarPublicKey == "pk")
        #expect(record.workstationName == nil && record.method == "manual")
        #expect(record.pairedAt == PairingFixtures.start)
    }

    @Test func roundTripsThroughTheWireFormat() throws {
        let record = PairingRecord(
            deviceId: "d", deviceName: "n", sidecarURL: "http://127.0.0.1:7878", workstationName: "w",
            sidecarFingerprint: "SHA256:x", sidecarPublicKey: "pk", pairedAt: PairingFixtures.expiry, method: "qr")
        let data = try CompanionJSON.encode(record)
        #expect(try CompanionJSON.decode(PairingRecord.self, from: data) == record)
        #expect(try JSONValue.parse(data)["pairedAt"] == .string("2026-02-25T10:00:00.000Z"))
    }
}
