import CompanionCrypto
import Foundation
import Testing

@testable import CompanionAPI

/// Unit tests of signed-request verification: every field is covered by the signature, replays and stale
/// timestamps are refused, unknown or revoked devices are refused.
struct RequestAuthenticatorTests {
    final class Clock: @unchecked Sendable {
        var now = Date(timeIntervalSince1970: 1_772_013_600)
    }

    let device = Ed25519KeyPair.generate()
    let clock = Clock()

    func authenticator(trusted: Bool = true) -> RequestAuthenticator {
        let key = device.publicKey
        let clock = self.clock
        return RequestAuthenticator(
            windowSeconds: 60, now: { clock.now },
            lookup: { id in
                trusted && id == "dev_1" ? key : nil
            })
    }

    func signed(
        _ method: String = "POST", _ path: String = "/companion/disconnect", body: [UInt8] = Array("{}".utf8),
        at date: Date? = nil
    ) -> [String: String] {
        RequestSigner(keyPair: device, deviceID: "dev_1")
            .headers(method: method, pathAndQuery: path, body: body, now: date ?? clock.now)
    }

    func check(
        _ auth: RequestAuthenticator, _ headers: [String: String], method: String = "POST",
        path: String = "/companion/disconnect", body: [UInt8] = Array("{}".utf8)
    ) async
        -> Result<String, AuthenticationFailure>
    {
        await auth.authenticate(method: method, pathAndQuery: path, body: body) { name in
            headers.first { $0.key.lowercased() == name.lowercased() }?.value
        }
    }

    @Test func acceptsAFreshSignedRequestOnce() async {
        let auth = authenticator()
        let headers = signed()
        #expect(await check(auth, headers) == .success("dev_1"))
        #expect(await check(auth, headers) == .failure(.replayedNonce))
    }

    @Test func refusesTamperedMethodPathBodyTimestampOrSignature() async {
        let auth = authenticator()
        let headers = signed()
        #expect(await check(auth, headers, method: "DELETE") == .failure(.badSignature))
        #expect(await check(auth, headers, path: "/companion/devices/dev_2") == .failure(.badSignature))
        #expect(await check(auth, headers, body: Array("{\"a\":1}".utf8)) == .failure(.badSignature))
        var stamp = headers
        stamp[SignedRequestHeader.timestamp] = String(Int64(headers[SignedRequestHeader.timestamp]!)! + 1)
        #expect(await check(auth, stamp) == .failure(.badSignature))
        var signature = headers
        var bytes = Array(Data(base64Encoded: headers[SignedRequestHeader.signature]!)!)
        bytes[10] ^= 0x01
        signature[SignedRequestHeader.signature] = Data(bytes).base64EncodedString()
        #expect(await check(auth, signature) == .failure(.badSignature))
        // The untampered request still passes: failures did not burn its nonce.
        #expect(await check(auth, headers) == .success("dev_1"))
    }

    @Test func refusesClockSkewBeyondTheWindow() async {
        let auth = authenticator()
        #expect(await check(auth, signed(at: clock.now.addingTimeInterval(-61))) == .failure(.staleTimestamp))
        #expect(await check(auth, signed(at: clock.now.addingTimeInterval(61))) == .failure(.staleTimestamp))
        #expect(await check(auth, signed(at: clock.now.addingTimeInterval(-59))) == .success("dev_1"))
    }

    @Test func refusesUnknownOrRevokedDevicesAndMissingHeaders() async {
        #expect(await check(authenticator(trusted: false), signed()) == .failure(.unknownDevice))
        #expect(await check(authenticator(), [:]) == .failure(.missingHeaders))
        var malformed = signed()
        malformed[SignedRequestHeader.signature] = "not base64!"
        #expect(await check(authenticator(), malformed) == .failure(.malformedHeaders))
    }

    @Test func anotherDevicesKeyCannotSignForThisDevice() async {
        let forged = RequestSigner(keyPair: Ed25519KeyPair.generate(), deviceID: "dev_1")
            .headers(method: "POST", pathAndQuery: "/companion/disconnect", body: Array("{}".utf8), now: clock.now)
        #expect(await check(authenticator(), forged) == .failure(.badSignature))
    }

    @Test func nonceCacheForgetsOnlyOutsideTheWindow() {
        var cache = NonceCache(windowMillis: 60_000)
        let first = cache.insert(deviceID: "d", nonce: "n", timestampMillis: 0, nowMillis: 0)
        let replay = cache.insert(deviceID: "d", nonce: "n", timestampMillis: 0, nowMillis: 60_000)
        let otherDevice = cache.insert(deviceID: "e", nonce: "n", timestampMillis: 0, nowMillis: 60_000)
        #expect(first && !replay && otherDevice)
        _ = cache.insert(deviceID: "d", nonce: "m", timestampMillis: 200_000, nowMillis: 200_000)
        #expect(cache.count == 1)
    }
}
