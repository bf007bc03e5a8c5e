import CompanionAPI
import Foundation
import HTTPTypes
import Logging
import NIOWebSocket
import WSClient

/// Client of `WS /v1/tasks/{id}/logs` (swift-websocket: URLSessionWebSocketTask does not work on Linux).
public struct TaskLogSocket: Sendable {
    /// How a WebSocket session ended.
    public enum Outcome: Sendable, Equatable {
        /// The task ended; every line was received.
        case ended(TaskStatus, exitCode: Int?)
        /// The sidecar closed with 1008: the task does not exist.
        case noSuchTask
        /// The sidecar closed with 4401: this client is no longer authorised (its device was revoked).
        case unauthorized(String)
        /// The socket closed or broke before the end (code when the sidecar sent one).
        case dropped(String)
    }

    let client: TaskClient

    public init(client: TaskClient) {
        self.client = client
    }

    /// The WebSocket URL for a task's log, resuming after `cursor`.
    public func url(taskID: String, after cursor: Int) -> String {
        let http = client.transport.url(of: .taskLogSocket(id: taskID, after: cursor))
        if http.hasPrefix("https://") { return "wss://" + http.dropFirst("https://".count) }
        return "ws://" + http.dropFirst("http://".count)
    }

    /// Follows the log from `cursor` until the task ends or the socket fails. `receive` gets each batch in order;
    /// `opened` is called once the upgrade succeeded. Throws when the socket cannot be opened.
    public func follow(
        taskID: String, after cursor: Int, opened: @escaping @Sendable () -> Void = {},
        receive: @escaping @Sendable ([TaskLogLine]) async throws -> Void
    ) async throws -> Outcome {
        var headers = HTTPFields()
        let endpoint = CompanionEndpoint.taskLogSocket(id: taskID, after: cursor)
        for (field, value) in try client.transport.authenticationHeaders(for: endpoint, body: Data()) {
            if let name = HTTPField.Name(field) { headers[name] = value }
        }
        let configuration = WebSocketClientConfiguration(
            maxFrameSize: 16 << 20, additionalHeaders: headers, autoPing: WebSocketKeepAlive.autoPing)
        let end = EndBox()
        let logger = Logger(label: "companion.logs.ws", factory: { _ in SwiftLogNoOpLogHandler() })
        let handler: WebSocketDataHandler<WebSocketClient.Context> = { inbound, outbound, _ in
            opened()
            let ready = try CompanionJSON.encode(TaskLogMessage.ready)
            try await outbound.write(.text(String(decoding: ready, as: UTF8.self)))
            for try await message in inbound.messages(maxSize: 16 << 20) {
                guard case .text(let text) = message else { continue }
                let decoded: TaskLogMessage
                do { decoded = try CompanionJSON.decode(TaskLogMessage.self, from: Data(text.utf8)) } catch {
                    throw CompanionClientError.malformedResponse(
                        endpoint: endpoint.description, status: 101, detail: "a log message is not valid JSON")
                }
                switch decoded.type {
                case .lines: try await receive(decoded.lines ?? [])
                case .end: end.set(.ended(decoded.status ?? .failed, exitCode: decoded.exitCode))
                case .ready: break
                }
            }
        }
        let close: WebSocketCloseFrame?
        do {
            close = try await client.transport.withTLS { tls in
                let secured = client.transport.webSocketTLS(tls)
                var configuration = configuration
                configuration.sniHostname = secured.serverName
                return try await WebSocketClient.connect(
                    url: url(taskID: taskID, after: cursor), configuration: configuration,
                    tlsConfiguration: secured.configuration, logger: logger, handler: handler)
            }
        } catch let error as CompanionClientError {
            throw error
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            // swift-websocket and SwiftNIO errors: classified, never shown as they are.
            throw CompanionClientError.network(
                TransportFailure.classify(error), url: client.transport.baseURL.absoluteString)
        }
        if let outcome = end.value { return outcome }
        guard let close else { return .dropped("connection closed without a close frame") }
        if close.closeCode == .policyViolation { return .noSuchTask }
        if close.closeCode == .unknown(TaskLogMessage.unauthorizedCloseCode) {
            return .unauthorized(close.reason ?? "this device is no longer trusted")
        }
        return .dropped("closed with code \(WebSocketErrorCode.code(close.closeCode))")
    }
}

/// The end message, written by the socket's handler and read after it returns.
private final class EndBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: TaskLogSocket.Outcome?

    var value: TaskLogSocket.Outcome? { lock.withLock { stored } }
    func set(_ outcome: TaskLogSocket.Outcome) { lock.withLock { stored = outcome } }
}

extension WebSocketErrorCode {
    /// The numeric close code.
    fileprivate static func code(_ code: WebSocketErrorCode) -> Int {
        switch code {
        case .normalClosure: 1000
        case .goingAway: 1001
        case .protocolError: 1002
        case .unacceptableData: 1003
        case .dataInconsistentWithMessage: 1007
        case .policyViolation: 1008
        case .messageTooLarge: 1009
        case .missingExtension: 1010
        case .unexpectedServerError: 1011
        case .unknown(let value): Int(value)
        }
    }
}
