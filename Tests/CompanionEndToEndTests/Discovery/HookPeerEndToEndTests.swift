import CompanionTestSupport
import Foundation
import Testing

extension DiscoveryEndToEndTests {
    /// No hook is taken over TCP, whatever the sidecar binds: inside the confined LAN (which every machine with root
    /// has, unlike a LAN address, which a loopback-only CI machine lacks) a hook event posted to the sidecar's LAN
    /// address or to loopback is 404; hooks arrive over the owner socket (`companion hook`), which `hooks install`
    /// registers. (HookEndpointTests.aHookFromAnotherMachineIsRefused does this where the machine has a LAN.) The
    /// LAN listener serves HTTPS, reached with the pin the sidecar announced.
    @Test func aHookFromANonLoopbackPeerIsRefused() async throws {
        let lan = try await ConfinedLAN()
        defer { lan.remove() }
        let (sidecar, port, announcement) = try await Self.announced(lan, advertise: false)
        let pin = try #require(announcement["tlsPin"]?.stringValue)
        defer { sidecar.kill(SIGTERM) }
        let settings = lan.directory.appendingPathComponent("claude-settings.json")
        try Data("{}\n".utf8).write(to: settings)
        let install = try await CompanionCLI().run([
            "sidecar", "hooks", "install", "--settings", settings.path, "--data-dir",
            lan.directory.appendingPathComponent("sidecar").path,
        ])
        #expect(install.status == Exit.success, "\(install)")
        let text = String(decoding: try Data(contentsOf: settings), as: UTF8.self)
        #expect(text.contains(" hook --socket ") && !text.contains("\"url\""), "\(text)")

        let body = #"{"hook_event_name":"UserPromptSubmit","session_id":"netns-1","cwd":"/w","prompt":"p"}"#
        func post(_ base: String) async throws -> String {
            let result = try await lan.run([
                "curl", "-s", "-k", "--pinnedpubkey", pin, "-o", "/dev/null", "-w", "%{http_code}", "-X", "POST",
                "-H", "Content-Type: application/json", "--data", body, "\(base):\(port)/hooks/claude-code",
            ])
            return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        #expect(try await post("https://\(ConfinedLAN.address)") == "404")
        #expect(try await post("http://127.0.0.1") == "404")
    }
}
