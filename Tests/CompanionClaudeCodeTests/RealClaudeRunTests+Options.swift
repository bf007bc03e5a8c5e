import CompanionClaudeCode
import CompanionTestSupport
import Foundation
import Testing

/// The run supervisor with the real Claude Code CLI: thinking, the options that reach the model endpoint or are
/// refused before anything is spawned, and recovery of the runs a crash left.
extension RealClaudeSuites.RealClaudeRunTests {
    @Test func thinkingStreamsAsThinkingDeltasBeforeTheText() async throws {
        let claude = try RealClaude { _ in
            ScriptedModelReply(deltas: ["Forty", "-two"], thinking: ["Let me ", "think."])
        }
        defer { claude.tearDown() }
        let project = try claude.sandbox.makeProject("theta")
        let (events, outcome) = try await claude.run("meaning?", in: project)
        #expect(outcome.succeeded)
        let thinking = events.compactMap {
            if case .stream(.thinkingDelta(let text, _)) = $0.kind { text } else { nil }
        }
        #expect(thinking == ["Let me ", "think."])
        #expect(textDeltas(events) == ["Forty", "-two"])
        let firstThinking = try #require(
            events.firstIndex { if case .stream(.thinkingDelta) = $0.kind { true } else { false } })
        let firstText = try #require(
            events.firstIndex { if case .stream(.textDelta) = $0.kind { true } else { false } })
        #expect(firstThinking < firstText)
    }

    @Test func validatedOptionsReachTheModelEndpoint() async throws {
        let claude = try RealClaude { _ in .text("Configured") }
        defer { claude.tearDown() }
        let project = try claude.sandbox.makeProject("iota")
        let options = ClaudeRunOptions(
            model: try ClaudeModelName("claude-sonnet-4-5"), permissionMode: .plan,
            appendSystemPrompt: "-appended marker 7f3a", maxTurns: 2, disallowedTools: ["Bash(rm *)"])
        let run = try claude.supervisor.start(
            ClaudeRunRequest(prompt: "configured?", workingDirectory: project, options: options))
        let events = try await collect(run)
        #expect(run.outcome?.succeeded == true)
        #expect(sessionInfo(events)?.model == "claude-sonnet-4-5")
        #expect(sessionInfo(events)?.permissionMode == "plan")
        let request = try #require(claude.endpoint.messageRequests.first)
        #expect(request.model == "claude-sonnet-4-5")
        #expect(String(decoding: request.body, as: UTF8.self).contains("-appended marker 7f3a"))
    }

    @Test func refusedOptionsSpawnNothing() throws {
        let claude = try RealClaude { _ in .text("never") }
        defer { claude.tearDown() }
        let project = try claude.sandbox.makeProject("epsilon")
        #expect(throws: ClaudeRunOptionError.invalidModel("gpt; rm -rf /")) { try ClaudeModelName("gpt; rm -rf /") }
        var request = ClaudeRunRequest(prompt: "hi", workingDirectory: project)
        request.options.permissionMode = .bypassPermissions
        #expect(throws: ClaudeRunOptionError.bypassPermissionsNotAllowed) { try claude.supervisor.start(request) }
        #expect(claude.supervisor.runs.isEmpty)
        #expect(claude.endpoint.requests.isEmpty)
    }

    @Test func aRestartedSupervisorKillsTheRunsACrashLeftAndReportsThem() async throws {
        let claude = try RealClaude { _ in .stalling("Left running forever", after: 1) }
        defer { claude.tearDown() }
        let project = try claude.sandbox.makeProject("zeta")
        let run = try claude.supervisor.start(
            ClaudeRunRequest(prompt: "keep going", workingDirectory: project, tag: "sidecar-session-7"))
        for await event in run.events() {
            if case .stream(.textDelta) = event.kind { break }
        }
        let group = try #require(run.processGroupID)
        #expect(!processes(inGroup: group).isEmpty)

        // The first supervisor "crashed": it is simply never asked again. A new one on the same state directory
        // finds the run's group recorded, kills it and reports the run.
        let restarted = try claude.restartedSupervisor()
        let interrupted = try restarted.recoverInterruptedRuns()
        #expect(interrupted.map(\.tag) == ["sidecar-session-7"])
        #expect(interrupted.first?.runID == run.id)
        #expect(interrupted.first?.claudeSessionID == run.sessionID)
        #expect(interrupted.first?.killedProcesses ?? 0 >= 1)
        let outcome = await run.wait()
        #expect(outcome.signal == SIGKILL)
        #expect(processes(inGroup: group).isEmpty)
        #expect(try restarted.recoverInterruptedRuns().isEmpty)
    }
}
