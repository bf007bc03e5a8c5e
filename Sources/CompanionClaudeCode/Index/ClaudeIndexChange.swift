/// What one index update changed, as ``ClaudeIndex/changes()`` reports it.
public struct ClaudeIndexChange: Sendable, Hashable {
    /// Sessions whose transcript was read (new, appended or re-read).
    public var updatedSessionIds: Set<String> = []
    /// Sessions whose transcript is gone.
    public var removedSessionIds: Set<String> = []
    /// Project directories added or removed.
    public var projectsChanged = false

    /// Whether nothing changed.
    public var isEmpty: Bool { updatedSessionIds.isEmpty && removedSessionIds.isEmpty && !projectsChanged }

    /// A change.
    public init(updatedSessionIds: Set<String> = [], removedSessionIds: Set<String> = [], projectsChanged: Bool = false)
    {
        self.updatedSessionIds = updatedSessionIds
        self.removedSessionIds = removedSessionIds
        self.projectsChanged = projectsChanged
    }

    mutating func merge(_ other: ClaudeIndexChange) {
        updatedSessionIds.formUnion(other.updatedSessionIds)
        removedSessionIds.formUnion(other.removedSessionIds)
        projectsChanged = projectsChanged || other.projectsChanged
    }
}
