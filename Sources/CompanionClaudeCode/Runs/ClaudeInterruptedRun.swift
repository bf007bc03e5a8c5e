import Foundation

/// A run found in the registry at start-up: the previous supervisor ended without seeing it end.
public struct ClaudeInterruptedRun: Sendable, Equatable {
    /// The supervisor's id of the run (``ClaudeRun/id``).
    public let runID: UUID
    /// The caller's label (e.g. the sidecar's session id): mark that session not active.
    public let tag: String?
    /// Claude's session id, if the run had got its `system/init`.
    public let claudeSessionID: String?
    /// The project directory it ran in.
    public let workingDirectory: String
    /// Processes of its group that were still alive and were killed now.
    public let killedProcesses: Int

    /// Creates a value.
    public init(runID: UUID, tag: String?, claudeSessionID: String?, workingDirectory: String, killedProcesses: Int) {
        self.runID = runID
        self.tag = tag
        self.claudeSessionID = claudeSessionID
        self.workingDirectory = workingDirectory
        self.killedProcesses = killedProcesses
    }
}
