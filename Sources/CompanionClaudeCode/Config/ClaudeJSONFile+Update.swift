import CompanionFiles
import Foundation

extension ClaudeJSONFile {
    /// What a ``replace(_:)`` decision does with the file.
    package enum Replacement: Sendable {
        /// Leave it as it is.
        case unchanged
        /// Replace it with exactly these bytes.
        case bytes(Data)
        /// Remove it.
        case removed
    }

    /// Applies `change` to the file's object and writes the result, as the type's documentation describes.
    /// `change` may run more than once (once per attempt) and must only depend on the object it is given;
    /// it returns the value the caller wants back, or throws to cancel the update (nothing is written).
    /// Returns that value and whether the file was written (false when the change left the object as it was).
    @discardableResult
    package func update<Result>(
        _ change: (inout [String: Any]) throws -> Result
    ) throws -> (result: Result, written: Bool) {
        try replace { snapshot in
            var object = snapshot.object
            let result = try change(&object)
            let bytes = try Self.serialize(object)
            // (Foundation's dictionary equality is unreliable on Linux; the sorted serializations are not.)
            if snapshot.exists, try Self.serialize(snapshot.object) == bytes { return (.unchanged, result) }
            return (.bytes(bytes), result)
        }
    }

    /// The general form of ``update(_:)``: under the lock, `decide` gets the file as read (a malformed file
    /// throws before it is called) and says what becomes of it; the replacement (or removal) happens only if the
    /// file is still that version, else `decide` runs again on the new one, up to ``maxAttempts`` times.
    /// The previous version is kept as ``backupURL``.
    @discardableResult
    package func replace<Result>(
        _ decide: (ClaudeJSONSnapshot) throws -> (Replacement, Result)
    ) throws -> (result: Result, written: Bool) {
        if let project {
            // Written only where it really lies in the project (a `.claude` linked elsewhere is refused).
            do { _ = try ContainedFile.resolvedPath(url.path, within: project) } catch {
                if case .outside(let reason) = error {
                    throw ClaudeConfigFileError.outsideProject(path: url.path, reason: reason)
                }
            }
        }
        let lock = ClaudeConfigLock(file: url)
        try lock.acquire()
        defer { lock.release() }
        for _ in 0..<Self.maxAttempts {
            let snapshot = try read()
            let (replacement, result) = try decide(snapshot)
            switch replacement {
            case .unchanged:
                return (result, false)
            case .bytes(let bytes):
                // Someone who does not take the lock wrote since our read: decide again on their version.
                guard FileStamp(path: url.path) == snapshot.stamp else { continue }
                if snapshot.exists { try writeBackup(snapshot.bytes) }
                // The replacement happens only if the file is still the version read (checked in the same step as
                // the swap, see AtomicFile), else the change is applied again to the new version.
                let mode = FileMode.keeping(orNew: creationMode)
                if try Self.mapped({ () throws(FileWriteError) -> Bool in
                    try AtomicFile.replace(
                        url.path, with: bytes, mode: mode, ifStill: snapshot.stamp, beforeSwap: beforeSwap)
                }) {
                    return (result, true)
                }
            case .removed:
                guard snapshot.exists, let stamp = snapshot.stamp else { return (result, false) }
                guard FileStamp(path: url.path) == stamp else { continue }
                try writeBackup(snapshot.bytes)
                let aside = url.path + ".companion-conflict"
                if try Self.mapped({ () throws(FileWriteError) -> Bool in
                    try AtomicFile.remove(url.path, ifStill: stamp, keepingOtherVersionAt: aside)
                }) {
                    return (result, true)
                }
            }
        }
        throw ClaudeConfigFileError.contended(path: url.path, attempts: Self.maxAttempts)
    }

    private func writeBackup(_ bytes: Data) throws(ClaudeConfigFileError) {
        let path = backupURL.path
        try Self.mapped { () throws(FileWriteError) in try AtomicFile.replace(path, with: bytes, mode: .exactly(0o600))
        }
    }

    /// `body`'s file error as this layer's (`unwritable`, with the path and the system's error number).
    private static func mapped<T>(_ body: () throws(FileWriteError) -> T) throws(ClaudeConfigFileError) -> T {
        do throws(FileWriteError) { return try body() } catch {
            throw .unwritable(path: error.path, errno: error.errno)
        }
    }
}
