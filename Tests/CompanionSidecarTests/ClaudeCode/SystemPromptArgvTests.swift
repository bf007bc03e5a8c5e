import CompanionAPI
import CompanionClient
import CompanionTestSupport
import Foundation
import Testing

extension RealClaudeSidecarSuites {
    /// Issue 29, finding 11: `--system-prompt`/`--append-system-prompt` are given to the real `claude` as files
    /// (0600 in a 0700 directory, removed after the run), never in an argv every local user can read.
    @Suite(.serialized) struct SystemPromptArgvTests {
        @Test func theSystemPromptsReachTheModelButNoProcesssArgv() async throws {
            let system = "system-sentinel-\(UUID().uuidString)"
            let appended = "appended-sentinel-\(UUID().uuidString)"
            let fixture = try ClaudeAPIFixture { _ in .stalling("Thinking it over.", after: 1) }
            defer { fixture.remove() }
            try await fixture.live { live in
                let stream = try await live.client.chat(
                    ChatStreamRequest(
                        prompt: "hello", options: ChatOptions(systemPrompt: system, appendSystemPrompt: appended)))
                let sessionID = try #require(stream.sessionID)
                // The model was asked: `claude` is running and has read its options.
                try await fixture.endpoint.waitForRequests { requests in
                    requests.contains { String(decoding: $0.body, as: UTF8.self).contains(system) }
                }
                let body = fixture.endpoint.messageRequests.map { String(decoding: $0.body, as: UTF8.self) }
                #expect(body.contains { $0.contains(system) && $0.contains(appended) }, "the model never saw both")
                var claudeSeen = false
                for (pid, argv) in Self.everyArgv() {
                    #expect(!argv.contains(system) && !argv.contains(appended), "the argv of \(pid) holds a prompt")
                    if argv.contains("--system-prompt-file") && argv.contains("--append-system-prompt-file") {
                        claudeSeen = true
                    }
                }
                #expect(claudeSeen, "no running claude was given the prompt files")
                let prompts = fixture.dataDirectory.appendingPathComponent("claude-runs/prompts")
                let runs = try FileManager.default.contentsOfDirectory(atPath: prompts.path)
                #expect(runs.count == 1)
                for run in runs {
                    let directory = prompts.appendingPathComponent(run)
                    #expect(try Self.mode(directory) == 0o700)
                    for file in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
                        #expect(try Self.mode(directory.appendingPathComponent(file)) == 0o600, "\(file)")
                    }
                }
                _ = try await live.client.cancelChat(sessionId: sessionID)
                for try await _ in stream.messages {}
                // Removed once the run ended (the stream's `done` comes after the run's end is recorded).
                #expect(try FileManager.default.contentsOfDirectory(atPath: prompts.path).isEmpty)
            }
        }

        /// Every process's argv (NUL-separated arguments joined with spaces) that this user can read.
        static func everyArgv() -> [(Int32, String)] {
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
            return entries.compactMap { name in
                guard let pid = Int32(name), let data = FileManager.default.contents(atPath: "/proc/\(name)/cmdline")
                else { return nil }
                return (pid, String(decoding: data.map { $0 == 0 ? 0x20 : $0 }, as: UTF8.self))
            }
        }

        static func mode(_ url: URL) throws -> Int {
            let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
            return (attributes[.posixPermissions] as? Int ?? -1) & 0o777
        }
    }
}
