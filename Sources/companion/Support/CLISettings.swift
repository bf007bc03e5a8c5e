import CompanionSettings
import Foundation

/// The settings file (`~/.config/companion/config.toml`), read once per process. Options override environment
/// variables, which override the file, which overrides the defaults: each option group applies that order.
enum CLISettings {
    private static let loaded: Result<CompanionSettings, SettingsError> = Result { () throws(SettingsError) in
        try CompanionSettings.load()
    }

    /// The settings, or a usage failure naming the file and the problem.
    static func current() throws -> CompanionSettings {
        switch loaded {
        case .success(let settings): return settings
        case .failure(let error): throw CLIFailure(.usage, error.description, hint: error.hint)
        }
    }

    /// The settings, or empty ones when the file is invalid (callers that cannot report; the vault options
    /// report the problem).
    static var lenient: CompanionSettings { (try? current()) ?? CompanionSettings() }

    /// An environment variable's value, nil when unset or empty.
    static func environment(_ name: String) -> String? {
        ProcessInfo.processInfo.environment[name].flatMap { $0.isEmpty ? nil : $0 }
    }
}
