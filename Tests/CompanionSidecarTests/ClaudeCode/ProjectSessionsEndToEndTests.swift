import CompanionAPI
import CompanionClaudeCode
import CompanionClient
import CompanionTestSupport
import Foundation
import Testing

extension RealClaudeSidecarSuites {
    /// Sessions in projects (S-04, S-11 step 4 / AC-10.5) and `DELETE /api/v1/sessions/{id}`, end to end: the real
    /// `claude` runs in the project's directory, its transcript lands under that project, and the project's session
    /// list shows it.
    @Suite(.serialized) struct ProjectSessionsEndToEndTests {
        /// Two projects Claude Code knows (each opened once in a terminal), with their ids.
        static func twoProjects(_ fixture: ClaudeAPIFixture) async throws -> [(path: String, id: UUID)] {
            var projects: [(path: String, id: UUID)] = []
            for name in ["alpha", "beta"] {
                let path = try fixture.sandbox.makeProject(name)
                _ = try await ClaudeBrowseEndToEndTests.runClaudeDirectly(fixture, in: path, prompt: "open \(name)")
                projects.append((path, ProjectID.forPath(path)))
            }
            return projects
        }

        /// Waits until the sidecar's index lists every project of `ids` (it indexes the transcripts Claude Code wrote
        /// in the background; a loaded run once sent the chat before the second project was indexed: 404).
        static func waitUntilListed(_ ids: [UUID], _ live: ClaudeAPIFixture.Live) async throws {
            let deadline = Date().addingTimeInterval(TestDeadline.seconds)
            while Set(try await live.client.projects().items.map(\.id)).isSuperset(of: ids) == false {
                try #require(Date() < deadline, "the projects \(ids) were never listed")
                try await Task.sleep(for: .milliseconds(50))
            }
        }

        /// The body of the model request that carried `prompt` (the CLI's system prompt names its working
        /// directory).
        static func requestBody(_ fixture: ClaudeAPIFixture, prompt: String) throws -> String {
            let request = try #require(fixture.endpoint.messageRequests.last { $0.lastUserPrompt == prompt })
            return String(decoding: request.body, as: UTF8.self)
        }

        /// S-04: two sessions in two projects answering at the same time do not mix: each answer, session,
        /// transcript and working directory is its own project's.
        @Test func concurrentChatsInTwoProjectsDoNotMix() async throws {
            let fixture = try ClaudeAPIFixture { request in
                .text("reply for \(request.lastUserPrompt ?? "?")", pieces: 8, delayBetweenDeltas: 0.02)
            }
            defer { fixture.remove() }
            let projects = try await Self.twoProjects(fixture)
            let (alpha, beta) = (projects[0], projects[1])
            try await fixture.live { live in
                try await Self.waitUntilListed([alpha.id, beta.id], live)
                async let a = live.chat(ChatStreamRequest(prompt: "project A", projectId: alpha.id))
                async let b = live.chat(ChatStreamRequest(prompt: "project B", projectId: beta.id))
                let (first, second) = try await (a, b)
                #expect(first.events.streamedText == "reply for project A")
                #expect(second.events.streamedText == "reply for project B")
                #expect(first.sessionID != second.sessionID)
                for (chat, project, other, prompt) in [
                    (first, alpha, beta, "project A"), (second, beta, alpha, "project B"),
                ] {
                    let session = try await live.client.session(id: try #require(chat.sessionID))
                    #expect(session.projectId == project.id)
                    let claudeID = try #require(session.claudeSessionId)
                    #expect(
                        FileManager.default.fileExists(
                            atPath: fixture.sandbox.transcript(sessionID: claudeID, projectPath: project.path).path))
                    #expect(
                        !FileManager.default.fileExists(
                            atPath: fixture.sandbox.transcript(sessionID: claudeID, projectPath: other.path).path))
                    let body = try Self.requestBody(fixture, prompt: prompt)
                    #expect(body.contains(project.path) && !body.contains(other.path))
                }
            }
        }

        /// S-11 step 4 / AC-10.5: "New Session in Project" (`POST /sessions` with the project's id) runs in that
        /// project and is listed under it and no other; `DELETE /sessions/{id}` then forgets it (the transcript
        /// stays, as docs/claude-code.md says) and a second delete is a 404.
        @Test func aSessionCreatedInAProjectRunsThereAndDeletingItForgetsIt() async throws {
            let fixture = try ClaudeAPIFixture { request in .text("answer to \(request.lastUserPrompt ?? "?")") }
            defer { fixture.remove() }
            let projects = try await Self.twoProjects(fixture)
            let (alpha, beta) = (projects[0], projects[1])
            try await fixture.live { live in
                try await Self.waitUntilListed([alpha.id, beta.id], live)
                let created = try await live.client.createSession(
                    CreateSessionRequest(projectId: beta.id, name: "In beta"))
                #expect(created.projectId == beta.id)
                let chat = try await live.chat(ChatStreamRequest(prompt: "where am I?", sessionId: created.id))
                #expect(chat.events.streamedText == "answer to where am I?")
                #expect(try Self.requestBody(fixture, prompt: "where am I?").contains(beta.path))
                let claudeID = try #require(try await live.client.session(id: created.id).claudeSessionId)
                let transcript = fixture.sandbox.transcript(sessionID: claudeID, projectPath: beta.path)
                #expect(FileManager.default.fileExists(atPath: transcript.path))
                #expect(try await live.client.projectSessions(id: beta.id).items.map(\.id).contains(created.id))
                #expect(try await !live.client.projectSessions(id: alpha.id).items.map(\.id).contains(created.id))

                #expect(try await live.client.deleteSession(id: created.id).deleted)
                let gone = try await live.probe.get(
                    "/api/v1/sessions/\(created.id.uuidString)",
                    headers: ["Authorization": "Bearer \(ClaudeAPIFixture.apiKey)"])
                #expect(gone.status == 404)
                #expect(try await !live.client.sessions().items.contains { $0.id == created.id && $0.source == .ils })
                #expect(try await !live.client.projectSessions(id: beta.id).items.map(\.id).contains(created.id))
                #expect(FileManager.default.fileExists(atPath: transcript.path))
                let again = try await live.probe.send(
                    "DELETE", "/api/v1/sessions/\(created.id.uuidString)",
                    headers: ["Authorization": "Bearer \(ClaudeAPIFixture.apiKey)"])
                #expect(again.status == 404)
            }
        }
    }
}
