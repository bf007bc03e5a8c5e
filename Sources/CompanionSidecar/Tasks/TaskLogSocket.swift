import CompanionAPI
import Foundation
import Hummingbird
import HummingbirdWebSocket
import NIOWebSocket

/// `WS /v1/tasks/{id}/logs`: the backlog first, then live lines, then an `end` message; 1008 for an unknown task.
extension TaskService {
    /// Lines per WebSocket message.
    static let linesPerMessage = 200

    /// How often an open log stream re-checks `refusal`.
    static let reauthorizationInterval: Duration = .milliseconds(500)

    /// Adds the log WebSocket route at `/v1/tasks/:id/logs` in its own group; `guard` guards the upgrade
    /// request, as for ``addRoutes(to:guard:)``.
    /// `refusal`, when given, is asked every ``reauthorizationInterval`` with the upgrade request's context while
    /// the stream is open; once it answers a reason the stream is closed with `TaskLogMessage.unauthorizedCloseCode`
    /// and that reason (a revoked device, or one that lost `read`, stops receiving logs at once, not when the task
    /// ends).
    /// The router must be the one given to `.http1WebSocketUpgrade(webSocketRouter:)`.
    @discardableResult
    package func addWebSocketRoutes<Context: RequestContext & WebSocketRequestContext>(
        to router: some RouterMethods<Context>,
        guard routeGuard: TaskRouteGuard<Context>, refusal: (@Sendable (Context) async -> String?)? = nil
    ) -> RouterGroup<Context> {
        let group = router.group("v1/tasks").add(middleware: routeGuard.middleware)
        let enabled = webSocketEnabled
        group.ws(":id/logs") { _, _ in
            enabled ? .upgrade([:]) : .dontUpgrade
        } onUpgrade: { inbound, outbound, context in
            let id = context.requestContext.parameters.get("id") ?? ""
            let after = context.request.uri.queryParameters["after"].flatMap { Int($0) } ?? 0
            let requestContext = context.requestContext
            let refused = refusal.map { check in { @Sendable in await check(requestContext) } }
            try await self.streamLog(
                taskID: id, after: max(0, after), inbound: inbound, outbound: outbound, refusal: refused)
        }
        return group
    }

    /// Streams one task's log until it ends, the client goes away, or the client falls too far behind.
    func streamLog(
        taskID: String, after: Int, inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter,
        refusal: (@Sendable () async -> String?)? = nil
    ) async throws {
        // Trust may have gone between the upgrade request and now: check before the first line is sent.
        if let refusal, let reason = await refusal() {
            try await outbound.close(.unknown(TaskLogMessage.unauthorizedCloseCode), reason: reason)
            return
        }
        let subscription = hub.subscribe(taskID: taskID)
        defer { hub.unsubscribe(taskID: taskID, id: subscription.id) }
        let (ready, readyContinuation) = AsyncStream<Void>.makeStream()
        try await withThrowingTaskGroup(of: StreamPart.self) { group in
            group.addTask {
                // Reads what the client sends; ends when it closes (or answers our close frame).
                for try await _ in inbound { readyContinuation.yield() }
                readyContinuation.finish()
                return .inbound
            }
            group.addTask {
                await Self.waitUntilReady(ready)
                try await self.sendLog(taskID: taskID, after: after, events: subscription.events, outbound: outbound)
                return .sender
            }
            if let refusal {
                group.addTask {
                    try await Self.closeWhenRefused(refusal, outbound: outbound)
                    return .revoked
                }
            }
            let first = try await group.next()
            if first == .sender || first == .revoked {
                // Our close frame is out: let the client answer it before the connection goes (cancelling the
                // inbound side early would close the channel and could drop the frames still being written).
                group.addTask {
                    try await Task.sleep(for: .seconds(5))
                    return .timeout
                }
                _ = try? await group.next()
            }
            group.cancelAll()
        }
    }

    /// Longest wait for the client's first message before sending anyway.
    static let readyTimeout: Duration = .milliseconds(250)

    /// Frames written right behind the upgrade answer were seen lost by swift-websocket clients under load, so
    /// the log starts once the client has spoken (``TaskLogMessage/ready``), or after ``readyTimeout``.
    private static func waitUntilReady(_ ready: AsyncStream<Void>) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await _ in ready { return }
            }
            group.addTask { try? await Task.sleep(for: readyTimeout) }
            await group.next()
            group.cancelAll()
        }
    }

    /// The concurrent parts of a log stream.
    private enum StreamPart: Sendable {
        case inbound
        case sender
        case revoked
        case timeout
    }

    /// Returns once `refusal` answered a reason and the stream was closed as unauthorised with it.
    private static func closeWhenRefused(_ refusal: @Sendable () async -> String?, outbound: WebSocketOutboundWriter)
        async throws
    {
        var reason: String?
        repeat {
            try await Task.sleep(for: reauthorizationInterval)
            reason = await refusal()
        } while reason == nil
        try await outbound.close(.unknown(TaskLogMessage.unauthorizedCloseCode), reason: reason)
    }

    private func sendLog(
        taskID: String, after: Int, events: AsyncStream<TaskLogEvent>, outbound: WebSocketOutboundWriter
    ) async throws {
        var cursor = after
        // Backlog, page by page; the subscription taken before buffers whatever arrives meanwhile.
        var page: TaskLogTailResponse
        repeat {
            guard TaskID.isPlausible(taskID),
                let next = try await store.tail(taskID: taskID, .after(cursor), limit: Self.linesPerMessage)
            else {
                try await outbound.close(.policyViolation, reason: "no such task")
                return
            }
            page = next
            try await send(.lines(page.lines), outbound: outbound)
            cursor = page.nextCursor
        } while page.hasMore
        if page.status.isFinished {
            try await send(.end(status: page.status, exitCode: page.exitCode), outbound: outbound)
            try await outbound.close(.normalClosure, reason: nil)
            return
        }
        for await event in events {
            switch event {
            case .lines(let lines):
                let fresh = lines.filter { $0.cursor > cursor }
                guard let first = fresh.first else { continue }
                if first.cursor > cursor + 1 {
                    // Never skip: fetch a gap from the store (cannot happen while subscribed, but costs nothing).
                    let gap = try await store.tail(taskID: taskID, .after(cursor), limit: first.cursor - cursor - 1)
                    try await send(.lines(gap?.lines ?? []), outbound: outbound)
                }
                try await send(.lines(fresh), outbound: outbound)
                cursor = fresh.last?.cursor ?? cursor
            case .end(let status, let exitCode):
                try await send(.end(status: status, exitCode: exitCode), outbound: outbound)
                try await outbound.close(.normalClosure, reason: nil)
                return
            }
        }
        // The hub dropped this follower (too far behind): it resumes by cursor.
        try await outbound.close(.goingAway, reason: "fell behind; resume from your last cursor")
    }

    private func send(_ message: TaskLogMessage, outbound: WebSocketOutboundWriter) async throws {
        if message.type == .lines, message.lines?.isEmpty ?? true { return }
        let text = String(decoding: try CompanionJSON.encode(message), as: UTF8.self)
        try await outbound.write(.text(text))
    }
}
