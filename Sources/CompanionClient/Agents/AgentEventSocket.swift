import CompanionAPI
import Foundation
import HTTPTypes
import Logging
import NIOWebSocket
import Synchronization
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

    /// The `ws://` or `wss://` URL resuming after `after` (of the sidecar run `epoch`).
    public func url(after: Int?, epoch: String? = nil) -> String {
        let http = transport.url(of: .agentEvents(after: after, epoch: epoch))
        if http.hasPrefix("https://") { return "wss://" + http.dropFirst("https://".count) }
        return "ws://" + http.dropFirst("http://".count)
    }

    /// Connects (resuming after `after` of the run `epoch`, else from a snapshot), sends `messages` once open, then
    /// hands every event to `receive` in order until the connection ends. `receive` answers messages to send back
    /// (e.g. a `subscribe_terminal` once the snapshot named a session); `outgoing`, when given, is sent as it comes.
    /// Throws when the socket cannot be opened: ``CompanionClientError/server(status:code:message:)`` when the sidecar
    /// refused the upgrade (401: not paired or revoked), else ``CompanionClientError/network(_:url:)``.
    public func run(
        after: Int?, epoch: String? = nil, messages: [AgentClientMessage] = [],
        outgoing: AsyncStream<AgentClientMessage>? = nil,
        receive: @escaping @Sendable (AgentEventMessage) async throws -> [AgentClientMessage]
    ) async throws -> Outcome {
        var headers = HTTPFields()
        let endpoint = CompanionEndpoint.agentEvents(after: after, epoch: epoch)
        for (field, value) in try transport.authenticationHeaders(for: endpoint, body: Data()) {
            if let name = HTTPField.Name(field) { headers[name] = value }
        }
        let configuration = WebSocketClientConfiguration(
            maxFrameSize: 16 << 20, additionalHeaders: headers, autoPing: WebSocketKeepAlive.autoPing)
        let logger = Logger(label: "companion.agents.ws", factory: { _ in SwiftLogNoOpLogHandler() })
        let close: WebSocketCloseFrame?
        do {
            close = try await transport.withTLS { tls in
                let secured = transport.webSocketTLS(tls)
                var configuration = configuration
                configuration.sniHostname = secured.serverName
                return try await WebSocketClient.connect(
                    url: url(after: after, epoch: epoch), configuration: configuration,
                    tlsConfiguration: secured.configuration, logger: logger
                ) { inbound, outbound, _ in
                    for message in messages {
                        try await outbound.write(
                            .text(String(decoding: try ClaudeAPIJSON.encode(message), as: UTF8.self)))
                    }
                    let sender = outgoing.map { outgoing in
                        Task {
                            for await message in outgoing {
                                guard let data = try? ClaudeAPIJSON.encode(message) else { continue }
                                try? await outbound.write(.text(String(decoding: data, as: UTF8.self)))
                            }
                        }
                    }
                    defer { sender?.cancel() }
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
            }
        } catch let error as CompanionClientError {
            throw error
        } catch is Stop {
            return .stopped
        } catch is CancellationError {
            throw CancellationError()
        } catch let error as WebSocketClientError where error == .webSocketUpgradeFailed {
            try await refusal(endpoint)
            throw CompanionClientError.network(TransportFailure.classify(error), url: transport.baseURL.absoluteString)
        } catch {
            throw CompanionClientError.network(TransportFailure.classify(error), url: transport.baseURL.absoluteString)
        }
        guard let close else { return .dropped("connection closed without a close frame") }
        if close.closeCode == .unknown(AgentEventMessage.unauthorizedCloseCode) {
            return .unauthorized(close.reason ?? "this device is no longer trusted")
        }
        return .dropped(close.reason ?? "closed")
    }

    /// After a refused upgrade: asks the same endpoint over plain HTTP, which the sidecar authenticates before the
    /// route, and throws its refusal (401 not paired or revoked, 403 a scope missing) as the REST calls do.
    private func refusal(_ endpoint: CompanionEndpoint) async throws {
        guard let (status, data) = try? await transport.send(endpoint), status == 401 || status == 403 else { return }
        _ = try ResponseDecoder.decodeEnvelope(Refused.self, data: data, status: status, endpoint: endpoint)
    }

    private struct Refused: Codable, Sendable {}

    /// How ``follow(cursor:messages:reconnection:receive:)`` retries a connection that broke or cannot be opened.
    public struct Reconnection: Sendable {
        /// The first wait; doubled after every failed attempt up to ``maximum``.
        public var first: Duration
        public var maximum: Duration
        /// Give up (throw the network error) after the sidecar was unreachable this long.
        public var giveUpAfter: Duration

        public init(
            first: Duration = .milliseconds(250), maximum: Duration = .seconds(5), giveUpAfter: Duration = .seconds(120)
        ) {
            self.first = first
            self.maximum = maximum
            self.giveUpAfter = giveUpAfter
        }
    }

    /// Follows the stream across dropped connections: every connection resumes from `cursor` (the last event
    /// received and its sidecar run), so nothing is missed, and sends `messages` again (subscriptions are per
    /// connection). A broken connection (a network drop, the sidecar restarting) is retried at once, then with a
    /// backoff doubling from ``Reconnection/first`` to ``Reconnection/maximum``; the network error is thrown once the
    /// sidecar was unreachable for ``Reconnection/giveUpAfter``. A sidecar that cannot be reached at the first attempt
    /// is an error at once (a wrong URL, a stopped sidecar): only a stream that was followed is retried. Returns
    /// ``Outcome/stopped`` or
    /// ``Outcome/unauthorized(_:)``; a refusal of the upgrade is thrown (see ``run(after:epoch:messages:outgoing:receive:)``).
    public func follow(
        cursor: AgentEventCursor, messages: [AgentClientMessage] = [], reconnection: Reconnection = Reconnection(),
        receive: @escaping @Sendable (AgentEventMessage) async throws -> [AgentClientMessage]
    ) async throws -> Outcome {
        var backoff = ReconnectBackoff(first: reconnection.first, maximum: reconnection.maximum)
        var unreachableSince: ContinuousClock.Instant?
        var connectedOnce = false
        while true {
            let received = ReceivedFlag()
            let position = cursor.position
            do {
                let outcome = try await run(after: position.seq, epoch: position.epoch, messages: messages) { event in
                    cursor.note(event)
                    received.value.withLock { $0 = true }
                    return try await receive(event)
                }
                switch outcome {
                case .stopped, .unauthorized: return outcome
                case .dropped: connectedOnce = true
                }
            } catch let error as CompanionClientError {
                guard case .network = error, connectedOnce || received.value.withLock({ $0 }) else { throw error }
                let since = unreachableSince ?? .now
                unreachableSince = since
                if ContinuousClock.now - since >= reconnection.giveUpAfter { throw error }
            }
            if received.value.withLock({ $0 }) {
                // The connection worked: retry at once, with the backoff from its start again.
                connectedOnce = true
                backoff.reset()
                unreachableSince = nil
            } else {
                try await Task.sleep(for: backoff.next())
            }
        }
    }
}

/// Whether one connection delivered an event.
private final class ReceivedFlag: Sendable {
    let value = Mutex(false)
}
