import Foundation

/// A run found in the registry at start-up: the previous supervisor ended without seeing it end.
package struct ClaudeInterruptedRun: Sendable, Equatable {
    /// The supervisor's id of the run (``ClaudeRun/id``).
    package let runID: UUID
    /// The caller's label (e.g. the sidecar's session id): mark that session not active.
    package let tag: String?
    /// Claude's session id, if the run had got its `system/init`.
    package let claudeSessionID: String?
    /// The project directory it ran in.
    package let workingDirectory: String
    /// Processes of its group that were still alive and were killed now.
    package let killedProcesses: Int

    /// Creates a value.
    package init(runID: UUID, tag: String?, claudeSessionID: String?, workingDirectory: String, killedProcesses: Int) {
        self.runID = runID
        self.tag = tag
        self.claudeSessionID = claudeSessionID
        self.workingDirectory = workingDirectory
        self.killedProcesses = killedProcesses
    }
}
