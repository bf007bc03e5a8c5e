import CSodium

/// Base64 through libsodium (`sodium_bin2base64` / `sodium_base642bin`), so no Foundation is needed.
enum Base64 {
    /// The alphabets and padding rules used by CompanionKit.
    enum Variant {
        /// RFC 4648 §4 with `=` padding (public keys in JSON).
        case standard
        /// RFC 4648 §4 without padding (fingerprints, like `ssh-keygen -l`).
        case standardNoPadding
        /// RFC 4648 §5 URL-safe alphabet without padding (tokens).
        case urlSafeNoPadding

        var sodium: Int32 {
            switch self {
            case .standard: sodium_base64_VARIANT_ORIGINAL
            case .standardNoPadding: sodium_base64_VARIANT_ORIGINAL_NO_PADDING
            case .urlSafeNoPadding: sodium_base64_VARIANT_URLSAFE_NO_PADDING
            }
        }
    }

    static func encode(_ bytes: [UInt8], _ variant: Variant) -> String {
        Sodium.ensureInitialized()
        let capacity = sodium_base64_encoded_len(bytes.count, variant.sodium)
        var out = [CChar](repeating: 0, count: capacity)
        bytes.withUnsafeBufferPointer { input in
            _ = sodium_bin2base64(&out, capacity, input.baseAddress, input.count, variant.sodium)
        }
        let length = out.firstIndex(of: 0) ?? out.count
        return String(decoding: out[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Decodes `text` strictly (no whitespace, the variant's padding rule); nil when it is not valid.
    static func decode(_ text: String, _ variant: Variant) -> [UInt8]? {
        Sodium.ensureInitialized()
        let input = Array(text.utf8)
        guard !input.isEmpty else { return [] }
        var out = [UInt8](repeating: 0, count: input.count * 3 / 4 + 3)
        var length = 0
        // A nil end pointer makes libsodium reject any character it cannot decode, including trailing garbage.
        let status = input.withUnsafeBufferPointer { raw in
            raw.withMemoryRebound(to: CChar.self) { chars in
                sodium_base642bin(&out, out.count, chars.baseAddress, chars.count, nil, &length, nil, variant.sodium)
            }
        }
        guard status == 0 else { return nil }
        return Array(out[..<length])
    }
}
