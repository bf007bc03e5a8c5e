import CompanionTestSupport
import Foundation
import Testing

extension RealClaudeCLISuites {
    /// S-11 step 4 / AC-10.5 on a terminal ("New Session" in a project: `companion chat --new --project ID`) and
    /// `companion sessions delete` (`DELETE /api/v1/sessions/{id}`) end to end, against a real sidecar and the real
    /// `claude`: the session runs in that project's directory and is listed under it only; deleting it forgets it
    /// and keeps Claude Code's transcript.
    @Suite(.serialized, .timeLimit(.minutes(5)))
    struct ProjectSessionsCLITests {
        @Test func aNewSessionInAProjectRunsThereAndDeletingItForgetsIt() async throws {
            let world = try await ChatCLITests.world { request in .text("answer to \(request.lastUserPrompt ?? "?")") }
            defer { world.stop() }
            // Two projects Claude Code knows: `claude` run once in each, as in a terminal.
            var paths: [String] = []
            for name in ["alpha", "beta"] {
                let path = try world.sandbox.makeProject(name)
                let direct = try await ProcessRunner.run(
                    "/usr/bin/env", ["-C", path, try ClaudeCLIBinary.locate(), "-p"], input: "open \(name)",
                    environment: world.sandbox.environment.mapValues { Optional($0) })
                #expect(direct.status == 0, "\(direct)")
                paths.append(path)
            }
            let ids = try await Self.projectIDs(world.cli, paths: paths)
            let (alpha, beta) = (ids[0], ids[1])

            let chat = try await world.cli.run(["chat", "--new", "--project", beta, "--name", "In beta", "where am I?"])
            #expect(chat.status == Exit.success && chat.stdout == "answer to where am I?\n", "\(chat)")
            let (_, sessions) = try await world.cli.json(["sessions", "list"])
            let session = try #require(
                sessions["items"]?.arrayValue?.first { $0["name"]?.stringValue == "In beta" }, "\(sessions)")
            let id = try #require(session["id"]?.stringValue?.lowercased())
            #expect(session["projectId"]?.stringValue?.lowercased() == beta, "\(session)")
            // The real claude ran in beta's directory: its system prompt to the model names it, not alpha's.
            let request = try #require(world.endpoint.messageRequests.last { $0.lastUserPrompt == "where am I?" })
            let body = String(decoding: request.body, as: UTF8.self)
            #expect(body.contains(paths[1]) && !body.contains(paths[0]))
            let claudeID = try #require(session["claudeSessionId"]?.stringValue, "\(session)")
            let transcript = world.sandbox.transcript(sessionID: claudeID, projectPath: paths[1])
            #expect(FileManager.default.fileExists(atPath: transcript.path))
            #expect(try await world.cli.run(["projects", "show", beta]).stdout.contains(id))
            #expect(try await !world.cli.run(["projects", "show", alpha]).stdout.contains(id))

            let deleted = try await world.cli.run(["sessions", "delete", id])
            #expect(deleted.status == Exit.success && deleted.stdout == "Deleted \(id)\n", "\(deleted)")
            let shown = try await world.cli.run(["sessions", "show", id])
            #expect(shown.status != Exit.success && shown.stderr.contains("no session"), "\(shown)")
            #expect(try await !world.cli.run(["projects", "show", beta]).stdout.contains(id))
            // Claude Code's transcript stays (docs/claude-code.md): deleting forgets the sidecar's session only.
            #expect(FileManager.default.fileExists(atPath: transcript.path))
            let again = try await world.cli.run(["sessions", "delete", id])
            #expect(again.status != Exit.success && again.stderr.contains("no session"), "\(again)")
        }

        /// The ids `companion projects` gives the projects at `paths` (lowercased), once the sidecar's index lists
        /// them all (it indexes the transcripts claude wrote in the background).
        static func projectIDs(_ cli: CompanionCLI, paths: [String]) async throws -> [String] {
            let deadline = Date().addingTimeInterval(TestDeadline.seconds)
            while true {
                let (_, projects) = try await cli.json(["projects"])
                var byPath: [String: String] = [:]
                for item in projects["items"]?.arrayValue ?? [] {
                    if let path = item["path"]?.stringValue, let id = item["id"]?.stringValue {
                        byPath[path] = id.lowercased()
                    }
                }
                let ids = paths.compactMap { byPath[$0] }
                if ids.count == paths.count { return ids }
                try #require(Date() < deadline, "the projects \(paths) were never listed: \(projects)")
                try await Task.sleep(for: .milliseconds(100))
            }
        }
    }
}
