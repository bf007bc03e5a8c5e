import CSodium

/// Lowercase hexadecimal text of bytes (digests, masks, ids) through libsodium's `sodium_bin2hex`: two digits per
/// byte, no separators.
///
/// Not for secrets: the text is an ordinary `String`, which is never zeroed (``SecureBytes/hexEncoded()`` is).
public enum HexEncoding {
    /// `[0x0f, 0xa0]` → `"0fa0"`.
    public static func lowercase(_ bytes: [UInt8]) -> String {
        Sodium.ensureInitialized()
        var text = [CChar](repeating: 0, count: bytes.count * 2 + 1)
        bytes.withUnsafeBufferPointer { _ = sodium_bin2hex(&text, text.count, $0.baseAddress, $0.count) }
        return String(decoding: text.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
