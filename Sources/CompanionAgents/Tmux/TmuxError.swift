/// A tmux command that failed.
package enum TmuxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// tmux is not installed where it was looked for.
    case notInstalled(String)
    /// No tmux session has this name.
    case noSuchSession(String)
    /// A session with this name exists already.
    case duplicateSession(String)
    /// The tmux server (`-L` name) runs without the agent server's marker (something other than the sidecar started
    /// it), so the owner socket could not tell its processes from the owner's own.
    case unmarkedServer(String)
    /// tmux ran and failed; `detail` is the first line of what it printed, cut short.
    case failed(command: String, detail: String)

    package var description: String {
        switch self {
        case .notInstalled(let path): "tmux is not installed (\(path)); install it (apt install tmux)"
        case .noSuchSession(let name): "there is no tmux session \(name)"
        case .duplicateSession(let name): "a tmux session \(name) exists already"
        case .unmarkedServer(let socket):
            "the tmux server \(socket) was not started by the sidecar (it lacks the agent server's marker); end it "
                + "(tmux -L \(socket) kill-server) or give the sidecar another --tmux-socket"
        case .failed(let command, let detail): "tmux \(command) failed: \(detail)"
        }
    }
}
