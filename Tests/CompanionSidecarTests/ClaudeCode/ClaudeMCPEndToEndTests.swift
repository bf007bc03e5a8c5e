import CompanionAPI
import CompanionClaudeCode
import CompanionSidecar
import CompanionTestSupport
import Foundation
import Testing

extension RealClaudeSidecarSuites {
    /// S-07 (MCP servers), S-08 and S-12 (configuration) through raw HTTP with the Bearer key and the ILS
    /// envelope, against a real sidecar whose Claude Code is the real `claude` in a sandbox; every change checked
    /// with the real `claude mcp get`/`list` or by reading the file Claude Code reads.
    @Suite(.serialized) struct ClaudeMCPEndToEndTests {
        static let auth = ["Authorization": "Bearer \(ClaudeAPIFixture.apiKey)"]

        static func send<T: Codable & Sendable>(
            _ live: ClaudeAPIFixture.Live, _ method: String, _ path: String, _ body: String? = nil,
            as type: T.Type = T.self
        ) async throws -> (status: Int, envelope: APIResponse<T>, raw: String) {
            let reply = try await live.probe.send(
                method, path, body: body.map { Data($0.utf8) }, headers: auth)
            let envelope = try ClaudeAPIJSON.decode(APIResponse<T>.self, from: reply.body)
            return (reply.status, envelope, String(decoding: reply.body, as: UTF8.self))
        }

        static func claude(_ fixture: ClaudeAPIFixture, _ arguments: [String], in directory: String? = nil)
            async throws -> ProcessRunner.Result
        {
            try await ProcessRunner.run(
                "/usr/bin/env",
                ["-C", directory ?? fixture.sandbox.root.path, try ClaudeCLIBinary.locate()] + arguments,
                environment: fixture.sandbox.environment.mapValues { Optional($0) })
        }

