import CompanionCrypto
import Foundation
import Synchronization

/// Why a signed request was refused. Every case answers 401 with a clear JSON error.
public enum AuthenticationFailure: Error, Equatable, Sendable {
    case missingHeaders
    case malformedHeaders
    case staleTimestamp
    case unknownDevice
    case badSignature
    case replayedNonce

    /// A message for the error body: what happened and what to do.
    public var message: String {
        switch self {
        case .missingHeaders:
            "this endpoint needs a signed request (X-Companion-Device, -Timestamp, -Nonce, -Signature); pair first"
        case .malformedHeaders: "the request's signature headers are malformed"
        case .staleTimestamp: "the request's timestamp is outside the accepted window; check this device's clock"
        case .unknownDevice: "this device is not paired with the sidecar (or was revoked); pair again"
        case .badSignature: "the request's signature does not verify"
        case .replayedNonce: "the request's nonce was already used (replay refused)"
        }
    }
}

/// Verifies signed requests: paired and not revoked, timestamp within ±window, nonce unseen, signature valid.
///
/// Safe to call from many requests at once: signatures are verified in parallel, only the nonce check takes a
/// short lock.
public final class RequestAuthenticator: Sendable {
    /// Looks up the public key of a currently trusted device; nil when unknown or revoked.
    public typealias DeviceLookup = @Sendable (String) async throws -> Ed25519PublicKey?

    private let windowMillis: Int64
    private let now: @Sendable () -> Date
    private let lookup: DeviceLookup
    private let nonces: Mutex<NonceCache>

    /// `windowSeconds`: the accepted difference between a request's timestamp and `now`, either way (clamped to
    /// 1 s … 1 day); `lookup`: the key of a currently trusted device.
    public init(
        windowSeconds: Int = 60, now: @escaping @Sendable () -> Date = { Date() }, lookup: @escaping DeviceLookup
    ) {
        // One window for the timestamp check and the nonce memory.
        let windowMillis = Int64(min(max(1, windowSeconds), 86_400)) * 1000
        self.windowMillis = windowMillis
        self.now = now
        self.lookup = lookup
        self.nonces = Mutex(NonceCache(windowMillis: windowMillis))
    }

    /// Authenticates a request; returns the device id on success.
    /// `headers` is looked up case-insensitively through `header`.
    public func authenticate(
        method: String, pathAndQuery: String, body: [UInt8],
        header: (String) -> String?
    ) async -> Result<String, AuthenticationFailure> {
        guard let device = header(SignedRequestHeader.device), let stamp = header(SignedRequestHeader.timestamp),
            let nonce = header(SignedRequestHeader.nonce), let signature = header(SignedRequestHeader.signature)
        else { return .failure(.missingHeaders) }
        // The timestamp must be the canonical decimal text that is signed ("+1…" or "01…" would verify too).
        guard let timestamp = Int64(stamp), String(timestamp) == stamp, nonce.utf8.count >= 16, nonce.utf8.count <= 128,
            device.utf8.count <= 128,
            let signatureBytes = Data(base64Encoded: signature), signatureBytes.count == 64
        else { return .failure(.malformedHeaders) }
        let canonical = CanonicalRequest(
            method: method, pathAndQuery: pathAndQuery, deviceID: device,
            timestampMillis: timestamp, nonce: nonce, body: body)
        guard canonical.isWellFormed else { return .failure(.malformedHeaders) }
        let nowMillis = Int64((now().timeIntervalSince1970 * 1000).rounded(.down))
        // Overflow-checked: an extreme timestamp (Int64.min) must be refused, not trap the sidecar.
        let skew = nowMillis.subtractingReportingOverflow(timestamp)
        guard !skew.overflow, skew.partialValue.magnitude <= windowMillis.magnitude else {
            return .failure(.staleTimestamp)
        }
        guard let key = try? await lookup(device) else { return .failure(.unknownDevice) }
        guard key.verify(signature: Array(signatureBytes), message: canonical.bytes) else {
            return .failure(.badSignature)
        }
        let fresh = nonces.withLock {
            $0.insert(deviceID: device, nonce: nonce, timestampMillis: timestamp, nowMillis: nowMillis)
        }
        guard fresh else {
            return .failure(.replayedNonce)
        }
        return .success(device)
    }
}
