import CompanionFiles
import Foundation
import GRDB

extension ClaudeIndex {
    /// Checks every project directory and transcript (`stat`, then only the new bytes of changed files) and
    /// removes what is gone.
    @discardableResult
    package func refresh() async throws -> ClaudeIndexChange {
        let projects = projectsDirectory.projectNames()
        var change = try writing { db in
            let known = try String.fetchSet(db, sql: "SELECT dir FROM project")
            let removed = known.subtracting(projects)
            var change = ClaudeIndexChange(projectsChanged: removed != [] || !Set(projects).isSubset(of: known))
            for project in removed { change.merge(try removeProject(db, project)) }
            return change
        }
        for project in projects {
            change.merge(try update(project: project))
            await Task.yield()  // Let queries in between the projects of a long (cold) refresh.
        }
        publish(change)
        return change
    }

    /// Indexes what the watcher saw (or, when not watching, what a full check finds).
    @discardableResult
    func applyPending() async throws -> ClaudeIndexChange {
        guard let watcher else { return try await refresh() }
        if !watcher.watchesRoot, projectsDirectory.exists {
            // The projects directory appeared after the watcher started (Claude Code had not run yet on this
            // machine): watch it now, and index what is already in it.
            watcher.stop()
            self.watcher = nil
            try await startWatching()
            return ClaudeIndexChange(projectsChanged: true)
        }
        return try await apply(watcher.takePending())
    }

    /// Indexes the project directories the watcher reported (everything after an overflow or a change in the
    /// projects directory itself).
    @discardableResult
    func apply(_ pending: WatchedChanges) async throws -> ClaudeIndexChange {
        if pending.everything { return try await refresh() }
        var change = ClaudeIndexChange()
        for project in pending.projects { change.merge(try update(project: project)) }
        publish(change)
        return change
    }

    /// Brings one project directory up to date: its transcripts, then its row.
    func update(project: String) throws -> ClaudeIndexChange {
        let onDisk = projectsDirectory.hasProject(project) ? projectsDirectory.sessionIds(inProject: project) : nil
        return try database.writeWithoutTransaction { db in
            guard let onDisk else { return try removeProject(db, project) }
            var change = ClaudeIndexChange()
            let known = try String.fetchSet(
                db, sql: "SELECT session_id FROM session WHERE dir = ?", arguments: [project])
            for id in known.subtracting(onDisk) {
                if let stored = try StoredTranscript.fetch(db, dir: project, sessionId: id) {
                    try TranscriptTailer.remove(db, rowid: stored.rowid)
                    change.removedSessionIds.insert(id)
                }
            }
            var seen: [String: FileStamp] = [:]
            for row in try Row.fetchAll(
                db, sql: "SELECT session_id, inode, size, mtime_ns FROM session WHERE dir = ?", arguments: [project])
            {
                seen[row[0]] = FileStamp(inode: UInt64(bitPattern: row[1]), size: row[2], mtimeNanoseconds: row[3])
            }
            for id in onDisk {
                let path = "\(projectsDirectory.path)/\(project)/\(id).jsonl"
                if let stamp = seen[id], FileStamp(path: path) == stamp { continue }
                switch try TranscriptTailer.update(
                    db, dir: project, sessionId: id, path: path, maximumLineLength: maximumLineLength)
                {
                case .unchanged: break
                case .updated: change.updatedSessionIds.insert(id)
                case .removed: change.removedSessionIds.insert(id)
                }
            }
            if try !change.isEmpty || projectRowMissing(db, project) {
                change.projectsChanged = try saveProject(db, project) || change.projectsChanged
            }
            return change
        }
    }

    /// Re-reads the changed part of one session's transcript, if its `stat` changed (the per-request check).
    func update(session stored: (dir: String, sessionId: String)) throws {
        let path = "\(projectsDirectory.path)/\(stored.dir)/\(stored.sessionId).jsonl"
        let outcome = try database.writeWithoutTransaction { db in
            try TranscriptTailer.update(
                db, dir: stored.dir, sessionId: stored.sessionId, path: path, maximumLineLength: maximumLineLength)
        }
        switch outcome {
        case .unchanged: break
        case .updated: publish(ClaudeIndexChange(updatedSessionIds: [stored.sessionId]))
        case .removed: publish(ClaudeIndexChange(removedSessionIds: [stored.sessionId]))
        }
    }

    private func projectRowMissing(_ db: Database, _ project: String) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT COUNT(*) = 0 FROM project WHERE dir = ?", arguments: [project]) ?? true
    }

    /// Writes the project's row (path from its earliest session's `cwd`); whether it is new or its path changed.
    private func saveProject(_ db: Database, _ project: String) throws -> Bool {
        let cwd = try String.fetchOne(
            db,
            sql: """
                SELECT cwd FROM session WHERE dir = ? AND cwd IS NOT NULL
                ORDER BY created_at IS NULL, created_at, session_id LIMIT 1
                """, arguments: [project])
        let path = cwd ?? project.replacingOccurrences(of: "-", with: "/")
        let before = try String.fetchOne(db, sql: "SELECT path FROM project WHERE dir = ?", arguments: [project])
        guard before != path else { return false }
        try db.execute(
            sql: "INSERT OR REPLACE INTO project (dir, id, path, path_from_transcripts) VALUES (?, ?, ?, ?)",
            arguments: [project, ProjectID.forPath(path).uuidString, path, cwd != nil])
        return true
    }

    private func removeProject(_ db: Database, _ project: String) throws -> ClaudeIndexChange {
        var change = ClaudeIndexChange(projectsChanged: true)
        let rows = try Row.fetchAll(
            db, sql: "SELECT rowid, session_id FROM session WHERE dir = ?", arguments: [project])
        for row in rows {
            try TranscriptTailer.remove(db, rowid: row[0])
            change.removedSessionIds.insert(row[1])
        }
        try db.execute(sql: "DELETE FROM project WHERE dir = ?", arguments: [project])
        return change
    }
}
