import CompanionTestSupport
import Foundation
import Testing

extension DiscoveryEndToEndTests {
    /// The hook endpoint answers this machine's loopback only, whatever the sidecar binds: inside the confined LAN
    /// (which every machine with root has, unlike a LAN address, which a loopback-only CI machine lacks) a hook posted
    /// with the right secret to the sidecar's LAN address, so from a non-loopback peer, is refused; the same post over
    /// loopback is taken. (HookEndpointTests.aHookFromAnotherMachineIsRefused does this where the machine has a LAN.)
    @Test func aHookFromANonLoopbackPeerIsRefused() async throws {
        let lan = try await ConfinedLAN()
        defer { lan.remove() }
        let (sidecar, port) = try await Self.serve(lan, advertise: false)
        defer { sidecar.kill(SIGTERM) }
        let settings = lan.directory.appendingPathComponent("claude-settings.json")
        try Data("{}\n".utf8).write(to: settings)
        let install = try await CompanionCLI().run([
            "sidecar", "hooks", "install", "--port", String(port), "--settings", settings.path, "--data-dir",
            lan.directory.appendingPathComponent("sidecar").path,
        ])
        #expect(install.status == Exit.success, "\(install)")
        let document = try JSONSerialization.jsonObject(with: Data(contentsOf: settings)) as? [String: Any]
        let stop = ((document?["hooks"] as? [String: Any])?["Stop"] as? [[String: Any]])?.last
        let hook = (stop?["hooks"] as? [[String: Any]])?.first
        let secret = try #require((hook?["headers"] as? [String: String])?["X-Companion-Hook-Secret"], "\(hook ?? [:])")

        let body = #"{"hook_event_name":"UserPromptSubmit","session_id":"netns-1","cwd":"/w","prompt":"p"}"#
        func post(_ host: String) async throws -> String {
            let result = try await lan.run([
                "curl", "-s", "-o", "/dev/null", "-w", "%{http_code}", "-X", "POST", "-H",
                "X-Companion-Hook-Secret: \(secret)", "-H", "Content-Type: application/json", "--data", body,
                "http://\(host):\(port)/hooks/claude-code",
            ])
            return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        #expect(try await post(ConfinedLAN.address) == "403")
        #expect(try await post("127.0.0.1") == "200")
    }
}
