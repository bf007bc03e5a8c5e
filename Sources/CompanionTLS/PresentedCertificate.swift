import CompanionAPI
import SwiftASN1
import X509

/// The leaf certificate a TLS peer presented, as the companion judges it: its key pin and whether it signed
/// itself (the sidecar's own certificate) or was issued by someone else (a certificate the user brought, or an
/// interceptor's).
public struct PresentedCertificate: Sendable, Equatable {
    /// The certificate, DER-encoded, as presented.
    public let der: [UInt8]
    /// The pin of its key (``TLSPin``).
    public let pin: TLSPin
    /// True when its issuer is its subject and its own key verifies its signature.
    public let isSelfSigned: Bool

    /// Reads a DER-encoded certificate.
    public init(der: [UInt8]) throws(TLSCertificateError) {
        let certificate: Certificate
        do { certificate = try Certificate(derEncoded: der) } catch { throw .notACertificate }
        self.der = der
        self.pin = TLSPin(certificate: certificate)
        self.isSelfSigned =
            certificate.issuer == certificate.subject
            && certificate.publicKey.isValidSignature(certificate.signature, for: certificate)
    }

    /// True when the key's pin is one of `pins` (each compared in constant time).
    public func isPinned(by pins: [TLSPin]) -> Bool {
        pins.contains { $0.matches(pin) }
    }
}
