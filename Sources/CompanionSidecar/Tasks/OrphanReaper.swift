import Foundation

/// Stops the process group of a task left behind by a sidecar that died, after checking that the process
/// really is that task's (its environment names the task), so a recycled process id is never signalled.
enum OrphanReaper {
    static func kill(processGroup pid: Int32, taskID: String) {
        guard pid > 1, belongs(pid: pid, to: taskID) else { return }
        _ = Foundation.kill(-pid, SIGKILL)
    }

    static func belongs(pid: Int32, to taskID: String) -> Bool {
        guard let environment = FileManager.default.contents(atPath: "/proc/\(pid)/environ") else { return false }
        let marker = Array("COMPANION_TASK_ID=\(taskID)".utf8)
        return environment.split(separator: 0).contains { Array($0) == marker }
    }
}
