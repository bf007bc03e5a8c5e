import CompanionCrypto
import CompanionVault
import Foundation

/// The public facts of an identity, as `keys init` and `keys show` print them. Never the secret key.
struct IdentitySummary: Encodable {
    var fingerprint: String
    var short: String
    var publicKey: String
    var algorithm = "ed25519"
    var backend: String
    var profile: String
    var created: Date?

    init(_ pair: Ed25519KeyPair, vault: UsageTrackingVault, profile: String, created: Date?) {
        fingerprint = pair.publicKey.fingerprint.description
        short = pair.publicKey.fingerprint.short
        publicKey = pair.publicKey.base64
        backend = vault.backend.rawValue
        self.profile = profile
        self.created = created
    }

    /// Indented human-readable lines.
    var lines: [String] {
        var lines = [
            "  fingerprint  \(fingerprint)",
            "  read aloud   \(short)",
            "  public key   \(publicKey)",
            "  vault        \(backend) (profile \(profile))",
        ]
        if let created { lines.append("  created      \(AuditFormat.date(created))") }
        return lines
    }
}
