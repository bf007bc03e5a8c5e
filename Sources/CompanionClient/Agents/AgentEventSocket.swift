import CompanionAPI
import Foundation
import HTTPTypes
import Logging
import NIOWebSocket
import WSClient

/// Client of `WS /ws` (swift-websocket): the sequenced agent events, from a snapshot or resumed after a sequence
/// number, and the client's messages (subscribe to a terminal, send input).
public struct AgentEventSocket: Sendable {
    /// How a connection ended.
    public enum Outcome: Sendable, Equatable {
        /// The sidecar closed with 4401: this device is no longer trusted.
        case unauthorized(String)
        /// The connection closed or broke (the reason when there was one); resume after the last `seq`.
        case dropped(String)
        /// `receive` threw ``Stop``.
        case stopped
    }

    /// Thrown by `receive` to end the connection (``Outcome/stopped``).
    public struct Stop: Error {
        public init() {}
    }

    let transport: SidecarTransport

    public init(transport: SidecarTransport) {
        self.transport = transport
    }

    /// The `ws://` or `wss://` URL resuming after `after`.
    public func url(after: Int?) -> String {
        let http = transport.url(of: .agentEvents(after: after))
        if http.hasPrefix("https://") { return "wss://" + http.dropFirst("https://".count) }
        return "ws://" + http.dropFirst("http://".count)
    }

    /// Connects (resuming after `after`, else from a snapshot), sends `messages` once open, then hands every event
    /// to `receive` in order until the connection ends. `receive` answers messages to send back (e.g. a
    /// `subscribe_terminal` once the snapshot named a session). Throws when the socket cannot be opened.
    public func run(
        after: Int?, messages: [AgentClientMessage] = [],
        receive: @escaping @Sendable (AgentEventMessage) async throws -> [AgentClientMessage]
    ) async throws -> Outcome {
        var headers = HTTPFields()
        let endpoint = CompanionEndpoint.agentEvents(after: after)
        for (field, value) in try transport.authenticationHeaders(for: endpoint, body: Data()) {
            if let name = HTTPField.Name(field) { headers[name] = value }
        }
        let configuration = WebSocketClientConfiguration(
            maxFrameSize: 16 << 20, additionalHeaders: headers, autoPing: .enabled(timePeriod: .seconds(5)))
        let logger = Logger(label: "companion.agents.ws", factory: { _ in SwiftLogNoOpLogHandler() })
        let close: WebSocketCloseFrame?
        do {
            close = try await WebSocketClient.connect(
                url: url(after: after), configuration: configuration, logger: logger
            ) { inbound, outbound, _ in
                for message in messages {
                    try await outbound.write(.text(String(decoding: try ClaudeAPIJSON.encode(message), as: UTF8.self)))
                }
                for try await frame in inbound.messages(maxSize: 16 << 20) {
                    guard case .text(let text) = frame else { continue }
                    let event: AgentEventMessage
                    do { event = try ClaudeAPIJSON.decode(AgentEventMessage.self, from: Data(text.utf8)) } catch {
                        throw CompanionClientError.malformedResponse(
                            endpoint: endpoint.description, status: 101, detail: "an event is not valid JSON")
                    }
                    for reply in try await receive(event) {
                        try await outbound.write(
                            .text(String(decoding: try ClaudeAPIJSON.encode(reply), as: UTF8.self)))
                    }
                }
            }
        } catch let error as CompanionClientError {
            throw error
        } catch is Stop {
            return .stopped
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw CompanionClientError.network(TransportFailure.classify(error), url: transport.baseURL.absoluteString)
        }
        guard let close else { return .dropped("connection closed without a close frame") }
        if close.closeCode == .unknown(AgentEventMessage.unauthorizedCloseCode) {
            return .unauthorized(close.reason ?? "this device is no longer trusted")
        }
        return .dropped(close.reason ?? "closed")
    }
}
