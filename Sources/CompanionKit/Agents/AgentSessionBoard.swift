import CompanionAPI

/// The workstation's agent sessions as the `/ws` events (``WorkstationAgents/followEvents(subscribing:_:)``) describe
/// them, with what needs someone first: the state a live view (`companion watch`, an app's list) keeps between events.
///
/// A value with no I/O: ``apply(_:)`` folds one event in and says whether it raised attention; ``ordered`` lists
/// the sessions with those needing attention first, most recent activity first within each part. The permission
/// requests held for a device (`GET /api/attention`, ``pending(_:)``) are numbered in the order they are first
/// seen: a request keeps its number while it is listed and a number is never given to another, so an answer typed
/// for a number reaches the request shown with it, or none, never the next one.
public struct AgentSessionBoard: Sendable, Equatable {
    /// The sessions by id.
    public private(set) var sessions: [String: AgentSessionInfo] = [:]
    /// Every request held for this device as last listed (nil: not asked, or a sidecar that does not list them).
    public private(set) var held: [AgentPendingApproval]?
    private var numbers: [String: Int] = [:]
    private var nextNumber = 1

    /// An empty board.
    public init() {}

    /// Folds `event` in (a `snapshot` replaces every session, an update replaces its session, `removed` drops it)
    /// and returns the session whose attention it raised: one that now needs attention it did not need in the same
    /// form before, or, for a snapshot, the first session needing attention; nil otherwise.
    public mutating func apply(_ event: AgentEventMessage) -> AgentSessionInfo? {
        var raised: AgentSessionInfo?
        if let all = event.sessions { sessions = Dictionary(all.map { ($0.id, $0) }) { $1 } }
        if let session = event.session {
            let before = sessions[session.id]?.attention
            sessions[session.id] = session
            if session.attention != nil, before != session.attention { raised = session }
        }
        if event.type == "removed", let id = event.sessionId { sessions[id] = nil }
        if event.type == "snapshot", let first = event.sessions?.first(where: { $0.attention != nil }) {
            raised = first
        }
        return raised
    }

    /// True when `event` may have raised or settled a held request, so the held requests are worth listing again.
    public func mayChangeApprovals(_ event: AgentEventMessage) -> Bool {
        event.type == "snapshot" || event.type == "attention" || event.session?.state == "needs_input"
            || !(held ?? []).isEmpty
    }

    /// The held requests as the sidecar lists them (nil from an older sidecar: the sessions' attention is used).
    public mutating func pending(_ approvals: [AgentPendingApproval]?) {
        held = approvals
    }

    /// The sessions, those needing attention first, then by most recent activity.
    public var ordered: [AgentSessionInfo] {
        sessions.values.sorted {
            (($0.attention == nil ? 1 : 0), $1.lastActivity) < (($1.attention == nil ? 1 : 0), $0.lastActivity)
        }
    }

    /// How many sessions need attention.
    public var needingAttention: Int {
        sessions.values.filter { $0.attention != nil }.count
    }

    /// The ids of the requests to answer: the held requests as listed, else those in the sessions' attention, in
    /// ``ordered``'s order.
    public var approvalIDs: [String] {
        held?.map(\.approvalId) ?? ordered.compactMap { $0.attention?.approvalId }
    }

    /// The number of request `id`, given on first sight and kept.
    public mutating func number(of id: String) -> Int {
        if let number = numbers[id] { return number }
        defer { nextNumber += 1 }
        numbers[id] = nextNumber
        return nextNumber
    }

    /// The request a typed token names: the request numbered so, else the token itself (an id).
    public func approval(_ token: String) -> String {
        guard let number = Int(token) else { return token }
        return numbers.first { $0.value == number }?.key ?? token
    }

    /// The digest of request `id` as last listed (or shown in its session's attention), nil when unknown.
    public func digest(of id: String) -> String? {
        if let listed = held?.first(where: { $0.approvalId == id }) { return listed.digest }
        return sessions.values.compactMap(\.attention).first { $0.approvalId == id }?.digest
    }
}
