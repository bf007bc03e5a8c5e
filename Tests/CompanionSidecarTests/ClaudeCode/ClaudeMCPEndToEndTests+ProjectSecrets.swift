import CompanionAPI
import CompanionClaudeCode
import CompanionSidecar
import CompanionTestSupport
import Foundation
import Testing

/// Issue 29, finding 11: a project's `.mcp.json` is shared with everyone who reads the project (usually committed
/// to git, written 0644), so the project scope refuses literal env and header values (400) and takes `${VARIABLE}`
/// references, which Claude Code expands from its environment.
extension RealClaudeSidecarSuites.ClaudeMCPEndToEndTests {
    @Test func theProjectScopeRefusesLiteralSecrets() async throws {
        let fixture = try ClaudeAPIFixture { _ in .text("ok") }
        defer { fixture.remove() }
        let project = try fixture.sandbox.makeProject("committed")
        let shared = URL(fileURLWithPath: project).appendingPathComponent(".mcp.json")
        let secret = "sk-project-\(UUID().uuidString)"
        try await fixture.live { live in
            let literalEnv = """
                {"name":"keyed","command":"/bin/cat","scope":"project","projectPath":"\(project)",
                 "env":{"API_TOKEN":"\(secret)"}}
                """
            let refused = try await Self.send(live, "POST", "/api/v1/mcp", literalEnv, as: MCPServer.self)
            #expect(refused.status == 400 && refused.envelope.error?.code == "BAD_REQUEST", "\(refused.raw)")
            #expect(refused.raw.contains("${VARIABLE}") && !refused.raw.contains(secret))
            #expect(!FileManager.default.fileExists(atPath: shared.path))

            let literalHeader = """
                {"name":"remote","type":"http","url":"https://mcp.example.test/mcp","scope":"project",
                 "projectPath":"\(project)","headers":{"Authorization":"Bearer \(secret)"}}
                """
            let header = try await Self.send(live, "POST", "/api/v1/mcp", literalHeader, as: MCPServer.self)
            #expect(header.status == 400, "\(header.raw)")

            let referenced = literalEnv.replacingOccurrences(of: secret, with: "${API_TOKEN}")
            let added = try await Self.send(live, "POST", "/api/v1/mcp", referenced, as: MCPServer.self)
            #expect(added.status == 200, "\(added.raw)")
            // An edit that puts a literal value back is refused too, and the file keeps the reference.
            let edited = try await Self.send(
                live, "PUT", "/api/v1/mcp/keyed", literalEnv, as: MCPServer.self)
            #expect(edited.status == 400, "\(edited.raw)")
            let written = try String(contentsOf: shared, encoding: .utf8)
            #expect(written.contains("${API_TOKEN}") && !written.contains(secret))
            // The local scope (the user's own ~/.claude.json, 0600) takes the literal value.
            let local = literalEnv.replacingOccurrences(of: #""scope":"project""#, with: #""scope":"local""#)
            #expect(try await Self.send(live, "POST", "/api/v1/mcp", local, as: MCPServer.self).status == 200)
        }
    }
}
