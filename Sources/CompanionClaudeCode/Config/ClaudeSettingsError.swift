/// Why a settings call failed; every description says what to do next.
package enum ClaudeSettingsError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The project scope needs the project's absolute path.
    case projectRequired
    case noSuchProject(String)
    /// A value has the wrong type for a key Claude Code defines (`model` must be a string…).
    case invalid(String)
    case file(ClaudeConfigFileError)

    package var description: String {
        switch self {
        case .projectRequired: return "the project scope needs the project's absolute path"
        case .noSuchProject(let path): return "no project directory at \(path)"
        case .invalid(let reason): return "invalid settings: \(reason)"
        case .file(let error): return error.description
        }
    }
}
