import CompanionAPI
import CompanionClaudeCode
import CompanionClient
import CompanionSidecar
import CompanionTestSupport
import Foundation
import Testing

extension RealClaudeSidecarSuites {
    /// Projects, external sessions and transcripts (S-02, S-11), `/health`, stats, authentication and bad input,
    /// with transcripts written by the real `claude` run directly in the sandbox (as a person would in a terminal).
    @Suite(.serialized) struct ClaudeBrowseEndToEndTests {
        struct ClaudeRunFailed: Error, CustomStringConvertible { let description: String }

        /// Runs `claude -p prompt` in `directory`, as a terminal session would; returns its session id.
        static func runClaudeDirectly(_ fixture: ClaudeAPIFixture, in directory: String, prompt: String) async throws
            -> String
        {
            let environment = fixture.sandbox.environment.mapValues { Optional($0) }
            let result = try await ProcessRunner.run(
                "/usr/bin/env",
                ["-C", directory, try ClaudeCLIBinary.locate(), "-p", "--output-format", "json"],
                input: prompt, environment: environment)
            guard result.status == 0, case .object(let object) = try result.json(),
                case .string(let id)? = object["session_id"]
            else { throw ClaudeRunFailed(description: result.description) }
            return id
        }

        /// S-02 and S-11: a session started outside the sidecar is listed as external and read-only, its
        /// transcript readable; its project has a stable id derived from the real path.
        @Test func externalSessionsAndProjects() async throws {
            let fixture = try ClaudeAPIFixture { request in .text("terminal answer to \(request.lastUserPrompt ?? "?")")
            }
            defer { fixture.remove() }
            let path = try fixture.sandbox.makeProject("my.app")
            let claudeID = try await Self.runClaudeDirectly(fixture, in: path, prompt: "from the terminal")
            try await fixture.live { live in
                let projects = try await live.client.projects()
                let project = try #require(projects.items.first { $0.path == path })
                #expect(project.id == ProjectID.forPath(path))
                #expect(project.name == "my.app" && project.sessionCount == 1)
                #expect(try await live.client.project(id: project.id) == project)

                let page = try await live.client.sessions()
                let external = try #require(page.items.first { $0.claudeSessionId == claudeID })
                #expect(external.source == .external && external.firstPrompt == "from the terminal")
                #expect(external.projectId == project.id)
                #expect(
                    try await live.client.projectSessions(id: project.id).items.map(\.claudeSessionId) == [claudeID])

                let scan = try await live.client.scanSessions()
                #expect(scan.items.map(\.claudeSessionId).contains(claudeID))
                let encoded = try #require(external.encodedProjectPath)
                let transcript = try await live.client.transcript(encodedProjectPath: encoded, sessionId: claudeID)
                #expect(
                    transcript.items.map(\.content) == ["from the terminal", "terminal answer to from the terminal"])

