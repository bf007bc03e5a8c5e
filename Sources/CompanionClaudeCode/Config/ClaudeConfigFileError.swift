/// Why one of Claude Code's JSON files could not be read or written. Each description says what happened and
/// what to do next; none quotes the file's content (it may hold MCP servers' secrets).
package enum ClaudeConfigFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file is not a JSON object; it was left as it is.
    case malformed(path: String, reason: String)
    /// The file could not be read (permissions, a directory in its place…).
    case unreadable(path: String, errno: Int32)
    /// The new version could not be written; the previous version is still in place.
    case unwritable(path: String, errno: Int32)
    /// The file kept changing under us (another writer) more times than the writer retries.
    case contended(path: String, attempts: Int)
    /// Another writer holds the file's lock (`<file>.lock`, Claude Code's own) for longer than we wait.
    case locked(path: String)
    /// The file is larger than the writer accepts.
    case tooLarge(path: String, limit: Int)
    /// A project's file is a symbolic link, or lies (through a linked directory) outside the project.
    case outsideProject(path: String, reason: String)

    package var description: String {
        switch self {
        case .malformed(let path, let reason):
            return
                "\(path) is not valid JSON (\(reason)); it was left unchanged: fix it by hand (or restore a backup "
                + "from the same directory) and try again"
        case .unreadable(let path, let code):
            return "\(path) cannot be read (\(ClaudeConfigFileError.text(code))); check its owner and permissions"
        case .unwritable(let path, let code):
            return
                "\(path) cannot be written (\(ClaudeConfigFileError.text(code))); the previous version was kept: "
                + "check the directory's permissions and free space"
        case .contended(let path, let attempts):
            return "\(path) changed under every one of \(attempts) attempts to update it; try again"
        case .locked(let path):
            return "\(path) is locked by another writer (\(path).lock); try again, or remove a stale lock"
        case .tooLarge(let path, let limit):
            return "\(path) is larger than \(limit) bytes; it was left unchanged"
        case .outsideProject(let path, let reason):
            return
                "\(path) was not opened: \(reason); a project's files are read and written only where they really "
                + "lie in the project, never through a symbolic link"
        }
    }

    static func text(_ code: Int32) -> String { String(cString: strerror(code)) }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
