import CompanionCrypto
import Foundation
import Testing

/// Hex and base64 of keys and digests, against Foundation's and the format's definitions.
@Suite struct EncodingTests {
    static func bytes(_ secure: SecureBytes) -> [UInt8] { secure.withUnsafeBytes { Array($0) } }

    @Test(arguments: [0, 1, 2, 3, 31, 32, 33, 64])
    func secureEncodingsMatchFoundationsAndHaveNoTerminator(length: Int) {
        let raw = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        let secret = SecureBytes(raw)
        let hex = raw.map { byte in
            let text = String(byte, radix: 16)
            return text.count == 1 ? "0" + text : text
        }.joined()
        #expect(Self.bytes(secret.hexEncoded()) == Array(hex.utf8))
        #expect(HexEncoding.lowercase(raw) == hex)
        #expect(Self.bytes(secret.base64Encoded()) == Array(Data(raw).base64EncodedString().utf8))
    }

    @Test func prefixCopiesAtMostWhatThereIs() {
        let secret = SecureBytes([1, 2, 3, 4])
        #expect(Self.bytes(secret.prefix(2)) == [1, 2])
        #expect(Self.bytes(secret.prefix(9)) == [1, 2, 3, 4])
        #expect(secret.prefix(0).count == 0)
        // A copy: changing it leaves the original alone.
        let copy = secret.prefix(4)
        copy.withUnsafeMutableBytes { $0[0] = 9 }
        #expect(Self.bytes(secret) == [1, 2, 3, 4])
    }

    @Test func hexOfADigestIsLowercaseAndTwoDigitsPerByte() {
        #expect(HexEncoding.lowercase([0x00, 0x0f, 0xa0, 0xff]) == "000fa0ff")
        #expect(
            HexEncoding.lowercase(SHA256.hash(Array("abc".utf8)))
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }
}
