import CompanionCrypto
import Foundation

/// The headers that authenticate a request from a paired device (see SECURITY.md, "Signed requests").
public enum SignedRequestHeader {
    /// The device id the sidecar assigned at pairing.
    public static let device = "X-Companion-Device"
    /// Milliseconds since the Unix epoch, decimal.
    public static let timestamp = "X-Companion-Timestamp"
    /// At least 128 random bits, base64url; never reused within the acceptance window.
    public static let nonce = "X-Companion-Nonce"
    /// Ed25519 signature of the canonical request, base64.
    public static let signature = "X-Companion-Signature"
}

/// The canonical form of a request that a device signs and the sidecar verifies.
///
/// ```text
/// COMPANIONKIT-REQUEST-V1\n
/// <METHOD>\n                 uppercase, e.g. GET
/// <path?query>\n             exactly as sent on the request line, percent-encoding untouched
/// <device id>\n
/// <timestamp>\n              decimal milliseconds since the Unix epoch
/// <nonce>\n
/// <sha256(body) as lowercase hex>   the empty body hashes to e3b0c442…b855
/// ```
/// The bytes are the UTF-8 encoding of that text, with `\n` (0x0A) separators and no trailing newline.
public struct CanonicalRequest: Sendable, Equatable {
    public static let domain = "COMPANIONKIT-REQUEST-V1"

    public var method: String
    public var pathAndQuery: String
    public var deviceID: String
    public var timestampMillis: Int64
    public var nonce: String
    public var bodySHA256Hex: String

    public init(
        method: String, pathAndQuery: String, deviceID: String, timestampMillis: Int64, nonce: String,
        body: [UInt8]
    ) {
        // ASCII only: Unicode case mapping would equate other methods with signed ones ("poſt" uppercases to POST).
        self.method = String(decoding: method.utf8.map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 }, as: UTF8.self)
        self.pathAndQuery = pathAndQuery
        self.deviceID = deviceID
        self.timestampMillis = timestampMillis
        self.nonce = nonce
        self.bodySHA256Hex = body.isEmpty ? Self.emptyBodySHA256Hex : Self.lowercaseHex(SHA256.hash(body))
    }

    /// The exact bytes that are signed.
    public var bytes: [UInt8] {
        let fields = [Self.domain, method, pathAndQuery, deviceID, String(timestampMillis), nonce, bodySHA256Hex]
        return Array(fields.joined(separator: "\n").utf8)
    }

    /// True when no field could smuggle a separator into the signed text and the method is an HTTP token
    /// (RFC 9110), so no Unicode look-alike of a method can stand for it.
    public var isWellFormed: Bool {
        let fields = [method, pathAndQuery, deviceID, nonce]
        return fields.allSatisfy { !$0.isEmpty && !$0.utf8.contains(0x0A) && !$0.utf8.contains(0x0D) }
            && method.utf8.allSatisfy(Self.tokenBytes.contains)
    }

    /// SHA-256 of the empty body (most signed requests are GETs).
    static let emptyBodySHA256Hex = lowercaseHex(SHA256.hash([]))

    /// `bytes` as lowercase hexadecimal (on the hot path of every signed request: no formatting calls).
    static func lowercaseHex(_ bytes: [UInt8]) -> String {
        let digits: [UInt8] = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// RFC 9110 `tchar`: the bytes an HTTP method may contain.
    private static let tokenBytes = Set(
        "!#$%&'*+-.^_`|~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".utf8)
}

/// Signs requests on the companion side.
public struct RequestSigner: Sendable {
    private let keyPair: Ed25519KeyPair
    private let deviceID: String

    public init(keyPair: Ed25519KeyPair, deviceID: String) {
        self.keyPair = keyPair
        self.deviceID = deviceID
    }

    /// The four authentication headers for a request, at time `now` with a fresh nonce.
    public func headers(method: String, pathAndQuery: String, body: [UInt8], now: Date = Date()) -> [String: String] {
        let timestamp = Int64((now.timeIntervalSince1970 * 1000).rounded(.down))
        let nonce = SecureRandom.token(byteCount: 18)
        let canonical = CanonicalRequest(
            method: method, pathAndQuery: pathAndQuery, deviceID: deviceID,
            timestampMillis: timestamp, nonce: nonce, body: body)
        let signature = keyPair.sign(canonical.bytes)
        return [
            SignedRequestHeader.device: deviceID,
            SignedRequestHeader.timestamp: String(timestamp),
            SignedRequestHeader.nonce: nonce,
            SignedRequestHeader.signature: Data(signature).base64EncodedString(),
        ]
    }
}
