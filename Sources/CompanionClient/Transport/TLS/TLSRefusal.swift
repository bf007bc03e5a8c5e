import CompanionAPI

/// Why the companion refused a sidecar's TLS certificate: what it expected, what was presented, and whether a
/// certificate authority this machine trusts signed what was presented. Never a TLS library's error text.
public struct TLSRefusal: Equatable, Sendable, CustomStringConvertible {
    /// What was wrong with the certificate.
    public enum Reason: Equatable, Sendable {
        /// The key is not one of the pins stored with the pairing.
        case pinMismatch
        /// No pin is stored and the system trust store (or the host name check) refused the certificate.
        case notTrusted
        /// The key is pinned, but the certificate is issued by a CA and its chain does not verify with the
        /// system trust store (a certificate the user brought must verify with both).
        case chainNotTrusted
        /// The paired key arrived in a certificate a CA issued, while the sidecar serves its own self-signed one:
        /// anyone can have a CA certify a public key they do not hold.
        case issuedForSelfSignedKey
    }

    /// What was wrong.
    public var reason: Reason
    /// `host:port` of the connection.
    public var endpoint: String
    /// The pins this device accepts (empty: none stored).
    public var expected: [TLSPin]
    /// The pin of the key that was presented; nil when no certificate could be read.
    public var presented: TLSPin?
    /// True when the presented certificate verifies with this machine's trust store (a CA it trusts signed it).
    public var signedByTrustedCA: Bool

    public init(
        reason: Reason, endpoint: String, expected: [TLSPin], presented: TLSPin?, signedByTrustedCA: Bool
    ) {
        self.reason = reason
        self.endpoint = endpoint
        self.expected = expected
        self.presented = presented
        self.signedByTrustedCA = signedByTrustedCA
    }

    /// One sentence: what was refused and what changed.
    public var description: String {
        let shown = presented.map { "its key pin is \($0)" } ?? "its certificate could not be read"
        let signer =
            signedByTrustedCA
            ? "it is signed by a certificate authority this machine trusts, which does not make it the paired sidecar"
            : "no certificate authority this machine trusts signed it"
        let expectedText = expected.map(\.description).joined(separator: " or ")
        switch reason {
        case .pinMismatch:
            return "refusing the TLS certificate of \(endpoint): \(shown), but this device paired with the key "
                + "\(expectedText); \(signer)"
        case .notTrusted:
            return "refusing the TLS certificate of \(endpoint): no key is pinned for this sidecar and the system "
                + "trust store does not accept it for this host name (\(shown))"
        case .chainNotTrusted:
            return "refusing the TLS certificate of \(endpoint): its key is the paired one (\(expectedText)), but it "
                + "is issued by a certificate authority this machine does not trust"
        case .issuedForSelfSignedKey:
            return "refusing the TLS certificate of \(endpoint): it carries the paired key (\(expectedText)) but was "
                + "issued by a certificate authority, while this sidecar serves its own self-signed certificate"
        }
    }

    /// What to do next.
    public var guidance: String {
        switch reason {
        case .pinMismatch:
            "if the sidecar's TLS key was replaced on purpose (a new --tls-cert key, a new data directory), pair "
                + "again from the workstation's new QR code (companion sidecar pair, then companion pair scan); "
                + "otherwise someone may be intercepting this network: send nothing over it"
        case .notTrusted:
            "pair from the workstation's QR code (companion pair scan), which pins the sidecar's TLS key, or "
                + "give the sidecar a certificate this machine trusts (--tls-cert)"
        case .issuedForSelfSignedKey:
            "someone may be intercepting this network with a certificate for the sidecar's public key: send nothing "
                + "over it; if the sidecar now uses a certificate you brought (--tls-cert), pair again from its QR code"
        case .chainNotTrusted:
            "install the issuing CA in this machine's trust store (or point SSL_CERT_FILE at a bundle with it), or "
                + "let the sidecar use its own certificate and pair again from its QR code"
        }
    }
}
