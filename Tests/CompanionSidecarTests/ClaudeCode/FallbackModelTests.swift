import CompanionAPI
import CompanionClient
import CompanionSidecar
import CompanionTestSupport
import Foundation
import Testing

extension RealClaudeSidecarSuites {
    /// ILS AC-3.6: a session's `fallbackModel` is used. The real `claude` falls back after the main model answered
    /// 529 (overloaded) three times in a row, which needs at least two retries (`CLAUDE_CODE_MAX_RETRIES=2`; the
    /// sandbox's 0 never falls back, and the CLI's own back-off makes the run take about 2 s).
    @Suite(.serialized) struct FallbackModelTests {
        static let primary = "claude-primary-test"
        static let fallback = "claude-backup-test"

        @Test func anOverloadedModelFallsBackToTheSessionsFallbackModel() async throws {
            let fixture = try ClaudeAPIFixture { request in
                request.model == Self.primary ? .status(529) : .text("answered by the fallback model", pieces: 3)
            }
            defer { fixture.remove() }
            try await fixture.live(environment: ["CLAUDE_CODE_MAX_RETRIES": "2"]) { live in
                let session = try await live.client.createSession(
                    CreateSessionRequest(name: "Fallback", model: Self.primary, fallbackModel: Self.fallback))
                let (_, events) = try await live.chat(ChatStreamRequest(prompt: "hello", sessionId: session.id))
                let models = fixture.endpoint.messageRequests.compactMap(\.model)
                #expect(models.first == Self.primary)
                #expect(models.last == Self.fallback, "the models asked: \(models)")
                #expect(events.streamedText == "answered by the fallback model")
                #expect(events.result?.isError == false)
            }
        }

        /// A fallback model that is not a model name, or is the main model, is refused before the session exists.
        @Test func aBadFallbackModelIsRefusedWhenTheSessionIsCreated() async throws {
            let fixture = try ClaudeAPIFixture { _ in .text("unused") }
            defer { fixture.remove() }
            try await fixture.live { live in
                for (model, fallback, words) in [
                    ("sonnet", "--dangerously-skip-permissions", "fallback model name refused"),
                    ("sonnet", "sonnet", "must differ from the model"),
                ] {
                    let body = #"{"model":"\#(model)","fallbackModel":"\#(fallback)"}"#
                    let answer = try await live.probe.send(
                        "POST", "/api/v1/sessions", body: Data(body.utf8),
                        headers: [
                            "Authorization": "Bearer \(ClaudeAPIFixture.apiKey)", "Content-Type": "application/json",
                        ])
                    #expect(answer.status == 400)
                    let text = String(decoding: answer.body, as: UTF8.self)
                    #expect(text.contains(words), "\(text)")
                }
                #expect(try await live.client.sessions().items.isEmpty)
                #expect(fixture.endpoint.messageRequests.isEmpty)
            }
        }
    }
}
