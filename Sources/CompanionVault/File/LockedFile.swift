import Foundation

/// File-system primitives of the file vault: a private directory, an advisory lock, and atomic replacement.
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
        let fd = open(path.path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw VaultError.io(path: path.path, operation: "open", errno: errno)
        }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw VaultError.io(path: path.path, operation: "read", errno: errno)
            }
            if n == 0 { return bytes }
            bytes += chunk[..<n]
        }
    }

    /// Replaces `path` atomically: write a 0600 temporary file beside it, fsync it, rename it over `path`,
    /// then fsync the directory so the rename itself is durable. On any failure `path` is untouched.
    /// `durable: false` skips both fsyncs (still atomic, may be lost on power failure): for bookkeeping only.
    static func replace(_ path: URL, with bytes: [UInt8], durable: Bool = true) throws {
        let directory = path.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent(
            ".\(path.lastPathComponent).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        let fd = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw VaultError.io(path: temporary.path, operation: "create", errno: errno) }
        var done = false
        defer {
            if !done { unlink(temporary.path) }
        }
        do {
            defer { close(fd) }
            var offset = 0
            while offset < bytes.count {
                let n = bytes.withUnsafeBytes { Foundation.write(fd, $0.baseAddress! + offset, $0.count - offset) }
                if n < 0 {
                    if errno == EINTR { continue }
                    throw VaultError.io(path: temporary.path, operation: "write", errno: errno)
                }
                offset += n
            }
            guard fchmod(fd, 0o600) == 0, !durable || fsync(fd) == 0 else {
                throw VaultError.io(path: temporary.path, operation: "sync", errno: errno)
            }
        }
        guard rename(temporary.path, path.path) == 0 else {
            throw VaultError.io(path: path.path, operation: "replace", errno: errno)
        }
        done = true
        guard durable else { return }
        let dirfd = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard dirfd >= 0 else { throw VaultError.io(path: directory.path, operation: "open", errno: errno) }
        defer { close(dirfd) }
        guard fsync(dirfd) == 0 else { throw VaultError.io(path: directory.path, operation: "sync", errno: errno) }
    }
}
