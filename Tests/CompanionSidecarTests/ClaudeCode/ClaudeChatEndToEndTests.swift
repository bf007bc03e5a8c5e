import CompanionAPI
import CompanionClient
import CompanionCrypto
import CompanionSidecar
import CompanionTestSupport
import Foundation
import Testing

extension RealClaudeSidecarSuites {
    /// The seed's session and chat scenarios (S-03, S-04, S-05, S-06, S-13) through `/api/v1`, with the real
    /// `claude` against the scripted model endpoint.
    @Suite(.serialized) struct ClaudeChatEndToEndTests {
        /// S-03: a session created in a project answers a message as a stream; the history is then readable.
        @Test func createChatAndReadTheHistory() async throws {
            let fixture = try ClaudeAPIFixture { _ in .text("Hello from the scripted model.", pieces: 5) }
            defer { fixture.remove() }
            let project = try fixture.sandbox.makeProject("alpha")
            try await fixture.live { live in
                // The project appears once Claude Code has a transcript for it, so the first session runs without one.
                let created = try await live.client.createSession(CreateSessionRequest(name: "First", model: "sonnet"))
                #expect(created.source == .ils && created.status == .completed && created.claudeSessionId == nil)
                let (sessionID, events) = try await live.chat(
                    ChatStreamRequest(prompt: "Hello, what can you do?", sessionId: created.id))
                #expect(sessionID == created.id)
                #expect(events.streamedText == "Hello from the scripted model.")
                #expect(events.result?.isError == false)
                #expect(events.last == .done)
                guard case .message(.system(let system), _)? = events.first else {
                    Issue.record("the stream did not start with system/init")
                    return
                }
                let session = try await live.client.session(id: created.id)
                #expect(session.claudeSessionId == system.data.sessionId)
                #expect(session.status == .completed && session.messageCount >= 2)
                let messages = try await live.client.messages(sessionId: created.id)
                #expect(
                    messages.items.first?.role == .user && messages.items.first?.content == "Hello, what can you do?")
                #expect(messages.items.last?.content == "Hello from the scripted model.")
                _ = project
            }
        }

