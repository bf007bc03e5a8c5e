import CompanionCrypto
import Foundation
import Testing

@testable import CompanionAPI

/// Regression tests for what the request-verifier fuzz target (Fuzz/Sources/FuzzRequestVerifier) found.
struct RequestVerifierFuzzFindingsTests {
    let device = Ed25519KeyPair.generate()
    let now = Date(timeIntervalSince1970: 1_772_013_600)

    func authenticator() -> RequestAuthenticator {
        let key = device.publicKey
        let now = self.now
        return RequestAuthenticator(windowSeconds: 60, now: { now }, lookup: { $0 == "dev_1" ? key : nil })
    }

    func check(_ headers: [String: String], method: String = "POST") async -> Result<String, AuthenticationFailure> {
        await authenticator().authenticate(method: method, pathAndQuery: "/companion/disconnect", body: []) {
            headers[$0]
        }
    }

    func signed() -> [String: String] {
        RequestSigner(keyPair: device, deviceID: "dev_1")
            .headers(method: "POST", pathAndQuery: "/companion/disconnect", body: [], now: now)
    }

    /// Crash: `abs(now - timestamp)` trapped on overflow, so one unauthenticated header stopped the sidecar.
    @Test(arguments: ["-9223372036854775808", "-9223372036854775807", "9223372036854775807"])
    func extremeTimestampsAreStaleNotACrash(_ stamp: String) async {
        var headers = signed()
        headers[SignedRequestHeader.timestamp] = stamp
        #expect(await check(headers) == .failure(.staleTimestamp))
    }

    /// Unicode case mapping made "POſT" (long s) canonicalise to the signed "POST".
    @Test(arguments: ["POſT", "poſt", "PO\u{17F}T"])
    func unicodeLookAlikeMethodsAreRefused(_ method: String) async {
        #expect(await check(signed(), method: method) == .failure(.malformedHeaders))
        #expect(await check(signed(), method: "post") == .success("dev_1"))
    }

    /// "+1772…" and "01772…" parse to the signed timestamp but are not the text that was signed.
    @Test func nonCanonicalTimestampTextIsRefused() async {
        let headers = signed()
        let stamp = headers[SignedRequestHeader.timestamp]!
        for variant in ["+" + stamp, "0" + stamp] {
            var changed = headers
            changed[SignedRequestHeader.timestamp] = variant
            #expect(await check(changed) == .failure(.malformedHeaders))
        }
        #expect(await check(headers) == .success("dev_1"))
    }

    /// Not a finding: guards the separator check against CR LF, which is a single Swift `Character`.
    @Test func crlfInAnyFieldIsNotWellFormed() {
        func request(path: String = "/p", device: String = "d", nonce: String = "n") -> CanonicalRequest {
            CanonicalRequest(
                method: "GET", pathAndQuery: path, deviceID: device, timestampMillis: 1, nonce: nonce, body: [])
        }
        #expect(request().isWellFormed)
        #expect(!request(path: "/p\r\nX-Injected: 1").isWellFormed)
        #expect(!request(device: "d\r\n").isWellFormed)
        #expect(!request(nonce: "\r\nn").isWellFormed)
    }
}
