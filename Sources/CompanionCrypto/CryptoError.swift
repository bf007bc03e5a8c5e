/// Errors raised by CompanionCrypto. Messages never include key material.
public enum CryptoError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A key has the wrong length or is not a valid key of its kind.
    case invalidKey
    /// A signature has the wrong length or does not verify.
    case invalidSignature
    /// Text that should be base64 (or `SHA256:…`) could not be decoded.
    case invalidEncoding
    /// A secret key whose embedded public half does not match its seed.
    case inconsistentKeyPair
    /// Authenticated decryption failed: wrong key, or the data or its associated data were altered.
    case authenticationFailed
    /// Key derivation could not run with the requested parameters (e.g. not enough memory).
    case keyDerivationFailed
    /// A parameter is outside the range libsodium accepts.
    case invalidParameter(String)

    public var description: String {
        switch self {
        case .invalidKey: "invalid key (wrong length or encoding)"
        case .invalidSignature: "invalid signature"
        case .invalidEncoding: "invalid encoding"
        case .inconsistentKeyPair: "secret key does not match its public half"
        case .authenticationFailed: "authentication failed (wrong key or altered data)"
        case .keyDerivationFailed: "key derivation failed (not enough memory for the requested parameters?)"
        case .invalidParameter(let what): "invalid parameter: \(what)"
        }
    }
}
