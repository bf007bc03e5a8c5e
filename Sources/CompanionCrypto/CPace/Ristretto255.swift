import CSodium

/// The ristretto255 group (RFC 9496) through libsodium: element derivation from a 64-byte hash, scalar
/// sampling and scalar multiplication of encoded elements. Secret scalars stay in ``SecureBytes``.
public enum Ristretto255 {
    /// Length of an encoded element and of a scalar in bytes.
    public static let elementLength = Int(crypto_core_ristretto255_BYTES)
    /// Length of the uniform input of ``elementFromHash(_:)``.
    public static let hashLength = Int(crypto_core_ristretto255_HASHBYTES)
    /// The encoding of the neutral element (`G.I`): 32 zero bytes.
    public static let identity = [UInt8](repeating: 0, count: 32)

    /// `element_derivation`: the element for 64 uniform bytes (`crypto_core_ristretto255_from_hash`).
    public static func elementFromHash(_ hash: SecureBytes) -> SecureBytes {
        precondition(hash.count == hashLength, "ristretto255 element derivation takes 64 bytes")
        Sodium.ensureInitialized()
        let element = SecureBytes(count: elementLength)
        hash.withUnsafeBytes { input in
            element.withUnsafeMutableBytes { output in
                _ = crypto_core_ristretto255_from_hash(
                    output.bindMemory(to: UInt8.self).baseAddress!, input.bindMemory(to: UInt8.self).baseAddress!)
            }
        }
        return element
    }

    /// `sample_scalar`: a uniform scalar in [0, L) from the CSPRNG (`crypto_core_ristretto255_scalar_random`).
    public static func randomScalar() -> SecureBytes {
        Sodium.ensureInitialized()
        let scalar = SecureBytes(count: elementLength)
        scalar.withUnsafeMutableBytes { output in
            crypto_core_ristretto255_scalar_random(output.bindMemory(to: UInt8.self).baseAddress!)
        }
        return scalar
    }

    /// True when `bytes` is the canonical encoding of a group element (`crypto_core_ristretto255_is_valid_point`).
    public static func isValidElement(_ bytes: [UInt8]) -> Bool {
        guard bytes.count == elementLength else { return false }
        Sodium.ensureInitialized()
        return crypto_core_ristretto255_is_valid_point(bytes) == 1
    }

    /// `scalar_mult_vfy(y, X)`: `encode(y · decode(X))`, or nil (the draft's `G.I`) when `X` does not decode
    /// or the product is the neutral element. The scalar must be reduced (below 2^255), as sampled scalars are.
    public static func multiply(scalar: SecureBytes, element: [UInt8]) -> SecureBytes? {
        guard scalar.count == elementLength, isValidElement(element) else { return nil }
        let product = SecureBytes(count: elementLength)
        let status = scalar.withUnsafeBytes { y in
            product.withUnsafeMutableBytes { output in
                crypto_scalarmult_ristretto255(
                    output.bindMemory(to: UInt8.self).baseAddress!, y.bindMemory(to: UInt8.self).baseAddress!,
                    element)
            }
        }
        return status == 0 ? product : nil
    }

    /// `scalar_mult_vfy` with a secret element (the password-derived generator).
    public static func multiply(scalar: SecureBytes, secretElement: SecureBytes) -> SecureBytes? {
        secretElement.withUnsafeBytes { raw in
            var element = Array(raw)
            defer { CPaceMemory.wipe(&element) }
            return multiply(scalar: scalar, element: element)
        }
    }
}
