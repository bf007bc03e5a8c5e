import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Replaces a file all at once: the new bytes go to a temporary file in the same directory (so `rename` stays
/// on one file system), which is flushed (`fsync`), given the old file's permission bits, renamed over the
/// file, and the directory is flushed so the rename survives a crash. A reader sees the old or the new version,
/// never a mix; a failure leaves the old version and no temporary file.
enum AtomicFileWrite {
    static func replace(_ url: URL, with bytes: Data, mode: mode_t) throws(ClaudeConfigFileError) {
        let temporary = try writeTemporary(for: url, bytes: bytes, mode: mode)
        guard rename(temporary, url.path) == 0 else {
            let failure = errno
            unlink(temporary)
            throw .unwritable(path: url.path, errno: failure)
        }
        syncDirectory(of: url)
    }

    /// Replaces the file as ``replace(_:with:mode:)`` does, but only if it is still the version whose stamp is
    /// `expected` (nil: only if there is still no file); returns false, having changed nothing, when it is not.
    ///
    /// The check cannot be separated from the replacement by another writer's rename: the new file is swapped
    /// in with `renameat2(RENAME_EXCHANGE)` (or put in place with `RENAME_NOREPLACE` when there was no file),
    /// and the file that was swapped out is the one checked. If it is not the expected version (someone who does
    /// not take the lock replaced the file between the last look and the swap), it is swapped back at once, so
    /// their version stays and the caller re-applies its change to it. `beforeSwap` runs after the new file is
    /// written and before the swap (tests use it to play that other writer). Without `renameat2` (not Linux, or
    /// a file system without it), or when the path is a symbolic link, the stamp is compared just before a plain
    /// `rename`, as before.
    static func replace(
        _ url: URL, with bytes: Data, mode: mode_t, ifStill expected: FileStamp?,
        beforeSwap: (@Sendable () -> Void)? = nil
    ) throws(ClaudeConfigFileError) -> Bool {
        let path = url.path
        let temporary = try writeTemporary(for: url, bytes: bytes, mode: mode)
        beforeSwap?()
        guard FileStamp(path: path) == expected else {
            unlink(temporary)
            return false
        }
        let flags: UInt32 = expected == nil ? renameNoReplace : renameExchange
        // A link in place of the file is replaced as before (the swap would check the link, not the file read).
        let outcome: RenameAt2.Outcome = isSymbolicLink(path) ? .unsupported : RenameAt2.call(temporary, path, flags)
        switch outcome {
        case .done:
            break
        case .failed(let code) where expected == nil && code == EEXIST:
            unlink(temporary)
            return false
        case .failed(let code):
            unlink(temporary)
            throw .unwritable(path: path, errno: code)
        case .unsupported:
            // No atomic check-and-swap here: the stamp was compared a moment ago (a window of one system call).
            guard rename(temporary, path) == 0 else {
                let failure = errno
                unlink(temporary)
                throw .unwritable(path: path, errno: failure)
            }
            syncDirectory(of: url)
            return true
        }
        if let expected {
            // `temporary` now names the version we replaced.
            guard FileStamp(linkAt: temporary) == expected else {
                if case .done = RenameAt2.call(temporary, path, renameExchange) {
                    unlink(temporary)
                    syncDirectory(of: url)
                    return false
                }
                unlink(temporary)
                throw .unwritable(path: path, errno: EAGAIN)
            }
            unlink(temporary)
        }
        syncDirectory(of: url)
        return true
    }

    /// Writes `bytes` to a new temporary file beside `url` with `mode`, flushed; returns its path.
    private static func writeTemporary(for url: URL, bytes: Data, mode: mode_t) throws(ClaudeConfigFileError)
        -> String
    {
        let directory = url.deletingLastPathComponent().path
        let temporary = "\(directory)/.\(url.lastPathComponent).companion-\(UInt64.random(in: 0...UInt64.max)).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw .unwritable(path: url.path, errno: errno) }
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
        if failure == 0, fsync(descriptor) != 0 { failure = errno }
        close(descriptor)
        guard failure == 0 else {
            unlink(temporary)
            throw .unwritable(path: url.path, errno: failure)
        }
        return temporary
    }

    private static func isSymbolicLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
    }

    /// Flushes the directory of `url`, so a rename in it survives a crash.
    private static func syncDirectory(of url: URL) {
        let directoryDescriptor = open(url.deletingLastPathComponent().path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryDescriptor >= 0 {
            _ = fsync(directoryDescriptor)
            close(directoryDescriptor)
        }
    }

    private static let renameNoReplace: UInt32 = 1  // RENAME_NOREPLACE
    private static let renameExchange: UInt32 = 2  // RENAME_EXCHANGE

    /// The permission bits of the file at `path`, or `fallback` when it does not exist.
    static func mode(of path: String, fallback: mode_t) -> mode_t {
        var info = stat()
        guard stat(path, &info) == 0 else { return fallback }
        return info.st_mode & 0o7777
    }
}

/// glibc's `renameat2` (2.28+), looked up at run time: the Swift Glibc module does not declare it.
private enum RenameAt2 {
    enum Outcome {
        case done
        case failed(Int32)
        /// No `renameat2`, or this file system does not support the flag.
        case unsupported
    }

    private typealias Function =
        @convention(c) (
            Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32
        ) -> Int32

    private static let function: Function? = {
        #if os(Linux)
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2") else { return nil }
            return unsafeBitCast(symbol, to: Function.self)
        #else
            return nil
        #endif
    }()

    static func call(_ from: String, _ to: String, _ flags: UInt32) -> Outcome {
        guard let function else { return .unsupported }
        if function(AT_FDCWD, from, AT_FDCWD, to, flags) == 0 { return .done }
        let code = errno
        return code == ENOSYS || code == EINVAL ? .unsupported : .failed(code)
    }
}
