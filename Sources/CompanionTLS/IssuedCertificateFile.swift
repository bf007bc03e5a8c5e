import CompanionFiles
import Foundation
import SwiftASN1
import X509

/// The sidecar's self-signed certificate kept in its data directory between runs, so that a restart serves the
/// very certificate companions remembered with their pairing (one TLS handshake for them, no capturing one).
///
/// The file holds a public certificate, nothing secret. It is served again only when the sidecar's key signed it,
/// it is for exactly the names served now, and it is valid for at least ``minimumRemainingValidity`` more;
/// otherwise (a first run, a rotated key, other names, an old or damaged file, one another process wrote) a new
/// certificate is issued and the file replaced atomically.
public struct IssuedCertificateFile: Sendable {
    /// The file's path (`tls-certificate.der` in the sidecar's data directory).
    public let url: URL
    /// A kept certificate closer than this to its end is issued again.
    public static let minimumRemainingValidity: TimeInterval = 30 * 86_400

    public init(url: URL) { self.url = url }

    /// The certificate in the file when it may be served for `key` and `names` at `now`, else a new one issued
    /// and written. A write that fails leaves the new certificate served (the next start issues another).
    public func certificate(key: TLSServerKey, names: [String], now: Date = Date()) throws -> Certificate {
        if let bytes = Self.keptBytes(at: url), let kept = try? Certificate(derEncoded: bytes),
            Self.isServable(kept, key: key, names: names, now: now)
        {
            return kept
        }
        let issued = try SelfSignedCertificate.issue(key: key, names: names, now: now)
        var serializer = DER.Serializer()
        try serializer.serialize(issued)
        try? AtomicFile.replace(url.path, with: serializer.serializedBytes, mode: .exactly(0o644))
        return issued
    }

    /// The file's bytes when it is a regular file (not a link, a FIFO or a device) of at most 16 KiB.
    static func keptBytes(at url: URL) -> [UInt8]? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
            attributes[.type] as? FileAttributeType == .typeRegular,
            let size = attributes[.size] as? NSNumber, size.intValue <= 16 * 1024
        else { return nil }
        return (try? Data(contentsOf: url)).map { [UInt8]($0) }
    }

    /// True when `certificate` is `key`'s own, for exactly `names`, and valid from now for at least
    /// ``minimumRemainingValidity``.
    public static func isServable(_ certificate: Certificate, key: TLSServerKey, names: [String], now: Date) -> Bool {
        let publicKey = Certificate.PrivateKey(key.key).publicKey
        guard certificate.publicKey == publicKey, certificate.issuer == certificate.subject,
            publicKey.isValidSignature(certificate.signature, for: certificate),
            certificate.notValidBefore <= now,
            certificate.notValidAfter.timeIntervalSince(now) >= minimumRemainingValidity,
            let served = try? certificate.extensions.subjectAlternativeNames
        else { return false }
        return Array(served) == SelfSignedCertificate.alternativeNames(names)
    }
}
