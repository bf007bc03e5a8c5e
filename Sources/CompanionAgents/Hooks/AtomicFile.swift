import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Whole-file reads and crash-safe replacement: the new bytes go to a temporary file beside the target, are
/// flushed (`fsync`), then renamed over it, and the directory is flushed, so a reader sees the old file or the new
/// one, never a mix, whatever happens in between.
enum AtomicFile {
    /// The file's bytes, or nil when it does not exist.
    static func read(_ path: String) throws(SettingsFileError) -> [UInt8]? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .io(path: path, reason: "it cannot be read")
        }
        return [UInt8](data)
    }

    /// Replaces (or creates) `path` with `bytes`, mode `mode`; the directory is created (0700) when missing.
    static func write(_ bytes: [UInt8], to path: String, mode: mode_t = 0o600) throws(SettingsFileError) {
        let directory = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .io(path: path, reason: "its directory cannot be created")
        }
        let temporary =
            directory
            + "/.\((path as NSString).lastPathComponent).companion-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard fd >= 0 else { throw .io(path: path, reason: "a temporary file cannot be created beside it") }
        var ok = fchmod(fd, mode) == 0
        var offset = 0
        while ok, offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if written <= 0 { ok = false } else { offset += written }
        }
        ok = ok && fsync(fd) == 0
        close(fd)
        guard ok, rename(temporary, path) == 0 else {
            unlink(temporary)
            throw .io(path: path, reason: "writing it failed (disk full or read-only?)")
        }
        let directoryFD = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryFD >= 0 {
            fsync(directoryFD)
            close(directoryFD)
        }
    }

    /// Removes `path` (nothing when it does not exist).
    static func remove(_ path: String) throws(SettingsFileError) {
        if unlink(path) != 0, errno != ENOENT { throw .io(path: path, reason: "it cannot be removed") }
    }
}
