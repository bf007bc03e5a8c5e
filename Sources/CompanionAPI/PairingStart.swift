import Foundation

/// Optional body of `POST /companion/pairing/start`: `{ "ttlSeconds": number, "scopes": ["read", …] }`.
public struct PairingStartRequest: Codable, Sendable, Equatable {
    /// Requested lifetime of the pairing code in seconds; the sidecar bounds it.
    public var ttlSeconds: Int?
    /// What the device that pairs may do; absent: ``DeviceScope/pairingDefault``.
    public var scopes: [DeviceScope]?

    public init(ttlSeconds: Int? = nil, scopes: [DeviceScope]? = nil) {
        self.ttlSeconds = ttlSeconds
        self.scopes = scopes
    }
}

/// Body of a successful `POST /companion/pairing/start`.
///
/// `qrPayload` is a JSON *string* (see ``QRPayload``) meant to be shown as a QR code.
public struct PairingStartResponse: Codable, Sendable, Equatable {
    public var ok: Bool
    /// The 6-digit pairing code.
    public var code: String
    public var expiresAt: Date
    /// JSON text of a ``QRPayload``.
    public var qrPayload: String

    public init(ok: Bool = true, code: String, expiresAt: Date, qrPayload: String) {
        self.ok = ok
        self.code = code
        self.expiresAt = expiresAt
        self.qrPayload = qrPayload
    }
}
