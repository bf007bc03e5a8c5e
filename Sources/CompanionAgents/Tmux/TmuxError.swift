/// A tmux command that failed.
public enum TmuxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// tmux is not installed where it was looked for.
    case notInstalled(String)
    /// No tmux session has this name.
    case noSuchSession(String)
    /// A session with this name exists already.
    case duplicateSession(String)
    /// tmux ran and failed; `detail` is the first line of what it printed, cut short.
    case failed(command: String, detail: String)

    public var description: String {
        switch self {
        case .notInstalled(let path): "tmux is not installed (\(path)); install it (apt install tmux)"
        case .noSuchSession(let name): "there is no tmux session \(name)"
        case .duplicateSession(let name): "a tmux session \(name) exists already"
        case .failed(let command, let detail): "tmux \(command) failed: \(detail)"
        }
    }
}
