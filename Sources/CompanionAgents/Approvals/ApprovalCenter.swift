import CompanionCrypto
import Foundation

/// A permission request held for a paired device to decide.
public struct ApprovalRequest: Sendable, Equatable {
    /// Random id a device decides by.
    public var id: String
    /// The session it belongs to (an agent id or Claude Code's `session_id`).
    public var sessionKey: String
    public var toolName: String?
    public var inputSummary: String?
    public var project: String?
    public var since: Date
    /// SHA-256 (hex) of the tool name and input, recorded in the audit log with the decision.
    public var digest: String

    public init(
        id: String = ApprovalRequest.newID(), sessionKey: String, toolName: String?, inputSummary: String?,
        project: String?, since: Date, digestSource: [UInt8]
    ) {
        self.id = id
        self.sessionKey = sessionKey
        self.toolName = toolName
        self.inputSummary = inputSummary
        self.project = project
        self.since = since
        self.digest = HexEncoding.lowercase(SHA256.hash(digestSource))
    }

    /// `ap-` and 12 random base64url characters.
    public static func newID() -> String { "ap-" + SecureRandom.token(byteCount: 9) }
}

/// Holds permission requests until the first decision or the hold time, whichever comes first.
public actor ApprovalCenter {
    /// How a decision attempt went.
    public enum DecideResult: Sendable, Equatable {
        /// This decision answered the request.
        case decided(ApprovalRequest)
        /// Someone decided first, or the hold time ran out and the terminal has the dialog now.
        case alreadySettled(ApprovalRequest)
        /// No such request.
        case unknown
    }

    private struct Held {
        var request: ApprovalRequest
        /// Set once someone waits for the answer (``wait(_:holdTime:)``).
        var continuation: CheckedContinuation<PermissionDecision?, Never>?
        /// A decision that came before anyone waited.
        var early: PermissionDecision?
    }

    private var held: [String: Held] = [:]
    /// Recently settled requests (for a clear "already decided" answer), oldest first, bounded.
    private var settled: [(String, ApprovalRequest)] = []
    private static let settledMemory = 256

    public init() {}

    /// The requests waiting now, oldest first.
    public func pending() -> [ApprovalRequest] {
        held.values.map(\.request).sorted { ($0.since, $0.id) < ($1.since, $1.id) }
    }

    /// Holds `request`: from now on a decision for it is kept. Raise it (show it to devices) after this, then
    /// ``wait(_:holdTime:)`` for the answer.
    public func register(_ request: ApprovalRequest) {
        held[request.id] = Held(request: request)
    }

    /// The decision for registered request `id`, or nil when `holdTime` passed first (or it was settled without one).
    public func wait(_ id: String, holdTime: Duration) async -> PermissionDecision? {
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
    public func hold(
        _ request: ApprovalRequest, holdTime: Duration, raised: @Sendable () async -> Void
    ) async -> PermissionDecision? {
        register(request)
        await raised()
        return await wait(request.id, holdTime: holdTime)
    }

    /// Answers request `id` with `decision` if it is still held.
    public func decide(_ id: String, _ decision: PermissionDecision) -> DecideResult {
        guard var entry = held[id], entry.early == nil else {
            if let request = settled.last(where: { $0.0 == id })?.1 ?? held[id]?.request {
                return .alreadySettled(request)
            }
            return .unknown
        }
        guard let continuation = entry.continuation else {
            entry.early = decision
            held[id] = entry
            return .decided(entry.request)
        }
        held[id] = nil
        remember(entry.request)
        continuation.resume(returning: decision)
        return .decided(entry.request)
    }

    /// Ends every request held for session `sessionKey` with no decision: the session went on without one (it was
    /// answered in its terminal), so a later decision could only be wrong.
    public func settle(sessionKey: String) {
        for (id, entry) in held where entry.request.sessionKey == sessionKey { expire(id) }
    }

    private func expire(_ id: String) {
        guard let entry = held.removeValue(forKey: id) else { return }
        remember(entry.request)
        entry.continuation?.resume(returning: nil)
    }

    private func remember(_ request: ApprovalRequest) {
        settled.append((request.id, request))
        if settled.count > Self.settledMemory { settled.removeFirst(settled.count - Self.settledMemory) }
    }
}
