import Foundation

/// A run found in the registry at start-up: the previous supervisor ended without seeing it end.
public struct ClaudeInterruptedRun: Sendable, Equatable {
    public let runID: UUID
    /// The caller's label (e.g. the sidecar's session id): mark that session not active.
    public let tag: String?
    /// Claude's session id, if the run had got its `system/init`.
    public let claudeSessionID: String?
    public let workingDirectory: String
    /// Processes of its group that were still alive and were killed now.
    public let killedProcesses: Int

    public init(runID: UUID, tag: String?, claudeSessionID: String?, workingDirectory: String, killedProcesses: Int) {
        self.runID = runID
        self.tag = tag
        self.claudeSessionID = claudeSessionID
        self.workingDirectory = workingDirectory
        self.killedProcesses = killedProcesses
    }
}
