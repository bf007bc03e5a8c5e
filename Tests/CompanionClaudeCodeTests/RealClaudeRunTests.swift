import CompanionClaudeCode
import CompanionTestSupport
import Foundation
import Testing

extension RealClaudeSuites {
    /// The run supervisor driving the real Claude Code CLI against the scripted model endpoint.
    @Suite struct RealClaudeRunTests {
        @Test func aRunStreamsItsDeltasInOrderAndEndsWithAResultCarryingTheSession() async throws {
            let claude = try RealClaude { _ in .text("Deltas arrive one after another", pieces: 5) }
            defer { claude.tearDown() }
            let project = try claude.sandbox.makeProject("alpha")
            // A prompt that looks like an option is still a prompt (it goes on standard input).
            let (events, outcome) = try await claude.run("--help me with this", in: project)
            #expect(events.map(\.sequence) == Array(1...events.count))
            #expect(textDeltas(events) == ["Deltas ", "arrive ", "one aft", "er anot", "her"])
            let info = try #require(sessionInfo(events))
            #expect(info.workingDirectory == project)
            #expect(outcome.succeeded)
            #expect(outcome.exitStatus == 0)
            #expect(outcome.sessionID == info.sessionID)
            #expect(outcome.result?.sessionID == info.sessionID)
            #expect(outcome.result?.result == "Deltas arrive one after another")
            #expect(outcome.malformedLines == 0)
            #expect(claude.endpoint.messageRequests.map(\.lastUserPrompt) == ["--help me with this"])
            let transcript = claude.sandbox.transcript(sessionID: info.sessionID, projectPath: project)
            #expect(FileManager.default.fileExists(atPath: transcript.path))
            #expect(try String(contentsOf: transcript, encoding: .utf8).contains("Deltas arrive one after another"))
            #expect(claude.supervisor.runs.isEmpty)
        }

        @Test func resumeSendsTheEarlierTurnsAndForkLeavesTheOriginalUntouched() async throws {
            let claude = try RealClaude { request in
                switch request.lastUserPrompt {
                case "first question": .text("First answer")
                case "second question": .text("Second answer")
                default: .text("Fork answer")
                }
            }
            defer { claude.tearDown() }
            let project = try claude.sandbox.makeProject("beta")
            let first = try await claude.run("first question", in: project)
            let session = try #require(first.outcome.sessionID)

            let second = try await claude.run(
                "second question", in: project, session: .resume(claudeSessionID: session))
            #expect(second.outcome.succeeded)
            #expect(second.outcome.sessionID == session)
            let resumed = try #require(claude.endpoint.messageRequests.last)
            let texts = resumed.allTexts
            let order = ["first question", "First answer", "second question"].map { wanted in
                texts.firstIndex { $0.contains(wanted) }
            }
            #expect(order.allSatisfy { $0 != nil }, "\(texts)")
            #expect(order.compactMap { $0 } == order.compactMap { $0 }.sorted())

            let original = claude.sandbox.transcript(sessionID: session, projectPath: project)
            let before = try Data(contentsOf: original)
            let fork = try await claude.run("fork question", in: project, session: .fork(claudeSessionID: session))
            #expect(fork.outcome.succeeded)
            let forked = try #require(fork.outcome.sessionID)
            #expect(forked != session)
            #expect(try Data(contentsOf: original) == before)
            let forkTranscript = claude.sandbox.transcript(sessionID: forked, projectPath: project)
            #expect(try String(contentsOf: forkTranscript, encoding: .utf8).contains("Fork answer"))
            #expect(claude.endpoint.messageRequests.last?.allTexts.contains { $0.contains("Second answer") } == true)
        }

        @Test func cancelMidStreamKeepsThePartialTextKillsTheGroupAndTheSessionResumes() async throws {
            let claude = try RealClaude { request in
                request.lastUserPrompt == "go on"
                    ? .text("Resumed fine") : .stalling("Partial answer never ends", after: 2)
            }
            defer { claude.tearDown() }
            let project = try claude.sandbox.makeProject("gamma")
            let run = try claude.supervisor.start(ClaudeRunRequest(prompt: "stall please", workingDirectory: project))
            var seen: [String] = []
            for await event in run.events() {
                if case .stream(.textDelta(let text, _)) = event.kind { seen.append(text) }
                if seen.count == 2 { break }
            }
            let group = try #require(run.processGroupID)
            #expect(!processes(inGroup: group).isEmpty)
            let outcome = await run.cancel()
            #expect(outcome.cancelled)
            #expect(processes(inGroup: group).isEmpty)
            let events = try await collect(run)
            #expect(textDeltas(events) == seen)
            #expect(seen.joined() == "Partial answer")
            // The CLI handled the interrupt itself: it wrote its result line.
            #expect(outcome.result?.subtype == "error_during_execution")
            let session = try #require(outcome.sessionID)
            let transcript = claude.sandbox.transcript(sessionID: session, projectPath: project)
            #expect(try String(contentsOf: transcript, encoding: .utf8).contains("Partial answer"))

            let resumed = try await claude.run("go on", in: project, session: .resume(claudeSessionID: session))
            #expect(resumed.outcome.succeeded)
            #expect(textDeltas(resumed.events).joined() == "Resumed fine")
            let request = try #require(claude.endpoint.messageRequests.last)
            #expect(
                request.messages.contains { $0.role == "assistant" && $0.texts.joined().contains("Partial answer") })
        }

        @Test func twoConcurrentRunsInTwoDirectoriesDoNotMix() async throws {
            let claude = try RealClaude { request in
                let name = request.lastUserPrompt ?? "?"
                return ScriptedModelReply(
                    deltas: (1...6).map { "\(name)-\($0) " }, delayBetweenDeltas: 0.05)
            }
            defer { claude.tearDown() }
            let north = try claude.sandbox.makeProject("north")
            let south = try claude.sandbox.makeProject("south")
            async let first = claude.run("north", in: north)
            async let second = claude.run("south", in: south)
            let (a, b) = try await (first, second)
            #expect(textDeltas(a.events) == (1...6).map { "north-\($0) " })
            #expect(textDeltas(b.events) == (1...6).map { "south-\($0) " })
            #expect(sessionInfo(a.events)?.workingDirectory == north)
            #expect(sessionInfo(b.events)?.workingDirectory == south)
            #expect(a.outcome.sessionID != b.outcome.sessionID)
            #expect(a.outcome.succeeded && b.outcome.succeeded)
        }

        @Test(arguments: [ScriptedModelReply.status(529), .status(500), .dropping("Cut short here", after: 1)])
        func aFailingEndpointGivesAnErrorResultNotAHang(reply: ScriptedModelReply) async throws {
            let claude = try RealClaude { _ in reply }
            defer { claude.tearDown() }
            let project = try claude.sandbox.makeProject("delta")
            let (events, outcome) = try await claude.run("hello", in: project)
            #expect(outcome.result?.isError == true)
            #expect(!outcome.succeeded)
            #expect(outcome.exitStatus != 0)
            #expect(
                events.contains {
                    if case .stream(.assistant(let message)) = $0.kind { message.isAPIError } else { false }
                }
            )
            if case .status(let code) = reply.failure { #expect(outcome.result?.apiErrorStatus == code) }
        }
    }
}
