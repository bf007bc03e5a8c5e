import CompanionAPI
import SwiftASN1
import X509

/// Why a certificate's key could not be pinned.
public enum TLSCertificateError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The bytes are not a DER-encoded X.509 certificate.
    case notACertificate

    public var description: String {
        switch self {
        case .notACertificate: "the TLS certificate is not a DER-encoded X.509 certificate"
        }
    }
}

extension TLSPin {
    /// The pin of the key in `certificate`: the SHA-256 of its DER-encoded SubjectPublicKeyInfo.
    public init(certificate: Certificate) {
        var serializer = DER.Serializer()
        // Serializing a parsed or generated public key cannot fail: it writes bytes it already holds.
        try! serializer.serialize(certificate.publicKey)
        self.init(subjectPublicKeyInfoDER: serializer.serializedBytes)
    }

    /// The pin of the key in a DER-encoded X.509 certificate (the leaf a TLS peer presented).
    public init(certificateDER: [UInt8]) throws(TLSCertificateError) {
        let certificate: Certificate
        do { certificate = try Certificate(derEncoded: certificateDER) } catch { throw .notACertificate }
        self.init(certificate: certificate)
    }
}
