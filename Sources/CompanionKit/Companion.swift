import CompanionAPI
import CompanionClient
import CompanionPairing
import CompanionVault
import Foundation

/// The companion side of CompanionKit as one API: connect to a sidecar, pair with it (QR code or typed code,
/// with the sidecar's identity verified), then check the status, disconnect, list and revoke devices, run
/// tasks and follow their logs — with signed requests, and only to the sidecar this device is paired with.
///
/// ```swift
/// // VaultOpener.open(_:profile:) comes with CompanionVaultSecretService (the Secret Service backend).
/// let companion = Companion(vault: try VaultOpener.open(.auto, profile: "default"))
/// let invitation = try PairingInvitation(code: "123456")
/// let outcome = try await companion.pair(
///     invitation, at: "http://192.168.1.20:7878", options: PairingOptions(verification: .expected("AB12-CD34")))
/// let devices = try await companion.devices()
/// ```
///
/// Every method throws ``CompanionError``. State lives in the vault (``CompanionStore``); a `Companion` is a
/// cheap value that can be made anew for each call.
public struct Companion: Sendable {
    /// The vault items of this companion.
    public let store: CompanionStore
    /// Seconds to wait for each answer from the sidecar.
    public var timeout: TimeInterval

    /// A companion keeping its state in `vault`.
    public init(vault: any CredentialVault, timeout: TimeInterval = 10) {
        self.store = CompanionStore(vault: vault)
        self.timeout = timeout
    }

    /// The URL to use: `override` (checked and normalised) if given, else the stored one, else `fallback` (a
    /// configured default, checked and normalised). Throws ``CompanionError/Kind/notPaired`` when there is none.
    public func sidecarURL(override: String? = nil, fallback: String? = nil) throws(CompanionError) -> String {
        if let override { return try Self.normalizedURL(override) }
        if let stored = try store.sidecarURL() { return stored }
        if let fallback { return try Self.normalizedURL(fallback) }
        throw CompanionError.noSidecar
    }

    /// `url` checked by `SidecarURLPolicy` (CompanionClient) and normalised (lower-case scheme and host, no trailing slash).
    public static func normalizedURL(_ url: String) throws(CompanionError) -> String {
        do { return try SidecarURLPolicy.validate(url).absoluteString } catch { throw CompanionError.from(error) }
    }

    /// The signer for requests to `url`: this device's key, but only when it is paired with that very sidecar
    /// (a signature is never made for another URL).
    public func signer(for url: String) throws(CompanionError) -> RequestSigner? {
        try signer(for: url, record: store.pairing())
    }

    /// The signer for `url` given the pairing `record` already read (each vault read is a round trip).
    func signer(for url: String, record: PairingRecord?) throws(CompanionError) -> RequestSigner? {
        guard let record, record.sidecarURL == (try? Self.normalizedURL(url)), let keyPair = try store.storedIdentity()
        else { return nil }
        return RequestSigner(keyPair: keyPair, deviceID: record.deviceId)
    }

    /// A client for `url`; with `signed`, requests that take a signature are signed when this device is paired
    /// with that sidecar (see ``signer(for:)``).
    /// Over `https://`, the client accepts only the TLS keys pinned by the pairing with that sidecar, if any.
    /// Internal: CompanionKit hands out its own calls and facades, never a raw client.
    func client(url: String, signed: Bool = false) throws(CompanionError) -> CompanionAPIClient {
        let record = try store.pairing()
        return try client(
            url: url, signer: signed ? signer(for: url, record: record) : nil,
            tls: Self.tlsPolicy(for: url, record: record))
    }

    /// A client for `url` that signs as this device when `record` is its pairing with that sidecar.
    func signedClient(url: String, record: PairingRecord?) throws(CompanionError) -> CompanionAPIClient {
        try client(url: url, signer: signer(for: url, record: record), tls: Self.tlsPolicy(for: url, record: record))
    }

    /// What `https://` connections to `url` accept: the TLS pins of `record` when it is the pairing with that
    /// sidecar, else the system trust store.
    static func tlsPolicy(for url: String, record: PairingRecord?) -> SidecarTLSPolicy {
        guard let record, record.sidecarURL == (try? normalizedURL(url)), let pins = record.tlsPins else {
            return .systemTrust
        }
        let remembered = record.tlsCertificate.flatMap { Data(base64Encoded: $0) }.map { [UInt8]($0) }
        return SidecarTLSPolicy(pins: pins, rememberedCertificate: remembered)
    }

    /// `record` keeping the self-signed certificate `client`'s connection trusted by one of the record's pins
    /// (``PairingRecord/tlsCertificate``); nil when there is nothing new to keep.
    static func rememberingCertificate(of client: CompanionAPIClient, in record: PairingRecord) -> PairingRecord? {
        guard let pins = record.tlsPins, let der = client.transport.selfSignedCertificate(pinnedBy: pins) else {
            return nil
        }
        let encoded = Data(der).base64EncodedString()
        guard encoded != record.tlsCertificate else { return nil }
        var updated = record
        updated.tlsCertificate = encoded
        return updated
    }

    func client(url: String, signer: RequestSigner?, tls: SidecarTLSPolicy) throws(CompanionError)
        -> CompanionAPIClient
    {
        do { return try CompanionAPIClient(baseURL: url, timeout: timeout, signer: signer, tls: tls) } catch {
            throw CompanionError.from(error)
        }
    }

    /// Runs a client call, turning its error into a ``CompanionError``.
    static func call<T>(_ body: () async throws(CompanionClientError) -> T) async throws(CompanionError) -> T {
        do { return try await body() } catch { throw CompanionError.from(error) }
    }
}
