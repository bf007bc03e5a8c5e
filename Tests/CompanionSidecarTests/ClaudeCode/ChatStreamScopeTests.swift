import CompanionAPI
import CompanionClient
import CompanionCrypto
import CompanionSidecar
import CompanionTestSupport
import Foundation
import Synchronization
import Testing

extension RealClaudeSidecarSuites {
    /// Issue 29, finding 11: the chat stream re-checks its device while open, as `/ws` does; the system prompts
    /// reach the model without ever being in a process's argv.
    @Suite(.serialized) struct ChatStreamScopeTests {
        /// A stream of a device whose `chat` scope the owner removes, or which the owner revokes, ends within a
        /// second with a `FORBIDDEN` error event (the model is stalled: without the re-check it would stay open).
        @Test(arguments: [false, true]) func theStreamEndsOnceTheDeviceLosesChat(revoke: Bool) async throws {
            let world = try ChatScopeFixture { _ in .stalling("Once upon a time there was a sidecar.", after: 1) }
            defer { world.remove() }
            try await world.live { live in
                let signer = RequestSigner(keyPair: live.chat.keys.keys, deviceID: live.chat.id)
                let client = ClaudeCodeClient(
                    transport: try SidecarTransport(
                        baseURL: live.running.baseURL.absoluteString,
                        authentication: SidecarAuthentication(signer: signer), timeout: TestDeadline.duration))
                let stream = try await client.chat(ChatStreamRequest(prompt: "tell me a story"))
                let events = Mutex<(all: [ChatEvent], ended: Bool)>(([], false))
                let reader = Task {
                    do { for try await event in stream.messages { events.withLock { $0.all.append(event) } } } catch {}
                    events.withLock { $0.ended = true }
                }
                defer { reader.cancel() }
                // Wait until the model's first words arrive: the run is live and the model stalled.
                try await Self.wait(within: TestDeadline.duration) {
                    events.withLock { state in
                        state.ended
                            || state.all.contains { event in
                                if case .message(.streamEvent(let message), _) = event { return message.delta != nil }
                                return false
                            }
                    }
                }
                #expect(!events.withLock { $0.ended }, "the stream ended before the scope changed")
                let registry = live.sidecar.registry
                let changed = ContinuousClock.now
                if revoke {
                    #expect(try await registry.revoke(id: live.chat.id, at: Date(), peer: nil) != nil)
                } else {
                    #expect(try await registry.setScopes([.read], deviceID: live.chat.id, at: Date(), peer: nil) != nil)
                }
                // Without the re-check the stream stays open as long as the model stalls.
                try await Self.wait(within: .seconds(20)) { events.withLock { $0.ended } }
                let elapsed = ContinuousClock.now - changed
                let ending = events.withLock { $0.all }
                guard case .message(.error(let error), _)? = ending.last else {
                    Issue.record("the stream did not end with an error event: \(ending)")
                    return
                }
                #expect(error.code == "FORBIDDEN")
                #expect(error.message.contains(revoke ? "revoked" : "'chat' scope"), "\(error.message)")
                // Measured, not asserted tightly: the re-check runs every 250 ms, under load threads wait.
                #expect(elapsed < .seconds(10), "the stream ended \(elapsed) after the change")
            }
        }

        /// Returns once `condition` holds; records an issue and throws after `limit`.
        static func wait(within limit: Duration, _ condition: () -> Bool) async throws {
            let deadline = ContinuousClock.now + limit
            while !condition() {
                guard ContinuousClock.now < deadline else {
                    Issue.record("still waiting after \(limit)")
                    throw CancellationError()
                }
                try await Task.sleep(for: .milliseconds(20))
            }
        }
    }
}
