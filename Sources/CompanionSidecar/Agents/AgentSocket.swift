import CompanionAPI
import CompanionAgents
import Foundation
import Hummingbird
import HummingbirdWebSocket
import NIOWebSocket
import Synchronization

/// `WS /ws[?after=SEQ]`: the agent event stream (``AgentEventMessage``), behind the same guard as the REST routes.
///
/// A new client (no `after`) gets a `snapshot` of every session first; a client resuming from `after` gets every
/// event after it while the replay buffer still holds them, else a snapshot. Then live events, in sequence order;
/// `terminal_output` only for the sessions this connection subscribed to (`subscribe_terminal`). `send_input` types
/// into a session and is audited like `POST /api/sessions/:id/input`. A socket whose device is revoked is closed
/// with ``AgentEventMessage/unauthorizedCloseCode`` within ``reauthorizationInterval``.
struct AgentSocket {
    static let reauthorizationInterval: Duration = .milliseconds(100)
    static let maxClientMessageBytes = 64 * 1024
    static let unauthorizedReason = "this device is no longer trusted (revoked); pair again"
    static let readScopeReason = "this device no longer has the 'read' scope that /ws needs"

    let service: AgentsService

    func register(
        on router: Router<SidecarRequestContext>, authentication: SignatureOrKeyMiddleware,
        stillAuthorized: @escaping @Sendable (SidecarRequestContext) async -> Bool,
        scopes: @escaping @Sendable (SidecarRequestContext) async -> Set<DeviceScope>
    ) {
        router.group("ws").add(middleware: authentication).ws("") { _, _ in
            .upgrade([:])
        } onUpgrade: { inbound, outbound, context in
            let query = context.request.uri.queryParameters
            let after = query["after"].flatMap { Int($0) }
            let epoch = query["epoch"].map { String($0) }
            let requestContext = context.requestContext
            try await stream(
                after: after.map { max(0, $0) }, epoch: epoch, inbound: inbound, outbound: outbound,
                deviceID: requestContext.authenticatedDeviceID, peer: requestContext.peerDescription,
                authorized: { await stillAuthorized(requestContext) },
                scopes: { await scopes(requestContext) })
        }
    }

    private enum Part: Sendable { case inbound, sender, revoked }

    /// Serves one connection. `authorized` answers whether the device is still trusted and `scopes` what it may do
    /// now: both are asked again every ``reauthorizationInterval`` (a device that lost `read` is closed like a revoked
    /// one) and `scopes` again on every `send_input` (which needs `control`), so the owner narrowing a device's scopes
    /// applies to its open socket at once.
    func stream(
        after: Int?, epoch: String? = nil, inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter,
        deviceID: String?, peer: String, authorized: @escaping @Sendable () async -> Bool,
        scopes: @escaping @Sendable () async -> Set<DeviceScope>
    ) async throws {
        guard await authorized() else {
            try await outbound.close(.unknown(AgentEventMessage.unauthorizedCloseCode), reason: Self.unauthorizedReason)
            return
        }
        let subscription = service.hub.subscribe(after: after, epoch: epoch)
        let terminals = TerminalSubscriptions()
        defer { service.hub.unsubscribe(subscription.id) }
        try await withThrowingTaskGroup(of: Part.self) { group in
            group.addTask {
                do {
                    for try await message in inbound.messages(maxSize: Self.maxClientMessageBytes) {
                        guard case .text(let text) = message else { continue }
                        await handle(
                            text, terminals: terminals, outbound: outbound, deviceID: deviceID, scopes: scopes,
                            peer: peer)
                    }
                } catch {}
                return .inbound
            }
            group.addTask {
                try await send(subscription, after: after, terminals: terminals, outbound: outbound)
                return .sender
            }
            group.addTask {
                var reason: String?
                repeat {
                    try await Task.sleep(for: Self.reauthorizationInterval)
                    if !(await authorized()) {
                        reason = Self.unauthorizedReason
                    } else if !(await scopes()).contains(.read) {
                        reason = Self.readScopeReason
                    }
                } while reason == nil
                try await outbound.close(.unknown(AgentEventMessage.unauthorizedCloseCode), reason: reason)
                return .revoked
            }
            let first = try await group.next()
            if first == .sender {
                try? await outbound.close(.goingAway, reason: "resume from your last seq")
            }
            group.cancelAll()
        }
        for id in terminals.set.withLock({ $0 }) { await service.tmuxAgents.setSubscribed(id, false) }
    }

