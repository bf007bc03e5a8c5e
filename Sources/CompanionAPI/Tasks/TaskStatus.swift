/// State of a task or of one of its steps: `queued`, `running`, `succeeded`, `failed` or `cancelled`.
public enum TaskStatus: String, Codable, Sendable, CaseIterable {
    case queued
    case running
    case succeeded
    case failed
    case cancelled

    /// True once nothing more will happen: succeeded, failed or cancelled.
    public var isFinished: Bool {
        switch self {
        case .queued, .running: false
        case .succeeded, .failed, .cancelled: true
        }
    }
}
