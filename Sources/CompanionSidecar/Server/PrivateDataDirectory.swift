import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Keeps the sidecar's data directory and everything in it private to the user running the sidecar.
///
/// - A missing data directory is created with mode `0700` (set explicitly, whatever the umask); its missing
///   parents are created as `mkdir -p` would.
/// - An existing data directory is used only when it is this user's and its mode grants nothing to group and
///   others; otherwise ``UnsafeDataDirectory`` says what is wrong and how to fix it (`chmod 700 DIR`), as `ssh`
///   does for its keys. Its mode is never changed behind the user's back.
/// - Files in it (`registry.sqlite`, its `-wal` and `-shm`, `sidecar.lock`) are created `0600` before anyone
///   else opens them; SQLite gives `-wal` and `-shm` the mode of the database file. An existing file of ours
///   with a wider mode is narrowed to `0600`: the directory is private, so this only repairs files written by
///   older versions.
/// - Subdirectories (`tasks/<id>/workspace`) are created `0700`.
enum PrivateDataDirectory {
    /// Checks `directory`, or creates it `0700`. Throws ``UnsafeDataDirectory``.
    static func prepare(_ directory: URL) throws {
        let path = directory.path
        var info = stat()
        if stat(path, &info) != 0 {
            guard errno == ENOENT else { throw posixError(errno, path) }
            try FileManager.default.createDirectory(
                at: directory.deletingLastPathComponent(), withIntermediateDirectories: true)
            if mkdir(path, 0o700) == 0 {
                guard chmod(path, 0o700) == 0 else { throw posixError(errno, path) }
                return
            }
            guard errno == EEXIST else { throw posixError(errno, path) }
            guard stat(path, &info) == 0 else { throw posixError(errno, path) }
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw UnsafeDataDirectory(path: path, problem: .notADirectory)
        }
        guard info.st_uid == geteuid() else {
            throw UnsafeDataDirectory(path: path, problem: .ownedByAnotherUser(uid: info.st_uid))
        }
        let mode = UInt16(info.st_mode & 0o7777)
        guard mode & 0o077 == 0 else {
            throw UnsafeDataDirectory(path: path, problem: .accessibleByOthers(mode: mode))
        }
    }

    /// Opens (creating `0600` if `create`) the regular file at `path` without following a symbolic link,
    /// narrows a wider mode to `0600`, and returns the descriptor (the caller closes it). Nil when the file
    /// does not exist and `create` is false.
    static func openPrivateFile(_ path: String, create: Bool) throws -> Int32? {
        let flags = O_RDWR | O_CLOEXEC | O_NOFOLLOW | (create ? O_CREAT : 0)
        let descriptor = open(path, flags, 0o600)
        guard descriptor >= 0 else {
            if !create, errno == ENOENT { return nil }
            throw posixError(errno, path)
        }
        do {
            var info = stat()
            guard fstat(descriptor, &info) == 0 else { throw posixError(errno, path) }
            guard info.st_mode & S_IFMT == S_IFREG else {
                throw UnsafeDataDirectory(path: path, problem: .notARegularFile)
            }
            guard info.st_uid == geteuid() else {
                throw UnsafeDataDirectory(path: path, problem: .ownedByAnotherUser(uid: info.st_uid))
            }
            if info.st_mode & 0o077 != 0, fchmod(descriptor, 0o600) != 0 { throw posixError(errno, path) }
        } catch {
            close(descriptor)
            throw error
        }
        return descriptor
    }

    /// ``openPrivateFile(_:create:)`` for files that are only prepared, not kept open.
    static func ensurePrivateFile(_ path: String, create: Bool) throws {
        if let descriptor = try openPrivateFile(path, create: create) { close(descriptor) }
    }

    /// Creates `directory` and its missing parents up to (not including) `root` with mode `0700`.
    static func createPrivateDirectories(_ directory: URL, below root: URL) throws {
        let rootPath = root.standardizedFileURL.path
        var missing: [URL] = []
        var current = directory.standardizedFileURL
        while current.path != rootPath, current.path.hasPrefix(rootPath + "/"),
            !FileManager.default.fileExists(atPath: current.path)
        {
            missing.append(current)
            current = current.deletingLastPathComponent()
        }
        for url in missing.reversed() {
            guard mkdir(url.path, 0o700) == 0 || errno == EEXIST else { throw posixError(errno, url.path) }
            guard chmod(url.path, 0o700) == 0 else { throw posixError(errno, url.path) }
        }
    }

    private static func posixError(_ code: Int32, _ path: String) -> NSError {
        NSError(
            domain: NSPOSIXErrorDomain, code: Int(code),
            userInfo: [NSFilePathErrorKey: path, NSLocalizedDescriptionKey: String(cString: strerror(code))])
    }
}
