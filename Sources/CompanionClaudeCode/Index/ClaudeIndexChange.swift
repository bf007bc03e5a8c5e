/// What one index update changed, as ``ClaudeIndex/changes()`` reports it.
package struct ClaudeIndexChange: Sendable, Hashable {
    /// Sessions whose transcript was read (new, appended or re-read).
    package var updatedSessionIds: Set<String> = []
    /// Sessions whose transcript is gone.
    package var removedSessionIds: Set<String> = []
    /// Project directories added or removed.
    package var projectsChanged = false

    /// Whether nothing changed.
    package var isEmpty: Bool { updatedSessionIds.isEmpty && removedSessionIds.isEmpty && !projectsChanged }

    /// A change.
    package init(
        updatedSessionIds: Set<String> = [], removedSessionIds: Set<String> = [], projectsChanged: Bool = false
    ) {
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
