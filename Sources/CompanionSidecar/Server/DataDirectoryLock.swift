import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// An exclusive lock on a sidecar's data directory, held while the sidecar serves. A second sidecar on the same
/// directory would mark the first one's running tasks failed, and would not see the first one's revocations in its
/// in-memory key cache; it refuses to start instead.
///
/// Two locks, because no single kind of lock does both jobs:
/// - between processes, a POSIX record lock (`fcntl(F_SETLK)`) on `sidecar.lock` inside the directory. It belongs
///   to this process, not to the open file: a child process never inherits it, so once ``release()`` returns the
///   directory is free. (A `flock` is shared with every child spawned while it is held until that child closes
///   its copy of the descriptor: a task, `git`, or in tests any spawned program could keep the directory locked
///   after the sidecar stopped.) The kernel drops it when the process dies, so a crash never leaves it locked.
/// - within this process, a table of locked directories: record locks never conflict inside one process, and
///   closing any descriptor of the lock file would drop the process's lock, so a second attempt must not even
///   open the file.
final class DataDirectoryLock: Sendable {
    /// File name of the lock inside the data directory.
    static let fileName = "sidecar.lock"

    /// Directories (device, inode) locked by sidecars of this process.
    private static let lockedHere = Mutex<Set<DirectoryID>>([])

    private let descriptor: Int32
    private let directory: DirectoryID

    private init(descriptor: Int32, directory: DirectoryID) {
        self.descriptor = descriptor
        self.directory = directory
    }

    /// Takes the lock, or throws ``DataDirectoryInUse`` when another sidecar holds it (``UnsafeDataDirectory``
    /// when the lock file is not the user's).
    static func acquire(_ directory: URL) throws -> DataDirectoryLock {
        var info = stat()
        guard stat(directory.path, &info) == 0 else {
            throw DataDirectoryInUse(directory: directory.path, reason: String(cString: strerror(errno)))
        }
        let id = DirectoryID(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
        return try lockedHere.withLock { locked in
            guard !locked.contains(id) else { throw DataDirectoryInUse(directory: directory.path, reason: nil) }
            let descriptor = try lockFile(in: directory)
            locked.insert(id)
            return DataDirectoryLock(descriptor: descriptor, directory: id)
        }
    }

    /// Opens `sidecar.lock` in `directory` and takes its record lock; returns the open descriptor.
    private static func lockFile(in directory: URL) throws -> Int32 {
        let path = directory.appendingPathComponent(fileName).path
        let descriptor: Int32
        do {
            // 0600, never through a symbolic link, narrowed to 0600 if an older version left it wider.
            descriptor = try PrivateDataDirectory.openPrivateFile(path, create: true) ?? -1
        } catch let refusal as UnsafeDataDirectory {
            throw refusal
        } catch {
            throw DataDirectoryInUse(directory: directory.path, reason: SidecarErrorText.describe(error))
        }
        var region = flock()
        region.l_type = Int16(F_WRLCK)
        region.l_whence = Int16(SEEK_SET)
        guard fcntl(descriptor, F_SETLK, &region) == 0 else {
            let code = errno
            close(descriptor)
            let held = code == EAGAIN || code == EACCES
            throw DataDirectoryInUse(directory: directory.path, reason: held ? nil : String(cString: strerror(code)))
        }
        return descriptor
    }

    /// Releases the lock: closing the descriptor drops the record lock, then the directory leaves the table.
    func release() {
        Self.lockedHere.withLock { locked in
            close(descriptor)
            locked.remove(directory)
        }
    }

    private struct DirectoryID: Hashable, Sendable {
        let device: UInt64
        let inode: UInt64
    }
}

/// Another sidecar is serving from this data directory (or its lock file cannot be used).
package struct DataDirectoryInUse: Error, CustomStringConvertible {
    package let directory: String
    /// Why the lock file could not be used, when it is not simply held by another sidecar.
    package let reason: String?

    package var description: String {
        if let reason { return "cannot lock the data directory \(directory): \(reason)" }
        return "another sidecar is already serving from \(directory); stop it first, or use another --data-dir"
    }
}
