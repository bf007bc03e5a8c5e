import CompanionAPI
import CompanionCrypto
import Foundation

/// A fresh companion identity and the body it would send to `pairing/complete`.
public struct TestDevice: Sendable {
    public let keys = Ed25519KeyPair.generate()
    public var name: String

    public init(name: String = "Test Phone") { self.name = name }

    /// The signed-request headers of `method path body` from this device, paired as `id`, at `now`.
    public func signedHeaders(id: String, _ method: String, _ path: String, body: Data? = nil, now: Date) -> [String:
        String]
    {
        RequestSigner(keyPair: keys, deviceID: id)
            .headers(method: method, pathAndQuery: path, body: Array(body ?? Data()), now: now)
    }

    /// Pairs this device with the sidecar behind `probe` (a code pairing, no token) and returns its device id.
    public func pair(_ probe: HTTPProbe) async throws -> String {
        let started = try await probe.startPairing()
        let reply = try await probe.post("/companion/pairing/complete", try completeBody(code: started.code))
        guard let id = try reply.decode(PairingCompleteResponse.self).connectedDevice?.id else {
            throw APIErrorResponse(code: .internalError, message: "pairing answered \(reply.status)")
        }
        return id
    }

    public func completeBody(code: String, token: String? = nil) throws -> Data {
        try CompanionJSON.encode(
            PairingCompleteRequest(
                pairingCode: code, pairingToken: token, deviceName: name, devicePublicKey: keys.publicKey.base64))
    }
}
