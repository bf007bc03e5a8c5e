import CompanionCrypto
import Foundation

/// The pin of a TLS key: the SHA-256 of the certificate's DER-encoded SubjectPublicKeyInfo.
///
/// It is the value `curl --pinnedpubkey sha256//<base64>` and Chromium's `--ignore-certificate-errors-spki-list`
/// take, and what a companion stores with its pairing: from then on it accepts a sidecar's certificate only when
/// the key in it has this pin, whoever signed the certificate. Its text form, in the QR payload (`tlsPin`), the
/// DNS-SD TXT record and the pairing records, is curl's: `sha256//` and the standard base64 of the 32 bytes.
public struct TLSPin: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The text form's prefix.
    public static let prefix = "sha256//"

    /// The 32 bytes of the digest.
    public let digest: [UInt8]

    /// The pin of a key, from its DER-encoded SubjectPublicKeyInfo.
    public init(subjectPublicKeyInfoDER: [UInt8]) {
        digest = SHA256.hash(subjectPublicKeyInfoDER)
    }

    /// A pin from its 32 digest bytes; nil for any other length.
    public init?(digest: [UInt8]) {
        guard digest.count == SHA256.digestLength else { return nil }
        self.digest = digest
    }

    /// A pin from its text form (`sha256//<base64>`); nil when the text is anything else.
    public init?(_ text: String) {
        guard text.hasPrefix(Self.prefix), text.utf8.count == Self.prefix.utf8.count + 44,
            let bytes = Data(base64Encoded: String(text.dropFirst(Self.prefix.count)))
        else { return nil }
        self.init(digest: [UInt8](bytes))
    }

    /// The standard base64 of the digest, the form Chromium's `--ignore-certificate-errors-spki-list` takes.
    public var base64: String { Data(digest).base64EncodedString() }

    /// The text form, `sha256//<base64>`, as curl's `--pinnedpubkey` takes it.
    public var description: String { Self.prefix + base64 }

    /// True when `other` is the same pin, compared in constant time.
    public func matches(_ other: TLSPin) -> Bool { ConstantTime.equals(digest, other.digest) }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let pin = TLSPin(text) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "not a TLS pin (sha256//<base64>)"))
        }
        self = pin
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
