/// The SHA-256 fingerprint of a public key, shown like `ssh-keygen -l` (`SHA256:<base64>`) or in a short
/// grouped form that a person can read aloud and compare with another screen.
public struct Fingerprint: Sendable, Hashable, CustomStringConvertible {
    /// The SHA-256 digest of the raw public key (32 bytes).
    public let digest: [UInt8]

    /// A fingerprint from a 32-byte SHA-256 digest.
    public init(digest: [UInt8]) {
        precondition(digest.count == SHA256.digestLength, "a fingerprint is a 32-byte SHA-256 digest")
        self.digest = digest
    }

    /// `SHA256:` followed by the digest in base64 without padding, exactly as `ssh-keygen -l` prints it.
    public var description: String { "SHA256:" + Base64.encode(digest, .standardNoPadding) }

    /// The first 64 bits as four groups of four uppercase hex digits, e.g. `4F2A 9C1D 77B0 E513`.
    public var short: String {
        var grouped = ""
        for (index, digit) in HexEncoding.lowercase(Array(digest.prefix(8))).uppercased().enumerated() {
            if index > 0, index % 4 == 0 { grouped += " " }
            grouped.append(digit)
        }
        return grouped
    }

    /// Parses the `SHA256:<base64>` form (padding optional); nil for anything else.
    public init?(parsing text: String) {
        guard text.hasPrefix("SHA256:") else { return nil }
        let encoded = String(text.dropFirst("SHA256:".count))
        guard let bytes = Base64.decode(encoded, .standardNoPadding) ?? Base64.decode(encoded, .standard),
            bytes.count == SHA256.digestLength
        else { return nil }
        self.digest = bytes
    }

    /// Constant-time equality of the digests.
    public func matches(_ other: Fingerprint) -> Bool {
        ConstantTime.equals(digest, other.digest)
    }
}
