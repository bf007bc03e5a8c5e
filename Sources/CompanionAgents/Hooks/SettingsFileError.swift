import CompanionClaudeCode
import CompanionFiles

/// Why Claude Code's settings file (or the hook install record) could not be read or written. Nothing was
/// changed when one of these is thrown.
package enum SettingsFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file is not a JSON object (or its `hooks` is not an object of arrays); it is left as it is.
    case malformed(path: String, reason: String)
    /// The file could not be read or written.
    case io(path: String, reason: String)
    /// Claude Code's files layer refused (its lock held too long, the file kept changing, it could not be read or
    /// written); its description says what to do.
    case file(ClaudeConfigFileError)

    package var description: String {
        switch self {
        case .malformed(let path, let reason):
            "\(path) is not a settings file Claude Code can read (\(reason)); it was left unchanged: fix it (or move "
                + "it away) and try again"
        case .io(let path, let reason):
            "\(path) could not be used (\(reason)); nothing was changed"
        case .file(let error):
            error.description
        }
    }
}

extension SettingsFileError {
    /// `body`'s file error as ``io(path:reason:)``, naming the step that failed and the system's reason.
    static func mapping<T>(_ body: () throws(FileWriteError) -> T) throws(SettingsFileError) -> T {
        do throws(FileWriteError) { return try body() } catch { throw .io(path: error.path, reason: error.description) }
    }
}
