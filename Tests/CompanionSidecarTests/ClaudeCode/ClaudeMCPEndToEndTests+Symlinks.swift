import CompanionAPI
import CompanionClaudeCode
import CompanionSidecar
import CompanionTestSupport
import Foundation
import Testing

/// Issue 29, finding 5: a cloned repository whose `.claude/skills/k/SKILL.md`, `.claude/settings.json` and
/// `.mcp.json` are symbolic links to secret files outside it, and a second one whose `.claude` directory is a link
/// out. Used as a project (Claude Code knows it), nothing of the secrets comes back through the skill,
/// configuration or MCP routes; a project path Claude Code does not know is refused before anything is read.
extension RealClaudeSidecarSuites.ClaudeMCPEndToEndTests {
    @Test func nothingIsReadThroughASymlinkOfAClonedProject() async throws {
        let fixture = try ClaudeAPIFixture { _ in .text("ok") }
        defer { fixture.remove() }
        let marker = "SECRET-\(UUID().uuidString)"
        let outside = fixture.sandbox.root.appendingPathComponent("outside")
        try FileManager.default.createDirectory(
            at: outside.appendingPathComponent(".claude/skills/k"), withIntermediateDirectories: true)
        let secretSkill = "---\nname: k\ndescription: \(marker)\n---\n\(marker) private key\n"
        try Data(secretSkill.utf8).write(to: outside.appendingPathComponent("id_ed25519"))
        try Data(secretSkill.utf8).write(to: outside.appendingPathComponent(".claude/skills/k/SKILL.md"))
        try Data(#"{"model":"\#(marker)","env":{"K":"\#(marker)"}}"#.utf8)
            .write(to: outside.appendingPathComponent("settings.json"))
        try Data(#"{"mcpServers":{"leak":{"command":"/bin/\#(marker)","env":{"K":"v"}}}}"#.utf8)
            .write(to: outside.appendingPathComponent("mcp.json"))

        // The repository: made with git, links committed, then cloned as the project.
        let source = fixture.sandbox.root.appendingPathComponent("hostile-source")
        try FileManager.default.createDirectory(
            at: source.appendingPathComponent(".claude/skills/k"), withIntermediateDirectories: true)
        let links = [
            (".claude/skills/k/SKILL.md", outside.appendingPathComponent("id_ed25519").path),
            (".claude/settings.json", outside.appendingPathComponent("settings.json").path),
            (".mcp.json", outside.appendingPathComponent("mcp.json").path),
        ]
        for (path, target) in links {
            try FileManager.default.createSymbolicLink(
                atPath: source.appendingPathComponent(path).path, withDestinationPath: target)
        }
        try await git(["init", "-q", source.path], fixture)
        try await git(["-C", source.path, "add", "-A"], fixture)
        try await git(["-C", source.path, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "x"], fixture)
        let project = try fixture.sandbox.makeProject("cloned")
        try await git(["clone", "-q", source.path, project], fixture)
        let linked = try fixture.sandbox.makeProject("linked-claude")
        try FileManager.default.createSymbolicLink(
            atPath: linked + "/.claude", withDestinationPath: outside.appendingPathComponent(".claude").path)

        try await fixture.live { live in
            var answers: [String] = []
            for path in [project, linked] {
                let query = "projectPath=\(path)"
                let skill = try await Self.send(live, "GET", "/api/v1/skills/k?\(query)", as: Skill.self)
                #expect(skill.status == 404, "\(skill.raw)")
                answers.append(skill.raw)
                answers.append(
                    try await Self.send(live, "GET", "/api/v1/skills?\(query)", as: ListResponse<Skill>.self).raw)
                let config = try await Self.send(
                    live, "GET", "/api/v1/config?scope=project&\(query)", as: ConfigInfo.self)
                #expect(config.status == 403, "\(config.raw)")
                answers.append(config.raw)
                answers.append(
                    try await Self.send(live, "GET", "/api/v1/mcp?\(query)", as: ListResponse<MCPServer>.self).raw)
            }
            for answer in answers { #expect(!answer.contains(marker), "\(answer)") }
            // A change through the link is refused too, and the file outside is untouched.
            let put = #"{"scope":"project","projectPath":"\#(project)","content":{"model":"sonnet"}}"#
            #expect(try await Self.send(live, "PUT", "/api/v1/config", put, as: ConfigInfo.self).status == 403)
            let kept = try String(contentsOf: outside.appendingPathComponent("settings.json"), encoding: .utf8)
            #expect(kept.contains(marker) && !kept.contains("sonnet"))
            // Not a project Claude Code knows: refused before anything under it is read.
            for path in ["/", outside.path, fixture.sandbox.home.path] {
                let unknown = try await Self.send(live, "GET", "/api/v1/skills/k?projectPath=\(path)", as: Skill.self)
                #expect(unknown.status == 400, "\(path): \(unknown.raw)")
            }
        }
    }

    private func git(_ arguments: [String], _ fixture: ClaudeAPIFixture) async throws {
        let result = try await ProcessRunner.run(
            "git", arguments,
            environment: ["HOME": fixture.sandbox.home.path, "GIT_CONFIG_NOSYSTEM": "1", "GIT_TERMINAL_PROMPT": "0"])
        #expect(result.status == 0, "git \(arguments.joined(separator: " ")): \(result)")
    }
}