                // Read-only: a chat in it is refused before anything runs; a fork continues it.
                let requests = fixture.endpoint.messageRequests.count
                await #expect(throws: CompanionClientError.self) {
                    _ = try await live.client.chat(ChatStreamRequest(prompt: "more", sessionId: external.id))
                }
                #expect(fixture.endpoint.messageRequests.count == requests)
                let fork = try await live.client.forkSession(id: external.id)
                let forked = try await live.chat(ChatStreamRequest(prompt: "continue here", sessionId: fork.id))
                #expect(forked.events.streamedText == "terminal answer to continue here")
            }
        }

        @Test func healthReportsClaudeCodeAndStatsCountRealData() async throws {
            let fixture = try ClaudeAPIFixture { _ in .text("ok") }
            defer { fixture.remove() }
            let path = try fixture.sandbox.makeProject("counted")
            _ = try await Self.runClaudeDirectly(fixture, in: path, prompt: "one")
            try await fixture.live { live in
                let health = try await live.probe.get("/health").decode(HealthResponse.self)
                #expect(health.status == "ok" && health.claudeAvailable == true)
                #expect(health.claudeVersion?.isEmpty == false)
                let stats = try await live.client.stats()
                #expect(stats.projects.total == 1 && stats.sessions == SessionStat(total: 1, active: 0))
                let recent = try await live.client.recentSessions()
                #expect(recent.items.count == 1)
            }
        }

        /// Nothing under `/api/v1` answers without a signature or the Bearer key, and refusals use the envelope.
        @Test func everyRouteNeedsCredentials() async throws {
            let fixture = try ClaudeAPIFixture { _ in .text("ok") }
            defer { fixture.remove() }
            try await fixture.live { live in
                for path in ["/api/v1/projects", "/api/v1/sessions", "/api/v1/stats", "/api/v1/sessions/scan"] {
                    for headers in [
                        [:], ["Authorization": "Bearer wrong-key-0123456789abcdef"], ["Authorization": "Basic x"],
                    ] {
                        let reply = try await live.probe.get(path, headers: headers)
                        #expect(reply.status == 401, "\(path) \(headers)")
                        let envelope = try ClaudeAPIJSON.decode(APIResponse<DeletedResponse>.self, from: reply.body)
                        #expect(!envelope.success && envelope.error?.code == "UNAUTHORIZED")
                    }
                }
                let chat = try await live.probe.post(
                    "/api/v1/chat/stream", Data(#"{"prompt":"hi"}"#.utf8))
                #expect(chat.status == 401)
                #expect(fixture.endpoint.messageRequests.isEmpty)
                let ok = try await live.probe.get(
                    "/api/v1/projects", headers: ["Authorization": "Bearer \(ClaudeAPIFixture.apiKey)"])
                #expect(ok.status == 200)
            }
        }

        /// Transcript paths cannot leave the projects directory; unknown ids are 404; invalid options are refused
        /// before anything is spawned.
        @Test func badInputIsRefusedWithoutSideEffects() async throws {
            let fixture = try ClaudeAPIFixture { _ in .text("ok") }
            defer { fixture.remove() }
            let outside = fixture.sandbox.root.appendingPathComponent("secret.jsonl")
            try Data("{\"type\":\"user\"}\n".utf8).write(to: outside)
            try await fixture.live { live in
                let auth = ["Authorization": "Bearer \(ClaudeAPIFixture.apiKey)"]
                for path in [
                    "/api/v1/sessions/transcript/..%2F..%2F/secret", "/api/v1/sessions/transcript/../secret",
                    "/api/v1/sessions/transcript/%2Ftmp/secret", "/api/v1/sessions/transcript/..%2F..%2F..%2Fsecret/x",
                    "/api/v1/sessions/\(UUID().uuidString)", "/api/v1/sessions/not-a-uuid/messages",
                    "/api/v1/projects/\(UUID().uuidString)",
                ] {
                    let reply = try await live.probe.get(path, headers: auth)
                    #expect(reply.status == 404, "\(path): \(reply.status)")
                }
                for body in [
                    #"{"prompt":"hi","options":{"model":"sonnet; rm -rf /"}}"#,
                    #"{"prompt":"hi","options":{"model":"--dangerously-skip-permissions"}}"#,
                    #"{"prompt":"hi","options":{"permissionMode":"bypassPermissions"}}"#,
                    #"{"prompt":"hi","options":{"maxTurns":-3}}"#, #"{"prompt":"   "}"#, #"{"prompt":42}"#,
                ] {
                    let reply = try await live.probe.post("/api/v1/chat/stream", Data(body.utf8), headers: auth)
                    #expect(reply.status == 400, "\(body): \(reply.status)")
                }
                #expect(fixture.endpoint.messageRequests.isEmpty)
                let huge = Data(("{\"prompt\":\"" + String(repeating: "x", count: 1_200_000) + "\"}").utf8)
                #expect(try await live.probe.post("/api/v1/chat/stream", huge, headers: auth).status == 413)
            }
        }
    }
}