        /// S-07: list, add (stdio with env), show with masked env, edit (mask round-tripped keeps the value),
        /// health (a real MCP server, handshake, tools), reveal (audited), delete.
        @Test func s07ManagesMCPServersInClaudeCodesOwnFiles() async throws {
            let fixture = try ClaudeAPIFixture { _ in .text("ok") }
            defer { fixture.remove() }
            let script = try await MCPTestServer.install(in: fixture.sandbox.root)
            let secret = "sk-mcp-\(UUID().uuidString)"
            try await fixture.live { live in
                // 1. The list (empty).
                let empty = try await Self.send(live, "GET", "/api/v1/mcp", as: ListResponse<MCPServer>.self)
                #expect(empty.status == 200 && empty.envelope.success && empty.envelope.data?.items.isEmpty == true)

                // 2–3. Add: name, command, args, env.
                let body = """
                    {"name":"tester","command":"\(MCPTestServer.python)","args":["\(script)"],
                     "env":{"MCP_TEST_TOKEN":"\(secret)"},"scope":"user"}
                    """
                let added = try await Self.send(live, "POST", "/api/v1/mcp", body, as: MCPServer.self)
                #expect(added.status == 200, "\(added.raw)")
                let server = try #require(added.envelope.data)
                #expect(server.name == "tester" && server.scope == .user && server.args == [script])
                #expect(server.env?["MCP_TEST_TOKEN"]?.hasPrefix("••••") == true)
                #expect(!added.raw.contains(secret))
                let got = try await Self.claude(fixture, ["mcp", "get", "tester"])
                #expect(got.status == 0 && got.stdout.contains("MCP_TEST_TOKEN=\(secret)"))

                let list = try await Self.send(live, "GET", "/api/v1/mcp", as: ListResponse<MCPServer>.self)
                #expect(list.envelope.data?.items.map(\.name) == ["tester"] && !list.raw.contains(secret))
                // Never checked: counted, not counted as healthy.
                let before = try await Self.send(live, "GET", "/api/v1/stats", as: StatsResponse.self)
                #expect(before.envelope.data?.mcpServers == MCPStat(total: 1, healthy: 0), "\(before.raw)")

                // 4. Edit: the form sends the masked value back unchanged, and new args.
                let masked = try #require(server.env?["MCP_TEST_TOKEN"])
                let edit = """
                    {"name":"tester","command":"\(MCPTestServer.python)","args":["\(script)","--verbose"],
                     "env":{"MCP_TEST_TOKEN":"\(masked)","EXTRA":"1"},"scope":"user"}
                    """
                let edited = try await Self.send(live, "PUT", "/api/v1/mcp/tester", edit, as: MCPServer.self)
                #expect(edited.status == 200 && edited.envelope.data?.args == [script, "--verbose"], "\(edited.raw)")
                #expect(!edited.raw.contains(secret), "the edit's answer holds the secret")
                let shown = try await Self.send(live, "GET", "/api/v1/mcp/tester", as: MCPServer.self)
                #expect(shown.status == 200 && !shown.raw.contains(secret), "GET /mcp/tester holds the secret")
                let afterEdit = try await Self.claude(fixture, ["mcp", "get", "tester"])
                #expect(afterEdit.stdout.contains("MCP_TEST_TOKEN=\(secret)") && afterEdit.stdout.contains("EXTRA=1"))

                // Health: the server is started and the handshake completed; its tools are listed.
                let health = try await Self.send(
                    live, "GET", "/api/v1/mcp/tester/health", as: MCPHealthResponse.self)
                let report = try #require(health.envelope.data)
                #expect(report.status == .healthy, "\(health.raw)")
                #expect(
                    report.tools?.map(\.name) == ["echo", "token_present"]
                        && report.serverName == "companion-test-server")
                #expect(!health.raw.contains(secret))
                let after = try await Self.send(live, "GET", "/api/v1/stats", as: StatsResponse.self)
                #expect(after.envelope.data?.mcpServers == MCPStat(total: 1, healthy: 1), "\(after.raw)")

                // Reveal: the values, recorded in the audit log (which names the server, never the value).
                let revealed = try await Self.send(
                    live, "POST", "/api/v1/mcp/tester/reveal?scope=user", as: MCPRevealResponse.self)
                #expect(revealed.envelope.data?.env["MCP_TEST_TOKEN"] == secret)
                let audit = try await live.sidecar.registry.auditLog()
                let row = try #require(audit.last { $0.event == .mcpSecretRevealed })
                #expect(row.detail?.contains("tester") == true && row.detail?.contains(secret) == false)

                // 5. Delete.
                let deleted = try await Self.send(
                    live, "DELETE", "/api/v1/mcp/tester?scope=user", as: DeletedResponse.self)
                #expect(deleted.status == 200 && deleted.envelope.data?.deleted == true)
                #expect(try await Self.claude(fixture, ["mcp", "get", "tester"]).status != 0)
                let gone = try await Self.send(live, "GET", "/api/v1/mcp/tester", as: MCPServer.self)
                #expect(gone.status == 404 && gone.envelope.error?.code == "NOT_FOUND")
            }
        }

        /// A server named `--help` (a valid name for Claude Code) is added and deleted over HTTP, the delete
        /// reaching `claude mcp remove` as a name: the server is gone afterwards, and a second delete is a 404.
        @Test func aNameLikeAnOptionIsDeletedForReal() async throws {
            let fixture = try ClaudeAPIFixture { _ in .text("ok") }
            defer { fixture.remove() }
            try await fixture.live { live in
                for name in ["--help", "-x"] {
                    let body = #"{"name":"\#(name)","command":"/bin/cat","scope":"user"}"#
                    let added = try await Self.send(live, "POST", "/api/v1/mcp", body, as: MCPServer.self)
                    #expect(added.status == 200 && added.envelope.data?.name == name, "\(added.raw)")
                    #expect(try await Self.claude(fixture, ["mcp", "get", "--", name]).status == 0)
                    let shown = try await Self.send(live, "GET", "/api/v1/mcp/\(name)", as: MCPServer.self)
                    #expect(shown.status == 200 && shown.envelope.data?.command == "/bin/cat", "\(shown.raw)")

                    let deleted = try await Self.send(
                        live, "DELETE", "/api/v1/mcp/\(name)?scope=user", as: DeletedResponse.self)
                    #expect(deleted.status == 200 && deleted.envelope.data?.deleted == true, "\(deleted.raw)")
                    #expect(try await Self.claude(fixture, ["mcp", "get", "--", name]).status != 0)
                    let list = try await Self.send(live, "GET", "/api/v1/mcp", as: ListResponse<MCPServer>.self)
                    #expect(list.envelope.data?.items.isEmpty == true, "\(list.raw)")
                    let again = try await Self.send(
                        live, "DELETE", "/api/v1/mcp/\(name)?scope=user", as: DeletedResponse.self)
                    #expect(again.status == 404, "\(again.raw)")
                }
            }
        }

