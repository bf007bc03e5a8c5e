import CompanionAPI
import Foundation

/// Which TLS certificates a transport accepts from its sidecar over `https://` and `wss://`.
///
/// With pins (the ones stored with the pairing, or the one in a scanned QR code), a connection is accepted only
/// when the key in the leaf certificate has one of them, whoever signed the certificate, even a certificate
/// authority this machine trusts: the sidecar's own self-signed certificate is then the only trust root of the
/// connection; a certificate the user brought to the sidecar (issued by a CA) must in addition verify with the
/// system trust store. Without pins (a sidecar paired over plain HTTP on loopback, or no pairing yet), `https://`
/// is verified with the system trust store and the host name, as any TLS client does.
public struct SidecarTLSPolicy: Sendable, Equatable {
    /// The key pins accepted; empty: the system trust store decides.
    public var pins: [TLSPin]
    /// A PEM bundle used as the system trust store instead of NIOSSL's default (`/etc/ssl/certs`); nil: the default.
    public var trustStoreFile: String?
    /// Without pins: accept the key the sidecar presents, whatever it is, and remember its pin
    /// (``SidecarTransport/presentedTLSPin``). Only for pairing v2 by a typed code, which binds that pin into the
    /// exchange, so an interceptor's key makes the exchange fail; never where a secret crosses.
    public var trustOnFirstUse: Bool
    /// The sidecar's self-signed certificate (DER) this device connected to before, stored with the pairing: while
    /// its key has one of ``pins``, it is the trust root of the first connection, with no capturing handshake
    /// before it. A sidecar that re-issued its certificate is found by the refused handshake and learned again.
    public var rememberedCertificate: [UInt8]?

    /// The environment variable naming a PEM bundle to use as the system trust store (OpenSSL's and curl's).
    public static let trustStoreVariable = "SSL_CERT_FILE"

    /// A policy accepting `pins`, with the system trust store from `trustStoreFile`, by default the file
    /// `SSL_CERT_FILE` names in this process's environment (the name OpenSSL and curl honour), else NIOSSL's.
    public init(
        pins: [TLSPin] = [], trustStoreFile: String? = SidecarTLSPolicy.environmentTrustStoreFile,
        trustOnFirstUse: Bool = false, rememberedCertificate: [UInt8]? = nil
    ) {
        self.pins = pins
        self.trustStoreFile = trustStoreFile
        self.trustOnFirstUse = trustOnFirstUse && pins.isEmpty
        self.rememberedCertificate = pins.isEmpty ? nil : rememberedCertificate
    }

    /// No pins, the environment's trust store.
    public static var systemTrust: SidecarTLSPolicy { SidecarTLSPolicy() }

    /// The file `SSL_CERT_FILE` names, when it is set and not empty.
    public static var environmentTrustStoreFile: String? {
        guard let path = ProcessInfo.processInfo.environment[trustStoreVariable], !path.isEmpty else { return nil }
        return path
    }
}
