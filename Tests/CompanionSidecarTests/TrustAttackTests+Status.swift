import CompanionAPI
import CompanionCrypto
import CompanionSidecar
import CompanionTestSupport
import Foundation
import Testing

/// `GET /companion/status` stays open, but a signed one is checked: forged, replayed and revoked signatures are
/// refused, a valid one counts as the device being seen.
extension TrustAttackTests {
    @Test func signedStatusIsCheckedAndUnsignedStaysOpen() async throws {
        try await live { probe in
            let device = TestDevice()
            let id = try await pair(device, probe: probe)
            #expect(try await probe.get("/companion/status").status == 200, "open without a signature")
            clock.advance(by: 3)
            let headers = signed(device, id: id, "GET", "/companion/status")
            let answer = try await probe.get("/companion/status", headers: headers)
            #expect(answer.status == 200)
            let seen = try answer.decode(CompanionStatusResponse.self).connectedDevice?.lastSeenAt
            #expect(seen.map { abs($0.timeIntervalSince(clock.now)) < 0.01 } == true, "the device was seen now")
            #expect(try await probe.get("/companion/status", headers: headers).status == 401, "replay")
            let forged = signed(TestDevice(), id: id, "GET", "/companion/status")
            #expect(try await probe.get("/companion/status", headers: forged).status == 401, "a stranger's key")
            var partial = signed(device, id: id, "GET", "/companion/status")
            partial.removeValue(forKey: SignedRequestHeader.signature)
            #expect(try await probe.get("/companion/status", headers: partial).status == 401, "incomplete")

            let path = "/companion/devices/\(id)"
            #expect(try await probe.send("DELETE", path, headers: signed(device, id: id, "DELETE", path)).status == 200)
            let revoked = try await probe.get(
                "/companion/status", headers: signed(device, id: id, "GET", "/companion/status"))
            #expect(revoked.status == 401 && revoked.errorCode == "unauthorized")
            #expect(String(decoding: revoked.body, as: UTF8.self).contains("revoked"))
        }
    }
}
