import Foundation

/// Holds permission requests until the first decision or the hold time, whichever comes first.
///
/// A decision names the request's digest (what the deciding device showed) and is recorded before it takes effect:
/// ``decide(_:_:digest:recording:)`` claims the request (no other decision, expiry or settling can answer it
/// meanwhile), awaits the record, and only then answers the hook; a record that fails releases the claim.
package actor ApprovalCenter {
    /// How a decision attempt went.
    package enum DecideResult: Sendable, Equatable {
        /// This decision answered the request.
        case decided(ApprovalRequest)
        /// Someone decided first, or the hold time ran out and the terminal has the dialog now.
        case alreadySettled(ApprovalRequest)
        /// The digest given is missing or not the held request's: nothing was decided.
        case digestMismatch(ApprovalRequest)
        /// An allow of a request whose input is too long to be shown to a device: nothing was decided.
        case inputNotShown(ApprovalRequest)
        /// An `always` allow of a request Claude Code suggested no rule for (it would have to allow the whole tool):
        /// nothing was decided.
        case noRuleToKeep(ApprovalRequest)
        /// No such request.
        case unknown
    }

    private struct Held {
        var request: ApprovalRequest
        /// Set once someone waits for the answer (``wait(_:holdTime:)``).
        var continuation: CheckedContinuation<PermissionDecision?, Never>?
        /// A decision that came before anyone waited.
        var early: PermissionDecision?
        /// A decision is being recorded: nothing else may answer the request until it is.
        var claimed = false
        /// The hold time ran out (or the session moved on) while claimed: ended once the claim is.
        var ended = false
    }

    private var held: [String: Held] = [:]
    /// Recently settled requests (for a clear "already decided" answer), oldest first, bounded.
    private var settled: [(String, ApprovalRequest)] = []
    private static let settledMemory = 256

    package init() {}

    /// The requests waiting now, oldest first.
    package func pending() -> [ApprovalRequest] {
        held.values.map(\.request).sorted { ($0.since, $0.id) < ($1.since, $1.id) }
    }

    /// Holds `request`: from now on a decision for it is kept. Raise it (show it to devices) after this, then
    /// ``wait(_:holdTime:)`` for the answer.
    package func register(_ request: ApprovalRequest) {
        held[request.id] = Held(request: request)
    }

    /// The decision for registered request `id`, or nil when `holdTime` passed first (or it was settled without one).
    package func wait(_ id: String, holdTime: Duration) async -> PermissionDecision? {
        guard let entry = held[id] else { return nil }
        if let early = entry.early {
            held[id] = nil
            remember(entry.request)
            return early
        }
        let timer = Task {
            try? await Task.sleep(for: holdTime)
            await self.expire(id)
        }
        defer { timer.cancel() }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if held[id] == nil {
                    continuation.resume(returning: nil)
                } else {
                    held[id]?.continuation = continuation
                }
            }
        } onCancel: {
            Task { await self.expire(id) }
        }
    }

    /// ``register(_:)``, `raised`, then ``wait(_:holdTime:)``.
    package func hold(
        _ request: ApprovalRequest, holdTime: Duration, raised: @Sendable () async -> Void
    ) async -> PermissionDecision? {
        register(request)
        await raised()
        return await wait(request.id, holdTime: holdTime)
    }

    /// Answers request `id` with `decision` if it is still held and `digest` is its digest (hex, as shown): runs
    /// `recording` first (the audit row), and answers only once it returned; when it throws, nothing is decided.
    package func decide(
        _ id: String, _ decision: PermissionDecision, digest: String?,
        recording: @Sendable (ApprovalRequest) async throws -> Void = { _ in }
    ) async throws -> DecideResult {
        guard var entry = held[id], entry.early == nil, !entry.claimed else {
            if let request = settled.last(where: { $0.0 == id })?.1 ?? held[id]?.request {
                return .alreadySettled(request)
            }
            return .unknown
        }
        guard let digest, ApprovalRequest.digestsMatch(entry.request.digest, digest) else {
            return .digestMismatch(entry.request)
        }
        if case .allow(let always) = decision {
            if entry.request.input == nil, entry.request.inputBytes > 0 { return .inputNotShown(entry.request) }
            if always, entry.request.alwaysRules.isEmpty { return .noRuleToKeep(entry.request) }
        }
        entry.claimed = true
        held[id] = entry
        do {
            try await recording(entry.request)
        } catch {
            release(id)
            throw error
        }
        answer(id, decision)
        return .decided(entry.request)
    }

    /// Ends every request held for session `sessionKey` with no decision: the session went on without one (it was
    /// answered in its terminal), so a later decision could only be wrong.
    package func settle(sessionKey: String) {
        for (id, entry) in held where entry.request.sessionKey == sessionKey { expire(id) }
    }

    private func answer(_ id: String, _ decision: PermissionDecision) {
        guard var entry = held[id] else { return }
        guard let continuation = entry.continuation else {
            entry.early = decision
            entry.claimed = false
            held[id] = entry
            return
        }
        held[id] = nil
        remember(entry.request)
        continuation.resume(returning: decision)
    }

    private func release(_ id: String) {
        guard var entry = held[id] else { return }
        entry.claimed = false
        held[id] = entry
        if entry.ended { expire(id) }
    }

    private func expire(_ id: String) {
        guard var entry = held[id] else { return }
        if entry.claimed {
            entry.ended = true
            held[id] = entry
            return
        }
        held[id] = nil
        remember(entry.request)
        entry.continuation?.resume(returning: nil)
    }

    private func remember(_ request: ApprovalRequest) {
        settled.append((request.id, request))
        if settled.count > Self.settledMemory { settled.removeFirst(settled.count - Self.settledMemory) }
    }
}
