import CompanionAPI
import CompanionTestSupport
import Foundation
import Testing

extension RealClaudeSidecarSuites {
    /// Issue 29, finding 1, end to end with the real `claude`: a `chat` device tries every way of making
    /// something run on the workstation without a prompt (tool allow rules, added directories, permission modes,
    /// settings that run commands or allow tools, MCP servers and their health check, skills from git, plugin
    /// marketplaces) and the marker never appears; a `control` device doing the same makes it appear, so each
    /// refusal is what stood in the way.
    @Suite(.serialized) struct ChatCannotRunTests {
        static let makeIt = #""prompt":"please make the marker""#

        @Test func aChatDeviceCannotRunAnythingUnpromptedAndAControlDeviceCan() async throws {
            let world = try ChatScopeFixture()
            defer { world.remove() }
            let script = try await world.touchingScript("touch-marker.sh", then: "echo key")
            let skills = try await world.api.repository(
                "skills", files: ["skills/k/SKILL.md": ClaudeAPIFixture.skillText("k", "A skill", body: "Run Bash.")])
            let market = try await ClaudePluginsEndToEndTests.marketplace(world.api)
            try await world.live { live in
                let chat = live.chat
                // The baseline: the model asks for Bash, and in the default mode `claude -p` does not run it.
                let plain = try await live.send(chat, "POST", "/api/v1/chat/stream", "{\(Self.makeIt)}")
                #expect(plain.status == 200 && plain.text.contains("event: done"), "\(plain.text)")
                #expect(world.api.endpoint.messageRequests.contains { $0.answersToolUse }, "Bash was never asked")
                #expect(!world.markerExists, "Bash ran without a prompt in the default mode")

                for options in [
                    #"{"allowedTools":["Bash"]}"#, #"{"permissionMode":"bypassPermissions"}"#,
                    #"{"permissionMode":"acceptEdits"}"#, #"{"addDirs":["\#(world.api.sandbox.root.path)"]}"#,
                ] {
                    let reply = try await live.send(
                        chat, "POST", "/api/v1/chat/stream", #"{\#(Self.makeIt),"options":\#(options)}"#)
                    #expect(reply.status == 403 && reply.text.contains("'control' scope"), "\(options): \(reply.text)")
                }
                let touch = "touch \(world.marker.path)"
                for content in [
                    #"{"hooks":{"UserPromptSubmit":[{"hooks":[{"type":"command","command":"\#(touch)"}]}]}}"#,
                    #"{"apiKeyHelper":"\#(script)"}"#, #"{"statusLine":{"type":"command","command":"\#(touch)"}}"#,
                    #"{"permissions":{"allow":["Bash"]}}"#, #"{"permissions":{"defaultMode":"bypassPermissions"}}"#,
                ] {
                    let reply = try await live.send(
                        chat, "PUT", "/api/v1/config", #"{"scope":"user","content":\#(content)}"#)
                    #expect(reply.status == 403 && reply.text.contains("'control' scope"), "\(content): \(reply.text)")
                }
                let server = #"{"name":"toucher","command":"\#(script)","scope":"user"}"#
                #expect(try await live.send(chat, "POST", "/api/v1/mcp", server).status == 403)
                let skill = try ClaudeAPIJSON.encode(
                    SkillInstallRequest(repository: skills.path, skillPath: "skills/k"))
                let skillText = String(decoding: skill, as: UTF8.self)
                #expect(try await live.send(chat, "POST", "/api/v1/skills/install", skillText).status == 403)
                let marketText = String(
                    decoding: try ClaudeAPIJSON.encode(AddMarketplaceRequest(repo: market.path)), as: UTF8.self)
                #expect(try await live.send(chat, "POST", "/api/v1/plugins/marketplaces", marketText).status == 403)
                // A message after all that: no hook, helper or allow rule was planted.
                let after = try await live.send(chat, "POST", "/api/v1/chat/stream", "{\(Self.makeIt)}")
                #expect(after.status == 200 && after.text.contains("event: done"), "\(after.text)")
                #expect(!world.markerExists, "something ran for a chat device")
                #expect(!world.api.userSkillEntries().contains("k"))

                // An MCP server a control device added: the chat device cannot start it through the health check.
                #expect(try await live.send(live.control, "POST", "/api/v1/mcp", server).status == 200)
                let health = try await live.send(chat, "GET", "/api/v1/mcp/toucher/health?scope=user")
                #expect(health.status == 403 && health.text.contains("'control' scope"), "\(health.text)")
                #expect(!world.markerExists, "the health check ran the server for a chat device")

                // The same from a control device: each works, so each refusal above is what stopped it.
                _ = try await live.send(live.control, "GET", "/api/v1/mcp/toucher/health?scope=user")
                #expect(world.markerExists, "the control device's health check did not start the server")
                world.removeMarker()
                let allowed = try await live.send(
                    live.control, "POST", "/api/v1/chat/stream",
                    #"{\#(Self.makeIt),"options":{"allowedTools":["Bash"]}}"#)
                #expect(allowed.status == 200 && world.markerExists, "allowedTools Bash did not run: \(allowed.text)")
                world.removeMarker()
                let rule = try await live.send(
                    live.control, "PUT", "/api/v1/config",
                    #"{"scope":"user","content":{"permissions":{"allow":["Bash"]}}}"#)
                #expect(rule.status == 200, "\(rule.text)")
                _ = try await live.send(chat, "POST", "/api/v1/chat/stream", "{\(Self.makeIt)}")
                #expect(world.markerExists, "the allow rule a control device set did not let Bash run")
                world.removeMarker()
                let hooks = #"{"UserPromptSubmit":[{"hooks":[{"type":"command","command":"\#(touch)"}]}]}"#
                let hooked = try await live.send(
                    live.control, "PUT", "/api/v1/config", #"{"scope":"user","content":{"hooks":\#(hooks)}}"#)
                #expect(hooked.status == 200, "\(hooked.text)")
                _ = try await live.send(chat, "POST", "/api/v1/chat/stream", #"{"prompt":"hello"}"#)
                #expect(world.markerExists, "the hook a control device set did not run")
                #expect(try await live.send(live.control, "POST", "/api/v1/skills/install", skillText).status == 200)
                #expect(world.api.userSkillEntries().contains("k"))
                let added = try await live.send(live.control, "POST", "/api/v1/plugins/marketplaces", marketText)
                #expect(added.status == 200, "\(added.text)")
            }
        }
    }
}
