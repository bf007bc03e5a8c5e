import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The lock Claude Code itself takes before writing `~/.claude.json`: the directory `<file>.lock`, made with
/// `mkdir` (atomic), as the `proper-lockfile` package does; a lock whose modification time is older than
/// ``staleAfter`` is stale (its holder died) and is taken over, as that package does.
struct ClaudeConfigLock {
    static let staleAfter: TimeInterval = 10
    let path: String

    init(file: URL) { path = file.path + ".lock" }

    /// Takes the lock, retrying for up to `wait` seconds with short back-offs (bounded count, no sleep used to
    /// synchronise with anything: the loop only waits for the other holder to let go).
    func acquire(wait: TimeInterval = 5) throws(ClaudeConfigFileError) {
        let deadline = Date().addingTimeInterval(wait)
        var delay: UInt32 = 2_000
        while true {
            if mkdir(path, 0o700) == 0 { return }
            let code = errno
            guard code == EEXIST else {
                throw .unwritable(path: path, errno: code)
            }
            // A stale lock is taken over; one that is not a directory (a file or link a repository brought) cannot
            // be removed with rmdir and is never Claude Code's, so it is waited on to the deadline like a held one.
            if isStale(), rmdir(path) == 0 { continue }
            if Date() >= deadline { throw .locked(path: String(path.dropLast(5))) }
            usleep(delay)
            delay = min(delay * 2, 50_000)
        }
    }

    func release() { _ = rmdir(path) }

    private func isStale() -> Bool {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            let modified = attributes[.modificationDate] as? Date
        else { return false }
        return Date().timeIntervalSince(modified) > Self.staleAfter
    }
}
