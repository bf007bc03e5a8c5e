import CompanionFiles
import Foundation
import GRDB

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Brings one transcript's rows up to date by reading only the bytes after the stored offset. A file that
/// shrank below the offset, has another inode, or whose first bytes changed is re-read from zero; a file whose
/// inode, size and modification time are unchanged is not opened beyond its `fstat`. Messages are written in
/// batches (one transaction each), so a 500 MB transcript never sits in memory whole.
enum TranscriptTailer {
    enum Outcome {
        case unchanged
        case updated
        case removed
    }

    static let headLength = 64
    static let batchSize = 4096

    static func update(
        _ db: Database, dir: String, sessionId: String, path: String, maximumLineLength: Int
    ) throws -> Outcome {
        let stored = try StoredTranscript.fetch(db, dir: dir, sessionId: sessionId)
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        var info = stat()
        guard descriptor >= 0, fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            if descriptor >= 0 { close(descriptor) }
            guard let stored else { return .unchanged }
            try remove(db, rowid: stored.rowid)
            return .removed
        }
        defer { close(descriptor) }
        let stamp = FileStamp(info)
        let (inode, size, mtime) = (stamp.inode, stamp.size, stamp.mtimeNanoseconds)
        if let stored, stored.inode == inode, stored.size == size, stored.mtimeNanoseconds == mtime {
            return .unchanged
        }
        var state: StoredTranscript
        var openToolUses: [String: Int] = [:]
        if let stored, stored.inode == inode, size >= stored.offset,
            readHead(descriptor, count: stored.head.count) == stored.head
        {
            state = stored
            openToolUses = try fetchOpenToolUses(db, rowid: stored.rowid)
        } else if let stored {
            try db.execute(sql: "DELETE FROM message WHERE session = ?", arguments: [stored.rowid])
            state = StoredTranscript(rowid: stored.rowid)
        } else {
            try db.execute(sql: "INSERT INTO session (dir, session_id) VALUES (?, ?)", arguments: [dir, sessionId])
            state = StoredTranscript(rowid: db.lastInsertedRowID)
        }
        state.inode = inode
        var accumulator = TranscriptAccumulator(
            facts: state.facts, nextIndex: state.facts.messageCount, openToolUses: openToolUses)
        var batch = LineBatch()
        func fold() throws {
            for line in batch.parse() { accumulator.add(line) }
            if accumulator.newMessages.count >= batchSize {
                state.offset = Int64(batch.endOffset)
                state.size = -1  // An interrupted tail resumes from `offset`.
                try flush(db, &accumulator, &state)
            }
        }
        let outcome = try JSONLLineReader.read(
            descriptor: descriptor, from: UInt64(state.offset), maximumLineLength: maximumLineLength
        ) { line, start in
            batch.append(line, start: start)
            if batch.isFull { try fold() }
        }
        if !batch.isEmpty { try fold() }
        state.offset = Int64(outcome.endOffset)
        state.size = size
        state.mtimeNanoseconds = mtime
        state.skipped += outcome.oversizedLineCount
        state.head = readHead(descriptor, count: Int(min(Int64(headLength), state.offset)))
        try flush(db, &accumulator, &state)
        return .updated
    }

    static func remove(_ db: Database, rowid: Int64) throws {
        try db.execute(sql: "DELETE FROM message WHERE session = ?", arguments: [rowid])
        try db.execute(sql: "DELETE FROM session WHERE rowid = ?", arguments: [rowid])
    }

    private static func flush(
        _ db: Database, _ accumulator: inout TranscriptAccumulator, _ state: inout StoredTranscript
    ) throws {
        try db.inTransaction {
            let insert = try db.cachedStatement(
                sql: """
                    INSERT INTO message (session, idx, role, kind, text, tool_name, tool_use_id, tool_input,
                        tool_result, is_error, timestamp, uuid, model, truncated)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """)
            for message in accumulator.newMessages {
                try insert.execute(arguments: [
                    state.rowid, message.index, message.role.rawValue, message.kind.rawValue, message.text,
                    message.toolName, message.toolUseId, message.toolInput, message.toolResult, message.isError,
                    message.timestamp?.timeIntervalSince1970, message.uuid, message.model, message.isTruncated,
                ])
            }
            let pair = try db.cachedStatement(
                sql: """
                    UPDATE message SET tool_result = ?, is_error = ?, truncated = truncated OR ?
                    WHERE session = ? AND idx = ?
                    """)
            for (index, result) in accumulator.earlierResults {
                try pair.execute(arguments: [result.text, result.isError, result.isTruncated, state.rowid, index])
            }
            state.facts = accumulator.facts
            state.skipped += accumulator.malformedLineCount
            try state.save(db)
            return .commit
        }
        accumulator = TranscriptAccumulator(
            facts: accumulator.facts, nextIndex: accumulator.nextIndex, openToolUses: accumulator.openToolUses)
    }

    private static func fetchOpenToolUses(_ db: Database, rowid: Int64) throws -> [String: Int] {
        var open: [String: Int] = [:]
        let rows = try Row.fetchCursor(
            db,
            sql: "SELECT tool_use_id, idx FROM message WHERE session = ? AND kind = 'toolUse' AND tool_result IS NULL",
            arguments: [rowid])
        while let row = try rows.next() {
            if let id = row[0] as String? { open[id] = row[1] }
        }
        return open
    }

    private static func readHead(_ descriptor: Int32, count: Int) -> [UInt8] {
        guard count > 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: count)
        let got = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, 0) }
        return got == count ? bytes : []
    }
}
