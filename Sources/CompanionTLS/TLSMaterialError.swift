/// Why the TLS certificate and key could not be used, in words that say what to do.
public enum TLSMaterialError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A file could not be read (missing, not allowed, a directory).
    case unreadable(path: String, reason: String)
    /// The certificate file holds no PEM certificate.
    case noCertificate(path: String)
    /// The key file holds no PEM private key the TLS stack supports (P-256, P-384, P-521, RSA, Ed25519).
    case notAPrivateKey(path: String)
    /// The key is not the one the certificate names.
    case keyDoesNotMatchCertificate(certificate: String, key: String)
    /// The TLS stack refused the certificate or key.
    case refused(String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "cannot read \(path): \(reason)"
        case .noCertificate(let path): "\(path) holds no PEM certificate (-----BEGIN CERTIFICATE-----)"
        case .notAPrivateKey(let path): "\(path) holds no PEM private key (-----BEGIN … PRIVATE KEY-----)"
        case .keyDoesNotMatchCertificate(let certificate, let key):
            "the key in \(key) is not the key of the certificate in \(certificate)"
        case .refused(let reason): "the TLS stack refused the certificate or key: \(reason)"
        }
    }

    /// What to do about it.
    public var hint: String {
        switch self {
        case .unreadable, .noCertificate, .notAPrivateKey:
            "pass the PEM files your certificate tool wrote, e.g. `tailscale cert --cert-file c.pem --key-file k.pem`"
        case .keyDoesNotMatchCertificate:
            "pass the key file written together with that certificate (a renewal may have written both anew)"
        case .refused: "check the files with `openssl x509 -in CERT -noout -text` and `openssl pkey -in KEY -noout`"
        }
    }
}
