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
        if failure == 0, rename(temporary, url.path) != 0 { failure = errno }
        guard failure == 0 else {
            unlink(temporary)
            throw .unwritable(path: url.path, errno: failure)
        }
        let directoryDescriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryDescriptor >= 0 {
            _ = fsync(directoryDescriptor)
            close(directoryDescriptor)
        }
    }

    /// The permission bits of the file at `path`, or `fallback` when it does not exist.
    static func mode(of path: String, fallback: mode_t) -> mode_t {
        var info = stat()
        guard stat(path, &info) == 0 else { return fallback }
        return info.st_mode & 0o7777
    }
}
