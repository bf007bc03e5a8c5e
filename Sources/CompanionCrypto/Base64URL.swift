/// Base64url without padding (RFC 4648 §5), the encoding of binary fields in the v2 pairing messages.
public enum Base64URL {
    /// The text form of `bytes`.
    public static func encode(_ bytes: [UInt8]) -> String { Base64.encode(bytes, .urlSafeNoPadding) }

    /// The bytes of `text`, or nil when it is not strict base64url without padding.
    public static func decode(_ text: String) -> [UInt8]? { Base64.decode(text, .urlSafeNoPadding) }
}
