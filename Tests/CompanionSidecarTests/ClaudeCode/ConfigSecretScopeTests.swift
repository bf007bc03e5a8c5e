import CompanionAPI
import CompanionAgents
import CompanionSidecar
import CompanionTestSupport
import Foundation
import Testing

extension RealClaudeSidecarSuites {
    /// Issue 29, findings 9 and 6: what `GET /api/v1/config` shows a `read` device, and where `PUT /api/v1/mcp`
    /// may send a stored secret back to.
    @Suite(.serialized) struct ConfigSecretScopeTests {
        /// An HTTP hook's token (in its `headers`) is masked for a `read` device as `env` values are, beside the
        /// companion's own command hooks (which carry no secret); a form that sends the masks back keeps it.
        @Test func aReadDeviceNeverSeesTheHookSecret() async throws {
            let world = try ChatScopeFixture()
            defer { world.remove() }
            try await world.live { live in
                let settings = world.api.sandbox.settingsFile
                let token = "user-hook-token-\(UUID().uuidString)"
                let own =
                    #"{"hooks":{"Stop":[{"hooks":[{"type":"http","url":"http://127.0.0.1:9/x","#
                    + #""headers":{"Authorization":"Bearer \#(token)"}}]}]}}"#
                try Data(own.utf8).write(to: settings)
                let installer = ClaudeHookInstaller(
                    settingsPath: settings.path, stateDirectory: world.api.dataDirectory.path)
                let hook = ClaudeHookInstaller.hookCommand(
                    executable: "/usr/local/bin/companion",
                    socketPath: world.api.dataDirectory.appendingPathComponent("owner.sock").path)
                _ = try installer.install(command: hook)

                let reader = try await ChatScopeFixture.Device.register("dashboard", scopes: [.read], in: live.sidecar)
                let shown = try await live.send(reader, "GET", "/api/v1/config?scope=user")
                #expect(shown.status == 200, "\(shown.text)")
                #expect(!shown.text.contains(token), "a read device sees a hook's token")
                #expect(shown.text.contains("Authorization") && shown.text.contains("••••"))

                // A control device's form sends the hooks back as shown: the stored values are kept.
                let content = try #require(try shown.envelope(ConfigInfo.self).data?.content)
                guard case .object(let members) = content, let hooks = members["hooks"] else {
                    Issue.record("no hooks in \(shown.text)")
                    return
                }
                let body = try ClaudeAPIJSON.encode(
                    UpdateConfigRequest(scope: "user", content: .object(["hooks": hooks])))
                let put = try await live.send(
                    live.control, "PUT", "/api/v1/config", String(decoding: body, as: UTF8.self))
                #expect(put.status == 200 && !put.text.contains(token), "\(put.text)")
                let written = try String(contentsOf: settings, encoding: .utf8)
                #expect(written.contains(token) && !written.contains("••••"))
                #expect(try installer.status().isComplete)
            }
        }

        /// A masked MCP env value goes back to the stored server only while its command, args and url are kept; an
        /// `admin` device may keep it with a new command, recorded in the audit log as a reveal.
        @Test func maskedMCPSecretsStayWithTheirCommand() async throws {
            let world = try ChatScopeFixture()
            defer { world.remove() }
            let secret = "sk-mcp-\(UUID().uuidString)"
            let script = try await world.touchingScript("server.sh")
            let state = world.api.sandbox.configDirectory.appendingPathComponent(".claude.json")
            try await world.live { live in
                let admin = try await ChatScopeFixture.Device.register(
                    "admin", scopes: DeviceScope.all, in: live.sidecar)
                let add = #"{"name":"s","command":"\#(script)","env":{"TOKEN":"\#(secret)"},"scope":"user"}"#
                let added = try await live.send(live.control, "POST", "/api/v1/mcp", add)
                #expect(added.status == 200, "\(added.text)")
                let masked = try #require(try added.envelope(MCPServer.self).data?.env?["TOKEN"])
                #expect(masked.hasPrefix("••••"))

                let elsewhere =
                    #"{"name":"s","command":"/bin/sh","args":["-c","echo $TOKEN"],"#
                    + #""env":{"TOKEN":"\#(masked)"},"scope":"user"}"#
                let moved = try await live.send(live.control, "PUT", "/api/v1/mcp/s", elsewhere)
                #expect(moved.refuses(.admin, naming: "command, args or url"), "\(moved.status) \(moved.text)")
                let kept = try String(contentsOf: state, encoding: .utf8)
                #expect(kept.contains(script) && kept.contains(secret) && !kept.contains("echo $TOKEN"))

                let same =
                    #"{"name":"s","command":"\#(script)","env":{"TOKEN":"\#(masked)","EXTRA":"1"},"scope":"user"}"#
                #expect(try await live.send(live.control, "PUT", "/api/v1/mcp/s", same).status == 200)
                let auditBefore = try await live.sidecar.registry.auditLog().count
                let byAdmin = try await live.send(admin, "PUT", "/api/v1/mcp/s", elsewhere)
                #expect(byAdmin.status == 200, "\(byAdmin.text)")
                let now = try String(contentsOf: state, encoding: .utf8)
                #expect(now.contains("echo $TOKEN") && now.contains(secret))
                let audit = try await live.sidecar.registry.auditLog()
                #expect(audit.count > auditBefore)
                let row = try #require(audit.last { $0.event == .mcpSecretRevealed })
                #expect(row.deviceId == admin.id && row.detail?.contains("new command") == true)
                #expect(row.detail?.contains(secret) == false)
            }
        }
    }
}
