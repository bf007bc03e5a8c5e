import CompanionAPI
import CompanionCrypto
import CompanionTestSupport
import Foundation
import Testing

/// `companion sidecar serve`'s Web Push as a user runs it: the VAPID key lives in the sidecar's vault profile (the
/// phones' subscriptions name it, so it must survive restarts), `--push-hosts` cannot admit this machine, and
/// `--no-push` serves no push routes.
@Suite struct PushCLITests {
    static func vapidKey(_ sidecar: SidecarProcess, device: TestDevice, id: String) async throws -> HTTPReply {
        let path = "/companion/push/vapid"
        return try await HTTPProbe(baseURL: sidecar.baseURL).get(
            path, headers: device.signedHeaders(id: id, "GET", path, now: Date()))
    }

    @Test(.enabled(if: TestKeyring.isAvailable))
    func theVAPIDKeyIsKeptInTheSidecarsVaultAcrossRestarts() async throws {
        let first = try await SidecarProcess.start(
            SidecarOptions(arguments: ["--log-level", "warning"], identity: .vaultProfile))
        let device = TestDevice()
        let id = try await device.pair(HTTPProbe(baseURL: first.baseURL))
        let before = try await Self.vapidKey(first, device: device, id: id).decode(PushVAPIDKeyResponse.self)
        #expect(Base64URL.decode(before.publicKey)?.count == 65)
        #expect(try await first.terminate() == 0)
        let second = try await first.restart()
        defer { second.stop() }
        let after = try await Self.vapidKey(second, device: device, id: id).decode(PushVAPIDKeyResponse.self)
        #expect(after == before)
    }

    @Test func pushHostsCannotAdmitThisMachineAndNoPushServesNoRoutes() async throws {
        let sidecar = try await SidecarProcess.start(
            SidecarOptions(arguments: ["--log-level", "warning", "--push-hosts", "localhost"], identity: .ephemeral))
        defer { sidecar.stop() }
        let device = TestDevice()
        let probe = HTTPProbe(baseURL: sidecar.baseURL)
        let id = try await device.pair(probe)
        let keys = PushSubscriptionRequest.Keys(
            p256dh: "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4",
            auth: "BTBZMqHH6r4Tts7J_aSIgg")
        let body = try CompanionJSON.encode(
            PushSubscriptionRequest(endpoint: "https://localhost:\(sidecar.port)/push", keys: keys))
        let path = "/companion/push/subscriptions"
        let reply = try await probe.post(
            path, body, headers: device.signedHeaders(id: id, "POST", path, body: body, now: Date()))
        #expect(reply.status == 400, "\(String(decoding: reply.body, as: UTF8.self))")
        let error = try reply.decode(APIErrorResponse.self).error
        #expect(error.code == "push_endpoint_refused" && error.message.contains("loopback"), "\(error)")

        let off = try await SidecarProcess.start(
            SidecarOptions(arguments: ["--log-level", "warning", "--no-push"], identity: .ephemeral))
        defer { off.stop() }
        let offID = try await device.pair(HTTPProbe(baseURL: off.baseURL))
        #expect(try await Self.vapidKey(off, device: device, id: offID).status == 404)
        #expect(try await HTTPProbe(baseURL: off.baseURL).get("/health").decode(HealthResponse.self).push == nil)
    }
}
