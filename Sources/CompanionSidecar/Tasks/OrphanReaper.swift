import CompanionClaudeCode
import Foundation

/// Stops the process group of a task left behind by a sidecar that died, after checking that the process
/// really is that task's (its environment carries ``marker(taskID:)``), so a recycled process id is never signalled.
enum OrphanReaper {
    /// The marker every task's shell is started with (`COMPANION_TASK_ID=<task id>`, also the task's own variable).
    static func marker(taskID: String) -> ProcessMarker {
        ProcessMarker(variable: taskVariable, value: taskID)
    }

    /// The marker's variable.
    static let taskVariable = "COMPANION_TASK_ID"

    static func kill(processGroup pid: Int32, taskID: String) {
        guard pid > 1, marker(taskID: taskID).isCarried(by: pid) else { return }
        _ = Foundation.kill(-pid, SIGKILL)
    }
}
