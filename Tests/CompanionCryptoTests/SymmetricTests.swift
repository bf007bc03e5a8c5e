import Testing

@testable import CompanionCrypto

struct SymmetricTests {
    static let cheap = Argon2idParameters.minimum

    @Test func argon2idIsDeterministicPerSaltAndPassphrase() throws {
        let salt = SecureRandom.bytes(Argon2id.saltLength)
        let pw = SecureBytes(Array("correct horse".utf8))
        let a = try Argon2id.deriveKey(passphrase: pw, salt: salt, parameters: Self.cheap)
        let b = try Argon2id.deriveKey(passphrase: pw, salt: salt, parameters: Self.cheap)
        #expect(a.count == 32)
        #expect(a.constantTimeEquals(b))
        let otherSalt = try Argon2id.deriveKey(
            passphrase: pw, salt: SecureRandom.bytes(Argon2id.saltLength), parameters: Self.cheap)
        #expect(!a.constantTimeEquals(otherSalt))
        let otherPw = try Argon2id.deriveKey(
            passphrase: SecureBytes(Array("correct horsf".utf8)), salt: salt, parameters: Self.cheap)
        #expect(!a.constantTimeEquals(otherPw))
        var more = Self.cheap
        more.opsLimit += 1
        #expect(!a.constantTimeEquals(try Argon2id.deriveKey(passphrase: pw, salt: salt, parameters: more)))
    }

    @Test func argon2idRejectsBadParameters() {
        let pw = SecureBytes(Array("x".utf8))
        let salt = SecureRandom.bytes(Argon2id.saltLength)
        #expect(throws: CryptoError.self) { try Argon2id.deriveKey(passphrase: pw, salt: [1], parameters: Self.cheap) }
        #expect(throws: CryptoError.self) {
            try Argon2id.deriveKey(passphrase: SecureBytes([]), salt: salt, parameters: Self.cheap)
        }
        #expect(throws: CryptoError.self) {
            try Argon2id.deriveKey(passphrase: pw, salt: salt, parameters: .init(opsLimit: 0, memLimit: 8192))
        }
        #expect(throws: CryptoError.self) {
            try Argon2id.deriveKey(passphrase: pw, salt: salt, parameters: .init(opsLimit: 3, memLimit: 1 << 40))
        }
    }

    @Test func aeadRoundTripAndTamperDetection() throws {
        let key = XChaCha20Poly1305.generateKey()
        let nonce = SecureRandom.bytes(XChaCha20Poly1305.nonceLength)
        let header = Array("header v1".utf8)
        let plaintext = SecureBytes(Array("secret payload".utf8))
        let sealed = try XChaCha20Poly1305.seal(plaintext, key: key, nonce: nonce, associatedData: header)
        #expect(sealed.count == plaintext.count + 16)
        let opened = try XChaCha20Poly1305.open(sealed, key: key, nonce: nonce, associatedData: header)
        #expect(opened.constantTimeEquals(plaintext))

        var flipped = sealed
        flipped[0] ^= 1
        #expect(throws: CryptoError.authenticationFailed) {
            try XChaCha20Poly1305.open(flipped, key: key, nonce: nonce, associatedData: header)
        }
        #expect(throws: CryptoError.authenticationFailed) {
            try XChaCha20Poly1305.open(sealed, key: key, nonce: nonce, associatedData: Array("header v2".utf8))
        }
        #expect(throws: CryptoError.authenticationFailed) {
            try XChaCha20Poly1305.open(
                sealed, key: XChaCha20Poly1305.generateKey(), nonce: nonce, associatedData: header)
        }
        #expect(throws: CryptoError.authenticationFailed) {
            try XChaCha20Poly1305.open([1, 2, 3], key: key, nonce: nonce, associatedData: header)
        }
        #expect(throws: CryptoError.invalidKey) {
            try XChaCha20Poly1305.seal(plaintext, key: SecureBytes(count: 16), nonce: nonce, associatedData: [])
        }
    }

    @Test func aeadSealsEmptyPlaintext() throws {
        let key = XChaCha20Poly1305.generateKey()
        let nonce = SecureRandom.bytes(24)
        let sealed = try XChaCha20Poly1305.seal(SecureBytes([]), key: key, nonce: nonce, associatedData: [])
        #expect(try XChaCha20Poly1305.open(sealed, key: key, nonce: nonce, associatedData: []).count == 0)
    }
}
