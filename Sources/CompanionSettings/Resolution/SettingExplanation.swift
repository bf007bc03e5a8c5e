/// One line of `companion settings explain`: a setting, its value (or what happens without one) and where the
/// value came from.
public struct SettingExplanation: Sendable, Equatable, Codable {
    /// The key in the settings file, else the environment variable.
    public var name: String
    /// The value as text; nil for a secret (never shown) and for a setting without a value.
    public var value: String?
    /// Where the value came from (``SettingOrigin/description``); `default` when built in.
    public var origin: String
    /// Whether the value is a secret that is set but not shown.
    public var hidden: Bool
    /// What applies when nothing sets it (the default value, or what the command does instead).
    public var fallback: String

    /// A line of the explanation.
    public init(name: String, value: String?, origin: String, hidden: Bool, fallback: String) {
        self.name = name
        self.value = value
        self.origin = origin
        self.hidden = hidden
        self.fallback = fallback
    }
}

extension SettingsResolution {
    /// `setting` explained: its value, where it came from, and `fallback` (what applies without a value); a secret's
    /// value is never included, only that it is set.
    public func explain<Value>(
        _ setting: Setting<Value>, option: Value? = nil, optionName: String? = nil, fallback: String
    ) -> SettingExplanation {
        let name = setting.key ?? setting.variable.map { "$\($0)" } ?? "?"
        guard let resolved = resolve(setting, option: option, optionName: optionName) else {
            return SettingExplanation(name: name, value: nil, origin: "default", hidden: false, fallback: fallback)
        }
        return SettingExplanation(
            name: name, value: setting.isSecret ? nil : Self.text(resolved.value), origin: resolved.origin.description,
            hidden: setting.isSecret, fallback: fallback)
    }

    /// A value as text; a whole number of seconds without a fraction (`10`, not `10.0`).
    private static func text<Value>(_ value: Value) -> String {
        if let number = value as? Double, number.rounded() == number, abs(number) < 1e15 { return String(Int(number)) }
        return "\(value)"
    }
}
