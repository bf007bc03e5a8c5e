import CompanionAPI
import CompanionCrypto

/// What this device concluded from the sidecar's audit log head (`companion status`): it keeps the newest row it saw
/// (`PairingRecord.auditHead`) and, on the next signed status, asks for that row again. A head
/// lower than the stored one, or the stored row gone with no pruning covering it, is a rollback (the registry
/// was restored from an older copy or rows were deleted); the stored row with another hash is a fork (the log
/// was rewritten or replaced).
public struct AuditWitness: Sendable, Equatable, Codable {
    /// What was found.
    public enum Finding: String, Sendable, Codable {
        /// No head stored yet: this one is kept.
        case first
        /// The stored row is still there with the same hash (the head may have moved on).
        case progressed
        /// The stored row was removed by a recorded pruning; the new head is kept.
        case pruned
        /// The log went back: rows this device saw are gone.
        case rollback
        /// The row this device saw has another hash now: the log was rewritten.
        case fork
    }

    public var finding: Finding
    /// The head stored before this status.
    public var stored: AuditRowMark?
    /// The head the sidecar reported (nil for an empty log).
    public var head: AuditRowMark?

    /// True for a rollback or a fork.
    public var diverged: Bool { finding == .rollback || finding == .fork }

    /// Judges a signed status's witness fields against the stored head.
    public static func judge(stored: AuditRowMark?, status: CompanionStatusResponse) -> AuditWitness {
        let head = status.auditHead
        func result(_ finding: Finding) -> AuditWitness { AuditWitness(finding: finding, stored: stored, head: head) }
        guard let stored else { return result(.first) }
        guard let head, head.id >= stored.id else { return result(.rollback) }
        if let at = status.auditAt, at.id == stored.id {
            return result(ConstantTime.equals(Array(at.hash.utf8), Array(stored.hash.utf8)) ? .progressed : .fork)
        }
        return (status.auditPrunedThrough ?? 0) >= stored.id ? result(.pruned) : result(.rollback)
    }

    /// What happened, for a person.
    public var message: String {
        let saw = stored.map { "row \($0.id)" } ?? "-"
        let now = head.map { "row \($0.id)" } ?? "an empty log"
        switch finding {
        case .first: return "audit log head \(now) recorded"
        case .progressed: return "audit log intact since \(saw) (head now \(now))"
        case .pruned: return "\(saw) was pruned under the sidecar's retention; head now \(now)"
        case .rollback:
            return "the sidecar's audit log went back: this device last saw \(saw), the sidecar now has \(now) "
                + "and no pruning removed the rows in between (restored from an older copy, or rows deleted)"
        case .fork:
            return "the sidecar's audit log was rewritten: \(saw) has another hash than when this device saw it"
        }
    }
}
