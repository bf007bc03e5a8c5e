import Foundation
import SwiftASN1
import X509

/// The sidecar's self-signed certificate: issued from its ``TLSServerKey`` for the names it serves.
///
/// It names every address and host name the sidecar is reached at (each `--host`, the `--public-url` host,
/// `<hostname>.local`) as subject alternative names (IP addresses as `iPAddress`, names as `dNSName`), is a leaf
/// (not a CA) for server authentication only, and is valid from a day before issue for 397 days (the longest any
/// browser accepts). Companions do not trust it through a CA: they pin its key (``TLSServerKey/pin``), which is the
/// same in every certificate issued from one key.
public enum SelfSignedCertificate {
    /// Days a certificate is valid after issue.
    public static let validityDays = 397

    /// A certificate for `names` (empty or blank names dropped, duplicates once), signed by `key` itself.
    public static func issue(key: TLSServerKey, names: [String], now: Date = Date()) throws -> Certificate {
        let alternatives = Self.alternativeNames(names)
        let subjectName = names.first { !$0.isEmpty && IPAddressBytes.parse($0) == nil } ?? "companion-sidecar"
        let subject = try DistinguishedName {
            OrganizationName("CompanionKit sidecar")
            CommonName(String(subjectName.prefix(64)))
        }
        var extensions = try Certificate.Extensions {
            Critical(BasicConstraints.notCertificateAuthority)
            // keyCertSign: BoringSSL counts a certificate as self-signed (usable as its own trust anchor) only when
            // its key usage allows certificate signing, and the companion's pinned connection trusts exactly this
            // certificate (CompanionClient's PinnedTLS): without it, the real handshake fails.
            Critical(KeyUsage(digitalSignature: true, keyCertSign: true))
            try ExtendedKeyUsage([.serverAuth])
        }
        if !alternatives.isEmpty {
            try extensions.append(SubjectAlternativeNames(alternatives).makeCertificateExtension())
        }
        let privateKey = Certificate.PrivateKey(key.key)
        return try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(),
            publicKey: privateKey.publicKey, notValidBefore: now.addingTimeInterval(-86_400),
            notValidAfter: now.addingTimeInterval(TimeInterval(validityDays) * 86_400), issuer: subject,
            subject: subject, signatureAlgorithm: .ecdsaWithSHA256, extensions: extensions,
            issuerPrivateKey: privateKey)
    }

    /// The subject alternative names for `names`, in order, each once.
    static func alternativeNames(_ names: [String]) -> [GeneralName] {
        var seen = Set<String>()
        var result: [GeneralName] = []
        for raw in names {
            let name = raw.lowercased().trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty, seen.insert(name).inserted else { continue }
            if let bytes = IPAddressBytes.parse(name) {
                result.append(.ipAddress(ASN1OctetString(contentBytes: ArraySlice(bytes))))
            } else {
                result.append(.dnsName(name.hasSuffix(".") ? String(name.dropLast()) : name))
            }
        }
        return result
    }
}
