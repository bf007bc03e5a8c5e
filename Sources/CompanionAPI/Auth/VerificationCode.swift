import CompanionCrypto

/// A short string both sides show after a manual-code pairing, derived from both public keys,
/// for a person to compare (as KDE Connect and Signal do). 100 bits, in five groups of four
/// base32 characters (no 0/O/1/I confusion), e.g. `K7QX-M2PA-9RTE-4WZC-HB3N`.
///
/// 100 bits make it infeasible for a man in the middle to grind a key pair whose string matches.
public enum VerificationCode {
    public static let domain = "COMPANIONKIT-VERIFY-V1"
    private static let alphabet = Array("ABCDEFGHJKLMNPQRSTUVWXYZ23456789")

    /// The verification string for a device key and a sidecar key (raw 32-byte keys).
    public static func make(devicePublicKey: Ed25519PublicKey, sidecarPublicKey: Ed25519PublicKey) -> String {
        let digest = SHA256.hash(Array(domain.utf8) + devicePublicKey.rawBytes + sidecarPublicKey.rawBytes)
        var bits = 0
        var buffer = 0
        var characters: [Character] = []
        for byte in digest where characters.count < 20 {
            buffer = (buffer << 8) | Int(byte)
            bits += 8
            while bits >= 5, characters.count < 20 {
                bits -= 5
                characters.append(alphabet[(buffer >> bits) & 31])
            }
        }
        return stride(from: 0, to: 20, by: 4).map { String(characters[$0..<$0 + 4]) }.joined(separator: "-")
    }
}
