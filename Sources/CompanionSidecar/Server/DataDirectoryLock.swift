import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// An exclusive lock on a sidecar's data directory (`flock` on `sidecar.lock` inside it), held while the sidecar
/// serves. A second sidecar on the same directory would mark the first one's running tasks failed, and would
/// not see the first one's revocations in its in-memory key cache; it refuses to start instead. The kernel
/// drops the lock when the process dies, so a crash never leaves the directory locked.
final class DataDirectoryLock: Sendable {
    /// File name of the lock inside the data directory.
    static let fileName = "sidecar.lock"

    private let descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Takes the lock, or throws ``DataDirectoryInUse`` when another sidecar holds it (``UnsafeDataDirectory``
    /// when the lock file is not the user's).
    static func acquire(_ directory: URL) throws -> DataDirectoryLock {
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
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let reason = errno == EWOULDBLOCK ? nil : String(cString: strerror(errno))
            close(descriptor)
            throw DataDirectoryInUse(directory: directory.path, reason: reason)
        }
        return DataDirectoryLock(descriptor: descriptor)
    }

    /// Releases the lock (closing the descriptor drops it).
    func release() {
        close(descriptor)
    }
}

/// Another sidecar is serving from this data directory (or its lock file cannot be used).
public struct DataDirectoryInUse: Error, CustomStringConvertible {
    public let directory: String
    /// Why the lock file could not be used, when it is not simply held by another sidecar.
    public let reason: String?

    public var description: String {
        if let reason { return "cannot lock the data directory \(directory): \(reason)" }
        return "another sidecar is already serving from \(directory); stop it first, or use another --data-dir"
    }
}