    private func send(
        _ subscription: AgentEventHub.Subscription, after: Int?, terminals: TerminalSubscriptions,
        outbound: WebSocketOutboundWriter
    ) async throws {
        var last: Int
        if let replay = subscription.replay {
            last = replay.last?.seq ?? after ?? 0
            for event in replay where event.terminalSessionID == nil {
                try await outbound.write(.text(event.text))
            }
        } else {
            // Every session the REST list shows, the sidecar's chats included.
            let (sessions, seq) = await service.snapshot()
            let snapshot = AgentEventMessage(
                type: "snapshot", seq: seq, sessions: sessions.map(AgentSessionInfo.init), epoch: service.hub.epoch)
            try await outbound.write(.text(String(decoding: try ClaudeAPIJSON.encode(snapshot), as: UTF8.self)))
            last = seq
        }
        for await event in subscription.events where event.seq > last {
            if let id = event.terminalSessionID, !terminals.set.withLock({ $0.contains(id) }) { continue }
            try await outbound.write(.text(event.text))
            last = event.seq
        }
    }

    private func handle(
        _ text: String, terminals: TerminalSubscriptions, outbound: WebSocketOutboundWriter, deviceID: String?,
        scopes: @Sendable () async -> Set<DeviceScope>, peer: String
    ) async {
        guard let message = try? ClaudeAPIJSON.decode(AgentClientMessage.self, from: Data(text.utf8)),
            let id = message.sessionId, ClaudeHookEvent.isPlausibleID(id)
        else {
            await reply(error: "a message must be JSON with type and session_id", outbound: outbound)
            return
        }
        guard let session = await service.store.session(id) else {
            await reply(error: "no agent session \(id)", outbound: outbound)
            return
        }
        switch message.type {
        case "subscribe_terminal":
            guard session.source == .tmux else {
                await reply(error: "session \(id) has no terminal the sidecar can read", outbound: outbound)
                return
            }
            let added = terminals.set.withLock { $0.insert(session.id).inserted }
            if added { await service.tmuxAgents.setSubscribed(session.id, true) }
            if let lines = try? await service.tmuxAgents.terminal(session, lines: 60) {
                service.hub.publish(AgentEventMessage(type: "terminal_output", sessionId: session.id, lines: lines))
            }
        case "unsubscribe_terminal":
            let removed = terminals.set.withLock { $0.remove(session.id) != nil }
            if removed { await service.tmuxAgents.setSubscribed(session.id, false) }
        case "send_input":
            // Asked now, not at connect: the owner may have narrowed this device's scopes since.
            guard await scopes().contains(.control) else {
                await reply(
                    error: "this device lacks the 'control' scope that send_input needs; the workstation owner can "
                        + "grant it when pairing (companion sidecar pair --scopes read,tasks,chat,control)",
                    outbound: outbound)
                return
            }
            let input = AgentInputRequest(text: message.text ?? "", enter: message.enter)
            if let problem = input.validationError() {
                await reply(error: problem, outbound: outbound)
                return
            }
            do {
                try await service.sendInput(
                    session, text: input.text, enter: input.enter ?? true, deviceID: deviceID, peer: peer)
            } catch let error as SidecarError {
                await reply(error: error.message, outbound: outbound)
            } catch {
                await reply(error: "the input could not be sent", outbound: outbound)
            }
        default:
            await reply(
                error: "unknown message type; use subscribe_terminal, unsubscribe_terminal or send_input",
                outbound: outbound)
        }
    }

    private func reply(error: String, outbound: WebSocketOutboundWriter) async {
        let message = AgentEventMessage(type: "error", message: error)
        guard let data = try? ClaudeAPIJSON.encode(message) else { return }
        try? await outbound.write(.text(String(decoding: data, as: UTF8.self)))
    }
}

/// The sessions one `/ws` connection subscribed to the terminals of.
final class TerminalSubscriptions: Sendable {
    let set = Mutex(Set<String>())
}
