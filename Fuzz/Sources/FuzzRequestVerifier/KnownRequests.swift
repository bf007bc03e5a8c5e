import CompanionAPI
import CompanionCrypto
import Foundation

/// A request as it reaches the verifier: method, path and query, the four signature headers, the body.
/// Every field is raw bytes so that the oracle compares exactly what was sent (Swift's `String ==` would treat
/// canonically equivalent Unicode as equal).
struct WireRequest: Equatable, CustomStringConvertible {
    var method: [UInt8]
    var path: [UInt8]
    var device: [UInt8]
    var timestamp: [UInt8]
    var nonce: [UInt8]
    var signature: [UInt8]
    var body: [UInt8]

    static let fieldCount = 7

    var fields: [[UInt8]] {
        get { [method, path, device, timestamp, nonce, signature, body] }
        set {
            (method, path, device, timestamp, nonce, signature, body) = (
                newValue[0], newValue[1], newValue[2],
                newValue[3], newValue[4], newValue[5], newValue[6]
            )
        }
    }

    var description: String {
        let names = ["method", "path", "device", "timestamp", "nonce", "signature", "body"]
        return zip(names, fields).map { "\($0)=\(String(decoding: $1, as: UTF8.self).debugDescription)" }
            .joined(separator: " ")
    }

    /// The fuzz input that replays this request unchanged (generic mode, all headers present).
    var seed: [UInt8] {
        [0x07] + fields.joined(separator: [0]).map { $0 }
    }
}

/// The fixed world of the verifier target: a clock, two paired devices, a revoked one, and requests they signed.
enum KnownRequests {
    /// The verifier's clock: the timestamp of TestVectors/auth/signed-request.json.
    static let nowMillis: Int64 = 1_772_013_600_000
    static let now = Date(timeIntervalSince1970: Double(nowMillis) / 1000)

    /// RFC 8032 test key 1 (the vector's device) and the vector's sidecar key, used here as a second device.
    static let deviceA = keyPair(
        seedHex: "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
        publicKeyBase64: "11qYAYKxCrfVS/7TyWQHOg7hcvPapiMlrwIaaPcHURo=")
    static let deviceB = keyPair(
        seedHex: "6c8b4535ccc87f19061c4646189e33d78f01c8b63dc4e3cb2f630b1796ee93b6",
        publicKeyBase64: "DYctDAOCvb+om+TRBEEbL8eK105iHDMhhnC0iOy5Jyo=")

    /// Device ids the sidecar trusts. "dev_revoked" was paired once and revoked: lookup returns nil.
    static let trusted: [String: Ed25519PublicKey] = ["dev_3f9a1c": deviceA.publicKey, "dev_b": deviceB.publicKey]

    /// Validly signed requests: the test vector, a GET with an empty body near the window's start, a request by
    /// the second device near the window's end, and one by the revoked device (never accepted).
    static let all: [WireRequest] = [
        signed(
            deviceA, "dev_3f9a1c", "POST", "/companion/disconnect?source=cli&x=%20y", nowMillis,
            "q2mFv0Hk3dR7b1xZc9WeLA", "{\"reason\":\"test\"}"),
        signed(
            deviceA, "dev_3f9a1c", "GET", "/companion/tasks?limit=20", nowMillis - 59_000, "AAAAAAAAAAAAAAAAAAAAAAAA",
            ""),
        signed(
            deviceB, "dev_b", "DELETE", "/companion/devices/dev_3f9a1c", nowMillis + 59_999, "n0nce-ZZZZ_ZZZZZZZZZZ",
            "{}"),
        signed(deviceA, "dev_revoked", "GET", "/companion/status", nowMillis, "revoked-revoked-revoked", ""),
    ]

    static func signed(
        _ key: Ed25519KeyPair, _ device: String, _ method: String, _ path: String, _ timestamp: Int64,
        _ nonce: String, _ body: String
    ) -> WireRequest {
        let canonical = CanonicalRequest(
            method: method, pathAndQuery: path, deviceID: device, timestampMillis: timestamp, nonce: nonce,
            body: Array(body.utf8))
        let signature = Data(key.sign(canonical.bytes)).base64EncodedString()
        return WireRequest(
            method: Array(method.utf8), path: Array(path.utf8), device: Array(device.utf8),
            timestamp: Array(String(timestamp).utf8), nonce: Array(nonce.utf8), signature: Array(signature.utf8),
            body: Array(body.utf8))
    }

    /// A key pair from an RFC 8032 seed and its public key (libsodium's secret key is seed ‖ public key).
    private static func keyPair(seedHex: String, publicKeyBase64: String) -> Ed25519KeyPair {
        let hex = Array(seedHex.utf8)
        let seed = stride(from: 0, to: hex.count, by: 2).map {
            UInt8(String(decoding: hex[$0..<$0 + 2], as: UTF8.self), radix: 16)!
        }
        let publicKey = Array(Data(base64Encoded: publicKeyBase64)!)
        do { return try Ed25519KeyPair(secretKey: SecureBytes(seed + publicKey)) } catch {
            fatalError("the fixed key pair is inconsistent: \(error)")
        }
    }
}
