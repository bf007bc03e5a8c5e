import CompanionAPI
import Foundation

/// Shared inputs of the pairing tests.
enum PairingFixtures {
    static let start = Timestamp.date(from: "2026-02-25T09:58:00.000Z")!
    static let expiry = Timestamp.date(from: "2026-02-25T10:00:00.000Z")!
    static let token = "q2Fv8yXhN0cJtR4mWbLs7AeUo9dKzPi1"
    static let publicKey = "11qYAYKxCrfVS/7TyWQHOg7hcvPapiMlrwIaaPcHURo="

    static func payloadText(expiresAt: Date = expiry, version: Int = 1, protocol name: String = QRPayload.protocolName)
        -> String
    {
        let payload = QRPayload(
            url: "http://192.168.1.20:7878", name: "workstation", code: "123456", token: token, expiresAt: expiresAt,
            protocol: name, version: version)
        return try! payload.jsonString()
    }

    static let device = CompanionDevice(
        id: "abc123", name: "laptop", connectedAt: expiry, lastSeenAt: expiry)

    static let connected = PairingCompleteResponse(connected: true, connectedDevice: device)
}
