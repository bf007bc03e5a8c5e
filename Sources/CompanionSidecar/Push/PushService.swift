import CompanionAPI
import CompanionAgents
import CompanionCrypto
import CompanionPush
import Foundation
import Logging
import Synchronization

/// Web Push of the sidecar: the subscriptions devices make (`/companion/push…`) and the messages sent to them when
/// an agent needs a person or a task ends. A message goes to every subscription of every device with the `read`
/// scope, the scope that can see what it points at (`GET /api/attention`, `GET /v1/tasks/{id}`); each is encrypted
/// for its subscription (RFC 8291) and signed with the VAPID key (RFC 8292). Deliveries run beside the event that
/// caused them and never hold it up.
package final class PushService: Sendable {
    package let settings: PushSettings
    let registry: Registry
    let policy: PushEndpointPolicy
    let sender: PushSender
    /// The HTTP clients of the deliveries, one per push service address; closed by ``shutdown()``.
    let clients: PushClientPool
    let logger: Logger
    private let counts = Mutex(PushHealth())
    /// The attention each session was last notified about (approval id, or kind and time), so that a change that
    /// keeps the same attention sends nothing.
    private let notified = Mutex<[String: String]>([:])
    private let deliveries = Mutex<[UUID: Task<Void, Never>]>([:])

    init(settings: PushSettings, registry: Registry, publicURL: String, logger: Logger) {
        self.settings = settings
        self.registry = registry
        self.policy = PushEndpointPolicy(settings: settings)
        self.clients = PushClientPool(settings: settings)
        self.sender = PushSender(settings: settings, policy: policy, defaultSubject: publicURL, clients: clients)
        self.logger = logger
    }

    /// Messages sent and failed, subscriptions dropped, since the start.
    package var health: PushHealth { counts.withLock { $0 } }

    /// Keeps `request` for `deviceID`; throws 400 `push_endpoint_refused` for an endpoint the rules refuse, 400 for
    /// keys that are not a P-256 point and a 16-byte secret, 409 past the per-device limit.
    func subscribe(deviceID: String, _ request: PushSubscriptionRequest) async throws -> String {
        guard let point = Base64URL.decode(request.keys.p256dh), point.count == 65, point.first == 4,
            let auth = Base64URL.decode(request.keys.auth), auth.count == 16
        else {
            throw SidecarError.badRequest(
                "keys.p256dh must be an uncompressed P-256 point (65 bytes) and keys.auth 16 bytes, both base64url")
        }
        do { _ = try WebPushEncryption.encrypt([], p256dh: point, auth: auth) } catch {
            throw SidecarError.badRequest("keys.p256dh is not a point on P-256: \(error)")
        }
        if case .failure(let refusal) = await policy.check(request.endpoint) {
            throw SidecarError(.pushEndpointRefused, refusal.message)
        }
        guard
            let id = try await registry.addPushSubscription(
                deviceID: deviceID, endpoint: request.endpoint, p256dh: request.keys.p256dh, auth: request.keys.auth,
                limit: settings.maxSubscriptionsPerDevice, at: Date())
        else {
            throw SidecarError(
                .conflict,
                "this device already holds \(settings.maxSubscriptionsPerDevice) push subscriptions; delete one first")
        }
        return id
    }

    /// Sees an agent session change; a newly raised attention is notified.
    func agentChanged(_ change: AgentChange) {
        guard case .attention(let session) = change else { return }
        let key = session.attention.map {
            "\($0.kind.rawValue) \($0.approvalID ?? "\($0.since.timeIntervalSince1970)")"
        }
        let isNew = notified.withLock { notified in
            defer { notified[session.id] = key }
            return key != nil && notified[session.id] != key
        }
        guard isNew, let payload = PushMessages.attention(session, detail: settings.detail) else { return }
        send(payload, urgency: payload.kind == .attention ? "high" : "normal")
    }

    /// Sees a task end.
    func taskFinished(_ task: AgentTask, status: TaskStatus) {
        send(PushMessages.taskFinished(task, status: status, detail: settings.detail), urgency: "normal")
    }

    /// Sends `payload` to every subscription of every device with `read`, in the background.
    func send(_ payload: PushPayload, urgency: String) {
        let id = UUID()
        let task = Task { [self] in
            await deliver(payload, urgency: urgency)
            _ = deliveries.withLock { $0.removeValue(forKey: id) }
        }
        deliveries.withLock { $0[id] = task }
    }

    /// Cancels the deliveries under way and waits for them, then closes the HTTP clients (the sidecar stops).
    func shutdown() async {
        let running = deliveries.withLock { deliveries in
            defer { deliveries = [:] }
            return Array(deliveries.values)
        }
        for task in running { task.cancel() }
        for task in running { await task.value }
        await clients.shutdown()
    }

    private func deliver(_ payload: PushPayload, urgency: String) async {
        let subscriptions: [PushSubscriptionRecord]
        do { subscriptions = try await registry.pushSubscriptions().filter { $0.scopes.contains(.read) } } catch {
            logger.error("push: cannot read the subscriptions: \(error)")
            return
        }
        guard !subscriptions.isEmpty, let plaintext = try? CompanionJSON.encode(payload) else { return }
        await withTaskGroup(of: Void.self) { group in
            for subscription in subscriptions {
                group.addTask { await self.deliver([UInt8](plaintext), to: subscription, urgency: urgency) }
            }
        }
    }

    private func deliver(_ plaintext: [UInt8], to subscription: PushSubscriptionRecord, urgency: String) async {
        // Padded to a multiple of 128 bytes, so the length says less about the text.
        let padding = min(
            (128 - (plaintext.count + 1) % 128) % 128, WebPushEncryption.maximumPlaintextBytes - plaintext.count)
        guard let p256dh = Base64URL.decode(subscription.p256dh), let auth = Base64URL.decode(subscription.auth),
            let body = try? WebPushEncryption.encrypt(plaintext, p256dh: p256dh, auth: auth, padding: max(0, padding))
        else {
            counts.withLock { $0.failed += 1 }
            return
        }
        switch await sender.deliver(body, to: subscription.endpoint, urgency: urgency) {
        case .sent:
            counts.withLock { $0.sent += 1 }
        case .gone:
            _ = try? await registry.removePushSubscription(id: subscription.id)
            counts.withLock { $0.dropped += 1 }
            logger.info("push: subscription \(subscription.id) is gone at its push service; dropped")
        case .failed(let why):
            counts.withLock { $0.failed += 1 }
            logger.warning("push: a message to subscription \(subscription.id) failed: \(why)")
        }
    }
}
