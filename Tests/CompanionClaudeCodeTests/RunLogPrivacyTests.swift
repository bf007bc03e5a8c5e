import CompanionClaudeCode
import CompanionTestSupport
import Foundation
import Logging
import Testing

extension RealClaudeSuites {
    /// Prompts and answers never reach the supervisor's log: every message and metadata value it logs during a run,
    /// a cancel and a failure is checked.
    @Suite struct RunLogPrivacyTests {
        @Test func noPromptOrAnswerTextIsLogged() async throws {
            let claude = try RealClaude { request in
                request.lastUserPrompt == "PROMPT-SECRET-one"
                    ? .text("ANSWER-SECRET-one") : .stalling("ANSWER-SECRET-two", after: 1)
            }
            defer { claude.tearDown() }
            let project = try claude.sandbox.makeProject("kappa")
            let recorder = LogRecorder()
            let logger = Logger(label: "test.claude.runs") { _ in recorder }
            let supervisor = try ClaudeRunSupervisor(
                executable: claude.executable, stateDirectory: claude.sandbox.root.appendingPathComponent("log-state"),
                environment: claude.sandbox.environment, logger: logger)
            let options = ClaudeRunOptions(appendSystemPrompt: "SYSTEM-SECRET")
            let first = try supervisor.start(
                ClaudeRunRequest(prompt: "PROMPT-SECRET-one", workingDirectory: project, options: options))
            #expect(await first.wait().succeeded)
            let second = try supervisor.start(ClaudeRunRequest(prompt: "PROMPT-SECRET-two", workingDirectory: project))
            for await event in second.events() {
                if case .stream(.textDelta) = event.kind { break }
            }
            #expect(await second.cancel().cancelled)
            let lines = recorder.lines
            #expect(lines.count >= 4)
            #expect(!lines.contains { $0.contains("SECRET") }, "\(lines)")
        }
    }
}

/// Collects every log line (message and metadata) in memory.
final class LogRecorder: LogHandler, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [String] = []
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    var lines: [String] { lock.withLock { recorded } }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let all = metadata.merging(event.metadata ?? [:]) { $1 }
        lock.withLock { recorded.append("\(event.level) \(event.message) \(all)") }
    }
}
