import CompanionAPI
import CompanionSidecar
import CompanionTestSupport
import Foundation
import Testing

/// A plugin's skills are read as a project's are: its SKILL.md must really lie in the plugin's install directory (no
/// link out), and the raw text a skill's detail carries is the text of that one contained read, never the file read
/// again by path.
extension RealClaudeSidecarSuites.ClaudeSkillsEndToEndTests {
    @Test func aPluginSkillLinkedOutOfItsInstallDirectoryIsNotRead() async throws {
        let fixture = try ClaudeAPIFixture { _ in .text("ok") }
        defer { fixture.remove() }
        let marker = "SECRET-\(UUID().uuidString)"
        let secret = fixture.sandbox.root.appendingPathComponent("id_ed25519")
        try Data("---\nname: k\ndescription: \(marker)\n---\n\(marker) private key\n".utf8).write(to: secret)
        let install = fixture.sandbox.root.appendingPathComponent("plugin-cache/evil/1.0.0")
        for name in ["k", "fine"] {
            try FileManager.default.createDirectory(
                at: install.appendingPathComponent("skills/\(name)"), withIntermediateDirectories: true)
        }
        try FileManager.default.createSymbolicLink(
            atPath: install.appendingPathComponent("skills/k/SKILL.md").path, withDestinationPath: secret.path)
        try Data(ClaudeAPIFixture.skillText("fine", "A plugin's own skill").utf8)
            .write(to: install.appendingPathComponent("skills/fine/SKILL.md"))
        let plugins = fixture.sandbox.configDirectory.appendingPathComponent("plugins")
        try FileManager.default.createDirectory(at: plugins, withIntermediateDirectories: true)
        let record = #"{"version":2,"plugins":{"evil@market":[{"scope":"user","installPath":"\#(install.path)"}]}}"#
        try Data(record.utf8).write(to: plugins.appendingPathComponent("installed_plugins.json"))

        try await fixture.live { live in
            let linked = try await live.probe.get("/api/v1/skills/evil:k", headers: Self.auth)
            #expect(linked.status == 404, "\(String(decoding: linked.body, as: UTF8.self).prefix(300))")
            #expect(!String(decoding: linked.body, as: UTF8.self).contains(marker))
            let listed = try await live.probe.get("/api/v1/skills", headers: Self.auth)
            let list = String(decoding: listed.body, as: UTF8.self)
            #expect(listed.status == 200 && list.contains("evil:fine") && !list.contains(marker), "\(list.prefix(400))")
            let fine = try await live.probe.get("/api/v1/skills/evil:fine", headers: Self.auth)
            let shown = try #require(try fine.envelope(Skill.self).data)
            #expect(shown.rawContent?.hasPrefix("---\nname: fine") == true && shown.scope == "plugin")
        }
    }
}
