import CompanionAPI
import CompanionClaudeCode
import CompanionSidecar
import CompanionTestSupport
import Foundation
import Testing

/// S-08 and S-12 (configuration): Claude Code's settings files through the sidecar, every other key kept and
/// `env` values masked like MCP env.
extension RealClaudeSidecarSuites.ClaudeMCPEndToEndTests {
    /// S-08 and S-12: read the user's settings, change the default model, switch to the project scope;
    /// unknown keys are kept, bad values refused, a malformed file reported and left as it is.
    /// `env` in settings.json (variables Claude Code sets, often API keys) is masked in every answer, like MCP
    /// env; sending the mask back keeps the stored value, a wrong mask is refused, the audited reveal is the one
    /// answer with the value, and the value never reaches the sidecar's data directory.
    @Test func settingsEnvValuesAreMaskedAndKeptThroughTheirMask() async throws {
        let fixture = try ClaudeAPIFixture { _ in .text("ok") }
        defer { fixture.remove() }
        let secret = "sk-settings-\(UUID().uuidString)"
        let userSettings = fixture.sandbox.configDirectory.appendingPathComponent("settings.json")
        try Data(#"{"model":"opus","env":{"ANTHROPIC_API_KEY":"\#(secret)","DEBUG":"1"}}"#.utf8)
            .write(to: userSettings)
        try await fixture.live { live in
            let read = try await Self.send(live, "GET", "/api/v1/config?scope=user", as: ConfigInfo.self)
            #expect(read.status == 200 && !read.raw.contains(secret), "\(read.raw)")
            guard case .object(let content)? = read.envelope.data?.content,
                case .object(let env)? = content["env"], case .string(let masked)? = env["ANTHROPIC_API_KEY"]
            else {
                Issue.record("no env in \(read.raw)")
                return
            }
            #expect(masked.hasPrefix("••••") && env["DEBUG"] != .string("1"))

            // The form sends the masked env back with one new variable: the stored value stays.
            let put = #"{"scope":"user","content":{"env":{"ANTHROPIC_API_KEY":"\#(masked)","NEW":"x"}}}"#
            let saved = try await Self.send(live, "PUT", "/api/v1/config", put, as: ConfigInfo.self)
            #expect(saved.status == 200 && !saved.raw.contains(secret), "\(saved.raw)")
            let file = try JSONValue.parse(try Data(contentsOf: userSettings))
            #expect(file["env"]?["ANTHROPIC_API_KEY"]?.stringValue == secret)
            #expect(file["env"]?["NEW"]?.stringValue == "x" && file["env"]?["DEBUG"] == nil)

            // A mask that is not the stored value's is refused, and nothing is written.
            let wrong = #"{"scope":"user","content":{"env":{"ANTHROPIC_API_KEY":"••••000000000000"}}}"#
            let refused = try await Self.send(live, "PUT", "/api/v1/config", wrong, as: ConfigInfo.self)
            #expect(refused.status == 400, "\(refused.raw)")
            let after = try JSONValue.parse(try Data(contentsOf: userSettings))
            #expect(after["env"]?["ANTHROPIC_API_KEY"]?.stringValue == secret)

            // The explicit reveal (admin scope) is the one answer with the value, recorded in the audit log
            // first, which counts the values and never holds one.
            let revealed = try await Self.send(
                live, "POST", "/api/v1/config/reveal?scope=user", as: ConfigRevealResponse.self)
            #expect(revealed.status == 200, "\(revealed.raw)")
            #expect(revealed.envelope.data?.env == ["ANTHROPIC_API_KEY": secret, "NEW": "x"])
            let audit = try await live.sidecar.registry.auditLog()
            let row = try #require(audit.last { $0.event == .configSecretRevealed })
            #expect(row.detail?.contains("2 env values") == true && row.detail?.contains(secret) == false)
        }
        // Nothing the sidecar keeps (its database, audit log, state) holds the value.
        #expect(filesContaining([Array(secret.utf8)], under: fixture.dataDirectory).isEmpty)
    }

    @Test func s08AndS12ChangeSettingsKeepingEveryOtherKey() async throws {
        let fixture = try ClaudeAPIFixture { _ in .text("ok") }
        defer { fixture.remove() }
        let project = try fixture.sandbox.makeProject("configured")
        let userSettings = fixture.sandbox.configDirectory.appendingPathComponent("settings.json")
        try Data(#"{"model":"opus","futureKey":{"nested":[1,true]},"permissions":{"allow":["Bash(ls)"]}}"#.utf8)
            .write(to: userSettings)
        try await fixture.live { live in
            let user = try await Self.send(live, "GET", "/api/v1/config?scope=user", as: ConfigInfo.self)
            #expect(user.status == 200 && user.envelope.data?.path == userSettings.path)
            guard case .object(let content)? = user.envelope.data?.content else {
                Issue.record("no content: \(user.raw)")
                return
            }
            #expect(content["model"] == .string("opus"))

            let saved = try await Self.send(
                live, "PUT", "/api/v1/config", #"{"scope":"user","content":{"model":"haiku"}}"#,
                as: ConfigInfo.self)
            #expect(saved.status == 200, "\(saved.raw)")
            let file = try JSONValue.parse(try Data(contentsOf: userSettings))
            #expect(file["model"]?.stringValue == "haiku")
            #expect(file["futureKey"]?["nested"]?.arrayValue?.count == 2)
            #expect(file["permissions"]?["allow"]?.arrayValue?.first?.stringValue == "Bash(ls)")
            // The real CLI runs with the new default model.
            let run = try await Self.claude(
                fixture, ["-p", "hi", "--output-format", "stream-json", "--verbose"], in: project)
            #expect(run.stdout.contains("\"model\":\"haiku\"") || run.stdout.contains("claude-haiku"), "\(run)")

            // S-12: the project scope.
            let before = try await Self.send(
                live, "GET", "/api/v1/config?scope=project&projectPath=\(project)", as: ConfigInfo.self)
            #expect(before.status == 200 && before.envelope.data?.content == .object([:]))
            let put = """
                {"scope":"project","projectPath":"\(project)","content":{"permissions":{"deny":["Bash(rm:*)"]}}}
                """
            #expect(try await Self.send(live, "PUT", "/api/v1/config", put, as: ConfigInfo.self).status == 200)
            let projectFile = URL(fileURLWithPath: project).appendingPathComponent(".claude/settings.json")
            #expect(try JSONValue.parse(try Data(contentsOf: projectFile))["permissions"]?["deny"] != nil)

            for bad in [
                #"{"scope":"user","content":{"model":7}}"#, #"{"scope":"user","content":[1]}"#,
                #"{"scope":"galaxy","content":{}}"#, #"{"scope":"project","content":{"model":"x"}}"#,
            ] {
                let reply = try await Self.send(live, "PUT", "/api/v1/config", bad, as: ConfigInfo.self)
                #expect(reply.status == 400, "\(bad): \(reply.raw)")
            }
            #expect(try JSONValue.parse(try Data(contentsOf: userSettings))["model"]?.stringValue == "haiku")

            // A malformed file: reported on read, refused on write, left byte for byte.
            let broken = Data(#"{"model": "opus",,}"#.utf8)
            try broken.write(to: userSettings)
            let read = try await Self.send(live, "GET", "/api/v1/config?scope=user", as: ConfigInfo.self)
            #expect(read.envelope.data?.isValid == false && read.envelope.data?.errors?.isEmpty == false)
            let write = try await Self.send(
                live, "PUT", "/api/v1/config", #"{"scope":"user","content":{"model":"haiku"}}"#,
                as: ConfigInfo.self)
            #expect(write.status == 409 && write.envelope.error?.message.contains("left unchanged") == true)
            #expect(try Data(contentsOf: userSettings) == broken)
        }
    }
}
