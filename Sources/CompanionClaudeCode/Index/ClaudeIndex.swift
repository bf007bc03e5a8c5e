import CompanionDatabase
import Foundation
import GRDB
import Logging

/// The index of Claude Code's projects, sessions and transcripts, kept in an SQLite database (WAL) that the
/// sidecar owns: transcripts are tailed by byte offset into normalized messages, so listing sessions and paging a
/// transcript never re-parse a file. ``startWatching()`` keeps it fresh with inotify (debounced); every query
/// also applies the changes seen but not yet indexed (or, when not watching, checks every transcript's `stat`).
///
/// Transcript contents never go to the log; only counts and file names do.
package actor ClaudeIndex {
    /// The projects directory being indexed.
    package nonisolated let projectsDirectory: ClaudeProjectsDirectory
    let database: DatabasePool
    let maximumLineLength: Int
    let debounce: Duration
    let logger: Logger
    var watcher: InotifyWatcher?
    var subscribers: [UUID: AsyncStream<ClaudeIndexChange>.Continuation] = [:]

    /// Opens (or creates) the index at `databasePath` for the projects directory at `projectsDirectory`. Nothing
    /// is read until the first query or ``refresh()``.
    ///
    /// - Parameters:
    ///   - maximumLineLength: the cap on one transcript line (``JSONLLineReader/defaultMaximumLineLength``).
    ///   - debounce: how long the watcher waits for events to stop before indexing.
    package init(
        databasePath: String, projectsDirectory: String,
        maximumLineLength: Int = JSONLLineReader.defaultMaximumLineLength, debounce: Duration = .milliseconds(100),
        logger: Logger = Logger(label: "companion.claude-index")
    ) throws {
        database = try SQLiteDatabase.openPool(
            path: databasePath, durability: .normal, migrator: IndexSchema.migrator)
        self.projectsDirectory = ClaudeProjectsDirectory(path: projectsDirectory)
        self.maximumLineLength = maximumLineLength
        self.debounce = debounce
        self.logger = logger
    }

    deinit {
        watcher?.stop()
        for continuation in subscribers.values { continuation.finish() }
    }

    /// Starts the inotify watcher, then refreshes. (Without inotify, on macOS, every query checks every transcript.)
    package func startWatching() async throws {
        guard watcher == nil else { return }
        let watcher = InotifyWatcher(root: projectsDirectory.path, debounce: debounce) { [weak self] pending in
            guard let self else { return }
            Task { try? await self.apply(pending) }
        }
        try watcher.start(projects: projectsDirectory.projectNames())
        self.watcher = watcher
        try await refresh()
    }

    /// Stops the watcher and ends the ``changes()`` streams.
    package func stop() {
        watcher?.stop()
        watcher = nil
        for continuation in subscribers.values { continuation.finish() }
        subscribers = [:]
    }

    /// The index's updates, as they are made (by the watcher, a query or ``refresh()``).
    package func changes() -> AsyncStream<ClaudeIndexChange> {
        let (stream, continuation) = AsyncStream.makeStream(of: ClaudeIndexChange.self)
        let id = UUID()
        subscribers[id] = continuation
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            Task { await self.unsubscribe(id) }
        }
        return stream
    }

    private func unsubscribe(_ id: UUID) { subscribers[id] = nil }

    /// A read on the actor's thread (the synchronous `DatabasePool.read`, which async functions would not pick).
    func reading<T>(_ body: (Database) throws -> T) throws -> T { try database.read(body) }

    /// A write on the actor's thread (see ``reading(_:)``).
    func writing<T>(_ body: (Database) throws -> T) throws -> T { try database.write(body) }

    func publish(_ change: ClaudeIndexChange) {
        guard !change.isEmpty else { return }
        logger.debug(
            "Claude index updated",
            metadata: [
                "updated": "\(change.updatedSessionIds.count)", "removed": "\(change.removedSessionIds.count)",
                "projectsChanged": "\(change.projectsChanged)",
            ])
        for continuation in subscribers.values { continuation.yield(change) }
    }
}
