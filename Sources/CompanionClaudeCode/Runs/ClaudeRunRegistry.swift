import CompanionDatabase
import Foundation
import GRDB

/// The live runs' process groups, in `runs.sqlite` in the supervisor's state directory: a row is written when a
/// run's process starts and removed when it ends, so rows left after a crash name the processes to kill on the
/// next start (``ClaudeRunSupervisor/recoverInterruptedRuns()``).
struct ClaudeRunRegistry: Sendable {
    struct Entry: Codable, FetchableRecord, PersistableRecord, Equatable {
        static let databaseTableName = "claude_run"
        var runID: String
        var pid: Int32
        var processGroup: Int32
        /// `/proc/<pid>/stat` start time (clock ticks since boot).
        var startTime: Int64
        var bootID: String
        var tag: String?
        var workingDirectory: String
        var claudeSessionID: String?
        var startedAt: Date
    }

    private let database: DatabaseQueue

    init(directory: URL) throws {
        try FileManager.default.createDirectory(
            at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        database = try SQLiteDatabase.openQueue(
            path: directory.appendingPathComponent(Self.fileName).path, durability: .full, migrator: Self.migrator)
    }

    /// File name of the database inside the supervisor's state directory.
    static let fileName = "runs.sqlite"

    /// The schema. The first migration is the table as it shipped before the migrator (created if missing), so
    /// a database of that time is adopted as it is.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("runs-v1: claude_run") { db in
            try db.create(table: Entry.databaseTableName, ifNotExists: true) { table in
                table.primaryKey("runID", .text)
                table.column("pid", .integer).notNull()
                table.column("processGroup", .integer).notNull()
                table.column("startTime", .integer).notNull()
                table.column("bootID", .text).notNull()
                table.column("tag", .text)
                table.column("workingDirectory", .text).notNull()
                table.column("claudeSessionID", .text)
                table.column("startedAt", .datetime).notNull()
            }
        }
        return migrator
    }

    func record(_ entry: Entry) throws {
        try database.write { try entry.save($0) }
    }

    func setSessionID(_ sessionID: String, runID: String) throws {
        try database.write {
            try $0.execute(
                sql: "UPDATE claude_run SET claudeSessionID = ? WHERE runID = ?", arguments: [sessionID, runID])
        }
    }

    func remove(runID: String) throws {
        _ = try database.write { try Entry.deleteOne($0, key: runID) }
    }

    func all() throws -> [Entry] {
        try database.read { try Entry.fetchAll($0) }
    }
}
