/// Why a plugin or marketplace operation failed, with what to do next.
package enum ClaudePluginError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A plugin or marketplace name that is not one.
    case invalidName(String, String)
    /// A marketplace source that is refused.
    case invalidSource(String)
    /// No installed plugin matches.
    case notInstalled(String)
    /// More than one installed plugin has that bare name.
    case ambiguous(String, [String])
    /// The `claude` CLI said no: its failure code (`not_found`, `invalid_source`…) and message.
    case refused(command: String, code: String?, message: String)
    /// The `claude` CLI could not be run, ran too long, or printed something unreadable.
    case cliFailed(String)

    package var description: String {
        switch self {
        case .invalidName(let name, let why): "'\(name)' is not a plugin or marketplace name: \(why)"
        case .invalidSource(let why): "the marketplace source is refused: \(why)"
        case .notInstalled(let name):
            "no installed plugin '\(name)'; `companion plugins list` shows the installed ones and "
                + "`companion plugins marketplace list` the available ones"
        case .ambiguous(let name, let ids):
            "'\(name)' names several installed plugins (\(ids.joined(separator: ", "))); give plugin@marketplace"
        case .refused(let command, _, let message): "claude plugin \(command): \(message)"
        case .cliFailed(let why): "the claude CLI failed: \(why)"
        }
    }
}
