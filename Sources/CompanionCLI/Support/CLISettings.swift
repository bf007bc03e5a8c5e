import CompanionSettings
import Foundation

/// The settings file (`~/.config/companionkit/config.toml`), read once per process. Options override environment
/// variables, which override the file, which overrides the defaults: each option group applies that order.
enum CLISettings {
    private static let loaded: Result<CompanionSettings, SettingsError> = Result { () throws(SettingsError) in
        if let moved = try CompanionSettings.moveLegacyFile() {
            Terminal.printNote(
                "moved the settings file \(moved.path) to \(CompanionSettings.path().path) (CompanionKit's directory)")
        }
        return try CompanionSettings.load()
    }

    /// The settings, or a usage failure naming the file and the problem.
    static func current() throws -> CompanionSettings {
        switch loaded {
        case .success(let settings): return settings
        case .failure(let error): throw CLIFailure(.usage, error.description, hint: error.hint)
        }
    }

    /// The settings, for the option defaults that cannot throw (``SidecarOptions/timeout``, the vault profile).
    /// Every command refuses an invalid file before it runs (``CommandOutcome/checkSettings()``), so inside
    /// a command these are the file's values; only ArgumentParser's validation, which runs earlier, can see the
    /// empty settings an invalid file gives here.
    static var checked: CompanionSettings { (try? current()) ?? CompanionSettings() }

    /// An environment variable's value, nil when unset or empty.
    static func environment(_ name: String) -> String? {
        ProcessInfo.processInfo.environment[name].flatMap { $0.isEmpty ? nil : $0 }
    }
}