        /// Local and project scopes address a project; bad names, unknown scopes and missing projects are 400s.
        @Test func projectScopesAndBadInput() async throws {
            let fixture = try ClaudeAPIFixture { _ in .text("ok") }
            defer { fixture.remove() }
            let project = try fixture.sandbox.makeProject("shared")
            try await fixture.live { live in
                let local = """
                    {"name":"loc","command":"/bin/cat","scope":"local","projectPath":"\(project)"}
                    """
                #expect(try await Self.send(live, "POST", "/api/v1/mcp", local, as: MCPServer.self).status == 200)
                let remote = """
                    {"name":"remote","type":"http","url":"https://mcp.example.test/mcp","scope":"project",
                     "projectPath":"\(project)","headers":{"Authorization":"Bearer ${HIDDEN_HEADER_VALUE}"}}
                    """
                let added = try await Self.send(live, "POST", "/api/v1/mcp", remote, as: MCPServer.self)
                #expect(added.status == 200 && !added.raw.contains("HIDDEN_HEADER_VALUE"), "\(added.raw)")
                let shared = try JSONValue.parse(
                    try Data(contentsOf: URL(fileURLWithPath: project).appendingPathComponent(".mcp.json")))
                #expect(shared["mcpServers"]?["remote"]?["url"]?.stringValue == "https://mcp.example.test/mcp")
                let list = try await Self.claude(fixture, ["mcp", "list"], in: project)
                #expect(list.stdout.contains("loc:") && list.stdout.contains("remote:"))

                let scoped = try await Self.send(
                    live, "GET", "/api/v1/mcp?scope=local&projectPath=\(project)", as: ListResponse<MCPServer>.self)
                #expect(scoped.envelope.data?.items.map(\.name) == ["loc"])
                // The stats count every scope, not only the user's.
                let stats = try await Self.send(live, "GET", "/api/v1/stats", as: StatsResponse.self)
                #expect(stats.envelope.data?.mcpServers.total == 2, "\(stats.raw)")
                // A remote server is not contacted: its health is unknown (not unhealthy), and no header leaks.
                let remoteHealth = try await Self.send(
                    live, "GET", "/api/v1/mcp/remote/health?scope=project&projectPath=\(project)",
                    as: MCPHealthResponse.self)
                #expect(remoteHealth.envelope.data?.status == .unknown, "\(remoteHealth.raw)")
                #expect(!remoteHealth.raw.contains("HIDDEN_HEADER_VALUE"))
                let shownRemote = try await Self.send(
                    live, "GET", "/api/v1/mcp/remote?scope=project&projectPath=\(project)", as: MCPServer.self)
                #expect(shownRemote.status == 200 && !shownRemote.raw.contains("HIDDEN_HEADER_VALUE"))

                for bad in [
                    #"{"name":"bad name","command":"x"}"#, #"{"name":"../x","command":"x"}"#,
                    #"{"name":"ok","command":"x","scope":"local"}"#, #"{"name":"ok","command":"x","scope":"galaxy"}"#,
                    #"{"name":"ok","type":"http","url":"ftp://x"}"#, #"{"name":"ok"}"#,
                    #"{"name":"ok","command":"x","scope":"project","projectPath":"/nonexistent/dir"}"#,
                ] {
                    let reply = try await Self.send(live, "POST", "/api/v1/mcp", bad, as: MCPServer.self)
                    #expect(reply.status == 400 && reply.envelope.error?.code == "BAD_REQUEST", "\(bad): \(reply.raw)")
                }
                let duplicate = try await Self.send(live, "POST", "/api/v1/mcp", local, as: MCPServer.self)
                #expect(duplicate.status == 409)
            }
        }
    }
}
