import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The package's one way to replace a file (`scripts/check-one-writer.sh` fails on any other): the new bytes go to
/// a temporary file in the same directory (so `rename` stays on one file system), which gets its permission bits
/// and is flushed (`fsync`) before it is renamed over the file; then the directory is flushed, so the rename
/// survives a crash. A reader sees the old version or the new one, never a mix; a failure leaves the old version
/// and no temporary file. Deciding whether the new bytes are right (a malformed file is never overwritten) is the
/// caller's: ``replace(_:with:mode:ifStill:beforeSwap:)`` replaces only the version the caller read.
package enum AtomicFile {
    /// Replaces (or creates) `path` with `bytes`. `durable: false` skips both flushes (still atomic, may be lost
    /// on power failure): for bookkeeping only.
    package static func replace(_ path: String, with bytes: some ContiguousBytes, mode: FileMode, durable: Bool = true)
        throws(FileWriteError)
    {
        let temporary = try writeTemporary(for: path, bytes: bytes, mode: mode.bits(for: path), durable: durable)
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw FileWriteError(path: path, operation: "replace", errno: code)
        }
        if durable { try syncDirectory(of: path) }
    }

    /// The file's bytes, or nil when it does not exist.
    package static func read(_ path: String) throws(FileWriteError) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw FileWriteError(path: path, operation: "open", errno: errno)
        }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileWriteError(path: path, operation: "read", errno: errno)
            }
            if count == 0 { return bytes }
            bytes += chunk[..<count]
        }
    }

    /// Removes `path` (nothing when it does not exist) and flushes its directory.
    package static func remove(_ path: String) throws(FileWriteError) {
        guard unlink(path) == 0 else {
            if errno == ENOENT { return }
            throw FileWriteError(path: path, operation: "remove", errno: errno)
        }
        try syncDirectory(of: path)
    }

    /// The permission bits of the file at `path`, or `fallback` when it does not exist.
    package static func mode(of path: String, fallback: mode_t) -> mode_t {
        var info = stat()
        guard stat(path, &info) == 0 else { return fallback }
        return info.st_mode & 0o7777
    }

    /// Writes `bytes` to a new temporary file beside `path` with `mode`, flushed; returns its path.
    static func writeTemporary(for path: String, bytes: some ContiguousBytes, mode: mode_t, durable: Bool = true)
        throws(FileWriteError) -> String
    {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        let temporary = "\(directory)/.\(url.lastPathComponent).companion-\(UInt64.random(in: 0...UInt64.max)).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw FileWriteError(path: path, operation: "create a file beside", errno: errno) }
        var failure: Int32 = 0
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += written
            }
        }
        if failure == 0, fchmod(descriptor, mode) != 0 { failure = errno }
        if failure == 0, durable, fsync(descriptor) != 0 { failure = errno }
        close(descriptor)
        guard failure == 0 else {
            unlink(temporary)
            throw FileWriteError(path: path, operation: "write", errno: failure)
        }
        return temporary
    }

    /// Flushes the directory of `path`, so a rename in it survives a crash.
    static func syncDirectory(of path: String) throws(FileWriteError) {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileWriteError(path: directory, operation: "open", errno: errno) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw FileWriteError(path: directory, operation: "sync", errno: errno) }
    }

    static func isSymbolicLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
    }
}

/// The permission bits a replacement gets.
package enum FileMode: Sendable, Equatable {
    /// Exactly these (a private file stays private whatever an earlier version had).
    case exactly(mode_t)
    /// The file's own, or these for a new file.
    case keeping(orNew: mode_t)

    func bits(for path: String) -> mode_t {
        switch self {
        case .exactly(let mode): mode
        case .keeping(let fallback): AtomicFile.mode(of: path, fallback: fallback)
        }
    }
}

/// Why a file could not be written: its path, the step that failed and the system's error number.
package struct FileWriteError: Error, Sendable, Equatable, CustomStringConvertible {
    package let path: String
    package let operation: String
    package let errno: Int32

    package init(path: String, operation: String, errno: Int32) {
        self.path = path
        self.operation = operation
        self.errno = errno
    }

    package var description: String { "\(operation) \(path) failed: \(String(cString: strerror(errno)))" }
}
