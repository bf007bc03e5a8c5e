import Foundation

/// The one place the order of a setting's sources is applied: a command-line option, else the environment (an
/// empty variable counts as unset), else the settings file, else the default; each value keeps where it came from
/// (``Resolved/origin``), for messages and `companion settings explain`.
public struct SettingsResolution: Sendable {
    /// The settings file's contents (empty when there is no file).
    public let file: CompanionSettings
    /// Where the settings file is (or would be).
    public let filePath: String
    /// The environment of the command.
    public let environment: [String: String]

    /// The resolution of `file` (read from `filePath`) under `environment`.
    public init(file: CompanionSettings, filePath: String, environment: [String: String]) {
        self.file = file
        self.filePath = filePath
        self.environment = environment
    }

    /// Reads the settings file where `environment` says (``CompanionSettings/load(environment:)``).
    public static func load(environment: [String: String]) throws(SettingsError) -> SettingsResolution {
        let file = try CompanionSettings.load(environment: environment)
        return SettingsResolution(
            file: file, filePath: CompanionSettings.path(environment: environment).path, environment: environment)
    }

    /// `setting`'s value: `option` (named `optionName`) when given, else its environment variable, else the file;
    /// nil when none of them has it. An environment variable whose text is not a value of the setting's type is
    /// passed over as unset.
    public func resolve<Value>(_ setting: Setting<Value>, option: Value? = nil, optionName: String? = nil)
        -> Resolved<Value>?
    {
        if let option { return Resolved(option, from: .option(optionName ?? "an option")) }
        if let variable = setting.variable, let text = environment[variable], !text.isEmpty,
            let value = setting.fromText(text)
        {
            return Resolved(value, from: .environment(variable))
        }
        if let key = setting.key, let value = setting.fromFile(file) {
            return Resolved(value, from: .file(path: filePath, key: key))
        }
        return nil
    }

    /// `setting`'s value as ``resolve(_:option:optionName:)`` finds it, else `builtIn`.
    public func resolve<Value>(
        _ setting: Setting<Value>, option: Value? = nil, optionName: String? = nil, default builtIn: Value
    ) -> Resolved<Value> {
        resolve(setting, option: option, optionName: optionName) ?? Resolved(builtIn, from: .builtIn)
    }
}
