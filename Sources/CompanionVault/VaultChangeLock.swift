import Foundation

/// An exclusive, inter-process lock that makes a read → decide → write sequence on one vault atomic, such as
/// "create the identity if there is none" or "retire the identity and store a new one".
///
/// It is a `flock` on a lock file (created `0600` in a directory created `0700`), held for the whole sequence,
/// so concurrent `companion` processes on the same vault take turns. Each backend says where its lock lives:
/// the file vault beside its file (`<vault directory>/changes.lock`), the Secret Service per profile in
/// `$XDG_RUNTIME_DIR/companionkit/<profile>/secret-service.lock` (see ``VaultProfile/runtimeDirectory``).
/// The kernel drops the lock when the process dies, so a crash never leaves the vault locked.
///
/// The lock is advisory: it orders the sequences of processes that take it (every change CompanionKit makes to
/// the identity does), not writes made with other tools such as `secret-tool`.
public struct VaultChangeLock: Sendable, Equatable {
    /// The lock file.
    public let path: URL

    public init(path: URL) { self.path = path }

    /// Runs `body` while holding the lock, waiting for other holders first.
    public func withLock<T>(_ body: () throws -> T) throws -> T {
        try LockedFile.ensurePrivateDirectory(path.deletingLastPathComponent())
        return try LockedFile.withLock(path, exclusive: true, body)
    }
}