        /// S-05: the second message resumes the Claude session: the model endpoint receives the earlier turns.
        @Test func resumeSendsTheEarlierTurns() async throws {
            let fixture = try ClaudeAPIFixture { request in
                .text(request.lastUserPrompt == "first question" ? "first answer" : "second answer")
            }
            defer { fixture.remove() }
            let project = try fixture.sandbox.makeProject("resume")
            try await fixture.live { live in
                let first = try await live.chat(ChatStreamRequest(prompt: "first question"))
                let sessionID = try #require(first.sessionID)
                let claudeID = try #require(try await live.client.session(id: sessionID).claudeSessionId)
                let second = try await live.chat(ChatStreamRequest(prompt: "second question", sessionId: sessionID))
                #expect(second.events.streamedText == "second answer")
                let last = try #require(
                    fixture.endpoint.messageRequests.last { $0.lastUserPrompt == "second question" })
                #expect(last.allTexts.contains("first question") && last.allTexts.contains("first answer"))
                #expect(try await live.client.session(id: sessionID).claudeSessionId == claudeID)
                _ = project
            }
        }

        /// S-06: a fork starts with the original's history, answers on its own, and leaves the original's
        /// transcript byte-identical on disk.
        @Test func forkKeepsTheOriginalByteIdentical() async throws {
            let fixture = try ClaudeAPIFixture { request in .text("answer to \(request.lastUserPrompt ?? "?")") }
            defer { fixture.remove() }
            try await fixture.live { live in
                let original = try await live.chat(ChatStreamRequest(prompt: "the original question"))
                let originalID = try #require(original.sessionID)
                let originalSession = try await live.client.session(id: originalID)
                let claudeID = try #require(originalSession.claudeSessionId)
                let home = fixture.sandbox.environment["HOME"]!
                let file = fixture.sandbox.transcript(sessionID: claudeID, projectPath: home)
                let before = try Data(contentsOf: file)

                let fork = try await live.client.forkSession(id: originalID)
                #expect(fork.forkedFrom == originalID && fork.id != originalID)
                let forked = try await live.chat(ChatStreamRequest(prompt: "a different direction", sessionId: fork.id))
                #expect(forked.events.streamedText == "answer to a different direction")
                let forkSession = try await live.client.session(id: fork.id)
                let forkClaudeID = try #require(forkSession.claudeSessionId)
                #expect(forkClaudeID != claudeID)
                let request = try #require(
                    fixture.endpoint.messageRequests.last { $0.lastUserPrompt == "a different direction" })
                #expect(request.allTexts.contains("the original question"))
                #expect(try Data(contentsOf: file) == before)
                let forkMessages = try await live.client.messages(sessionId: fork.id)
                #expect(forkMessages.items.contains { $0.content == "the original question" })
            }
        }

        /// S-13: cancelling mid-stream stops the run on the workstation, keeps the partial answer, and the
        /// session can be continued.
        @Test func cancelMidStreamKeepsThePartialAnswer() async throws {
            let fixture = try ClaudeAPIFixture { request in
                request.lastUserPrompt == "tell me a long story"
                    ? .stalling("Once upon a time there was a sidecar.", pieces: 6, after: 2) : .text("continued")
            }
            defer { fixture.remove() }
            try await fixture.live { live in
                let stream = try await live.client.chat(ChatStreamRequest(prompt: "tell me a long story"))
                let sessionID = try #require(stream.sessionID)
                var events: [ChatEvent] = []
                var cancelled: CancelledResponse?
                for try await event in stream.messages {
                    events.append(event)
                    if cancelled == nil, !events.streamedText.isEmpty, events.streamedText.count >= 10 {
                        cancelled = try await live.client.cancelChat(sessionId: sessionID)
                    }
                }
                #expect(cancelled?.cancelled == true)
                #expect("Once upon a time there was a sidecar.".hasPrefix(events.streamedText))
                #expect(!events.streamedText.isEmpty)
                #expect(events.result?.subtype == "cancelled")
                #expect(events.last == .done)
                #expect(try await live.client.session(id: sessionID).status == .cancelled)
                // Nothing left running: cancelling again finds no run.
                #expect(try await live.client.cancelChat(sessionId: sessionID).cancelled == false)
                let next = try await live.chat(ChatStreamRequest(prompt: "go on", sessionId: sessionID))
                #expect(next.events.streamedText == "continued")
            }
        }

        /// A client that lost the stream reconnects with `Last-Event-ID` and the same request: it gets the events
        /// after that id from the same run; the prompt is not sent to the model again.
        @Test func reconnectingWithLastEventIDReplaysWithoutRerunning() async throws {
            let fixture = try ClaudeAPIFixture { _ in .text("one two three four five six", pieces: 6) }
            defer { fixture.remove() }
            try await fixture.live { live in
                let first = try await live.chat(ChatStreamRequest(prompt: "count"))
                let sessionID = try #require(first.sessionID)
                let ids = first.events.compactMap { event -> String? in
                    if case .message(_, let id) = event { return id }
                    return nil
                }
                let requestsBefore = fixture.endpoint.messageRequests.count
                let replay = try await live.client.chat(
                    ChatStreamRequest(prompt: "count", sessionId: sessionID), lastEventID: ids[1])
                var replayed: [ChatEvent] = []
                for try await event in replay.messages { replayed.append(event) }
                #expect(
                    replayed.compactMap { event -> String? in
                        if case .message(_, let id) = event { return id }
                        return nil
                    } == Array(ids.dropFirst(2)))
                #expect(fixture.endpoint.messageRequests.count == requestsBefore)
            }
        }

        /// A model endpoint that fails ends the stream with an error result or error event, not a hang.
        @Test func aFailingModelEndsTheStreamWithAnError() async throws {
            let fixture = try ClaudeAPIFixture { _ in .status(500) }
            defer { fixture.remove() }
            try await fixture.live { live in
                let (sessionID, events) = try await live.chat(ChatStreamRequest(prompt: "hello?"))
                let failed = events.contains { event in
                    switch event {
                    case .message(.result(let result), _): result.isError
                    case .message(.error, _): true
                    default: false
                    }
                }
                #expect(failed)
                #expect(events.last == .done)
                #expect(try await live.client.session(id: try #require(sessionID)).status == .error)
            }
        }
    }
}
