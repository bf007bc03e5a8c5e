import CompanionFiles
import Foundation

/// File-system primitives of the file vault: a private directory, an advisory lock, and atomic replacement (the
/// package's one atomic writer, `AtomicFile`, with the vault's errors).
enum LockedFile {
    /// Creates `directory` (and missing parents) with mode 0700. An existing directory is left as it is;
    /// `companion keys audit` warns when its permissions are too open.
    static func ensurePrivateDirectory(_ directory: URL) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue {
            return
        }
        try ensurePrivateDirectory(directory.deletingLastPathComponent())
        guard mkdir(directory.path, 0o700) == 0 || errno == EEXIST else {
            throw VaultError.io(path: directory.path, operation: "create directory", errno: errno)
        }
    }

    /// Runs `body` while holding a `flock` on `lockPath` (created 0600 if needed): exclusive for writers,
    /// shared for readers. The lock is a separate file because the vault itself is replaced by rename.
    static func withLock<T>(_ lockPath: URL, exclusive: Bool, _ body: () throws -> T) throws -> T {
        let fd = open(lockPath.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw VaultError.io(path: lockPath.path, operation: "open lock file", errno: errno) }
        defer { close(fd) }
        while flock(fd, exclusive ? LOCK_EX : LOCK_SH) != 0 {
            guard errno == EINTR else { throw VaultError.io(path: lockPath.path, operation: "lock", errno: errno) }
        }
        defer { flock(fd, LOCK_UN) }
        return try body()
    }

    /// The file's bytes, or nil when it does not exist.
    static func read(_ path: URL) throws -> [UInt8]? {
        do throws(FileWriteError) { return try AtomicFile.read(path.path) } catch {
            throw VaultError.io(path: error.path, operation: error.operation, errno: error.errno)
        }
    }

    /// Replaces `path` atomically with `bytes`, mode 0600, through the package's one atomic writer (`AtomicFile`:
    /// a temporary file beside it, flushed, renamed over it, the directory flushed). On any failure `path` is
    /// untouched. `durable: false` skips both flushes (still atomic, may be lost on power failure): for bookkeeping.
    static func replace(_ path: URL, with bytes: [UInt8], durable: Bool = true) throws {
        do throws(FileWriteError) {
            try AtomicFile.replace(path.path, with: bytes, mode: .exactly(0o600), durable: durable)
        } catch {
            throw VaultError.io(path: error.path, operation: error.operation, errno: error.errno)
        }
    }
}
