import Foundation

/// An environment entry, `NAME=value`, that a process CompanionKit starts is given and its children inherit, so
/// that a process found later by its id can be proven ours before it is signalled: after a crash the recorded
/// process group may have lost its leader, and a later, unrelated process can then lead a group with the same id
/// once ours is gone (and leave members behind when it exits, as a daemon's double fork does).
///
/// Claude Code runs carry ``claudeRun(_:)``; the sidecar's tasks carry `COMPANION_TASK_ID=<task id>`.
package struct ProcessMarker: Equatable, Sendable {
    /// The variable a Claude Code run's marker uses (its value is the run's id).
    package static let claudeRunVariable = "COMPANION_CLAUDE_RUN_ID"

    /// The environment variable's name.
    package let variable: String
    /// Its value, which names the run or task.
    package let value: String

    package init(variable: String, value: String) {
        self.variable = variable
        self.value = value
    }

    /// The marker of the Claude Code run `runID`.
    package static func claudeRun(_ runID: String) -> ProcessMarker {
        ProcessMarker(variable: claudeRunVariable, value: runID)
    }

    /// The entry as it appears in `/proc/<pid>/environ`.
    package var entry: String { variable + "=" + value }

    /// Whether process `pid`'s environment (`/proc/<pid>/environ`, readable for our own user's processes) has the
    /// entry; false when the process is gone or its environment cannot be read.
    package func isCarried(by pid: Int32) -> Bool {
        guard pid > 0, let environment = FileManager.default.contents(atPath: "/proc/\(pid)/environ") else {
            return false
        }
        let marker = Array(entry.utf8)
        return environment.split(separator: 0).contains { $0.elementsEqual(marker) }
    }
}
