import Crypto
import Foundation

/// Message encryption for Web Push (RFC 8291) in the `aes128gcm` content coding (RFC 8188): an ephemeral P-256 key
/// agreed with the subscription's `p256dh` key, HKDF-SHA-256 keyed by its `auth` secret, one AES-128-GCM record.
///
/// The push service sees only the body this returns; the browser that holds the subscription's private key is the
/// only one that can read the message. Checked against RFC 8291's appendix A byte for byte
/// (`TestVectors/webpush/rfc8291-appendix-a.json`) and decrypted by Python's `http-ece` in the tests.
package enum WebPushEncryption {
    /// The `rs` header field: the record size. One record carries the whole message (RFC 8291 §4).
    package static let recordSize = 4096
    /// The most a push service must accept as a message body (RFC 8030 §7.2: 4096 bytes).
    package static let maximumBodyBytes = 4096
    /// The header: salt (16), record size (4), key id length (1), the server's public key (65).
    static let headerBytes = 16 + 4 + 1 + 65
    /// Plaintext plus padding a body of ``maximumBodyBytes`` can carry: the header, the delimiter and the tag off.
    package static let maximumPlaintextBytes = maximumBodyBytes - headerBytes - 1 - 16

    /// Encrypts `plaintext` for the subscription whose keys are `p256dh` (the uncompressed point, 65 bytes) and
    /// `auth` (16 bytes), with `padding` zero bytes after the delimiter. `serverKey` and `salt` are fresh for each
    /// message; only the test of the RFC's example gives its own.
    package static func encrypt(
        _ plaintext: [UInt8], p256dh: [UInt8], auth: [UInt8], padding: Int = 0,
        serverKey: P256.KeyAgreement.PrivateKey = P256.KeyAgreement.PrivateKey(),
        salt: [UInt8] = randomSalt()
    ) throws(WebPushEncryptionError) -> [UInt8] {
        guard auth.count == 16 else { throw .badAuthSecret }
        guard salt.count == 16 else { throw .badSalt }
        guard padding >= 0, plaintext.count + padding <= maximumPlaintextBytes else {
            throw .tooLarge(plaintext.count + max(0, padding))
        }
        let userAgentKey: P256.KeyAgreement.PublicKey
        do { userAgentKey = try P256.KeyAgreement.PublicKey(x963Representation: p256dh) } catch {
            throw .badSubscriptionKey
        }
        guard p256dh.count == 65 else { throw .badSubscriptionKey }
        let serverPublic = [UInt8](serverKey.publicKey.x963Representation)
        let shared: SharedSecret
        do { shared = try serverKey.sharedSecretFromKeyAgreement(with: userAgentKey) } catch {
            throw .badSubscriptionKey
        }
        // RFC 8291 §3.4: IKM = HKDF(salt: auth, IKM: ECDH, info: "WebPush: info\0" ‖ ua_public ‖ as_public, 32).
        let keyInfo = Array("WebPush: info".utf8) + [0] + p256dh + serverPublic
        let ikm = shared.hkdfDerivedSymmetricKey(
            using: SHA256.self, salt: auth, sharedInfo: keyInfo, outputByteCount: 32)
        // RFC 8188 §2.2–2.3: the content-encryption key and the nonce from the message's salt.
        let cek = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: ikm, salt: salt, info: Array("Content-Encoding: aes128gcm".utf8) + [0],
            outputByteCount: 16)
        let nonceKey = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: ikm, salt: salt, info: Array("Content-Encoding: nonce".utf8) + [0], outputByteCount: 12)
        let nonceBytes = nonceKey.withUnsafeBytes { [UInt8]($0) }
        // The last (and only) record: the plaintext, the delimiter 0x02, then the padding.
        let record = plaintext + [2] + [UInt8](repeating: 0, count: padding)
        let sealed: AES.GCM.SealedBox
        do {
            sealed = try AES.GCM.seal(record, using: cek, nonce: try AES.GCM.Nonce(data: nonceBytes))
        } catch { throw .sealFailed }
        let size = UInt32(recordSize)
        let header =
            salt + [UInt8(size >> 24), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF)]
            + [UInt8(serverPublic.count)] + serverPublic
        return header + [UInt8](sealed.ciphertext) + [UInt8](sealed.tag)
    }

    /// 16 bytes from the system's random source.
    package static func randomSalt() -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }
}

/// Why a message could not be encrypted for a subscription.
package enum WebPushEncryptionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `p256dh` is not an uncompressed P-256 point (65 bytes, on the curve).
    case badSubscriptionKey
    /// `auth` is not 16 bytes.
    case badAuthSecret
    case badSalt
    /// The plaintext and padding exceed what one push message carries.
    case tooLarge(Int)
    case sealFailed

    package var description: String {
        switch self {
        case .badSubscriptionKey: "the subscription's p256dh key is not an uncompressed P-256 point (65 bytes)"
        case .badAuthSecret: "the subscription's auth secret is not 16 bytes"
        case .badSalt: "the salt is not 16 bytes"
        case .tooLarge(let count):
            "the message is \(count) bytes; one push message carries at most \(WebPushEncryption.maximumPlaintextBytes)"
        case .sealFailed: "AES-128-GCM could not seal the message"
        }
    }
}
