/// Where a setting's value came from, in the one order every command applies: a command-line option, else an
/// environment variable, else the settings file, else the built-in default.
public enum SettingOrigin: Sendable, Equatable, CustomStringConvertible {
    /// A command-line option, e.g. `--vault`.
    case option(String)
    /// An environment variable, e.g. `COMPANION_VAULT`.
    case environment(String)
    /// A key of the settings file: the file and the key as written there (`vault`, `[sidecar] port`).
    case file(path: String, key: String)
    /// The built-in default.
    case builtIn

    /// Given for this run (an option or the environment), as opposed to kept (the file) or built in.
    public var isGiven: Bool {
        switch self {
        case .option, .environment: true
        case .file, .builtIn: false
        }
    }

    /// `--vault`, `$COMPANION_VAULT`, `[sidecar] port in /home/me/.config/companionkit/config.toml`, `default`.
    public var description: String {
        switch self {
        case .option(let name): name
        case .environment(let name): "$\(name)"
        case .file(let path, let key): "\(key) in \(path)"
        case .builtIn: "default"
        }
    }

    /// How `value` was given, for a message about it: `--vault plaintext`, `COMPANION_VAULT=plaintext`,
    /// `vault = "plaintext" in /path/config.toml`, `the default plaintext`.
    public func assignment(_ value: String) -> String {
        switch self {
        case .option(let name): "\(name) \(value)"
        case .environment(let name): "\(name)=\(value)"
        case .file(let path, let key): "\(key) = \"\(value)\" in \(path)"
        case .builtIn: "the default \(value)"
        }
    }
}

/// A setting's value and where it came from.
public struct Resolved<Value: Sendable>: Sendable {
    /// The value.
    public var value: Value
    /// Where it came from.
    public var origin: SettingOrigin

    /// `value`, from `origin`.
    public init(_ value: Value, from origin: SettingOrigin) {
        self.value = value
        self.origin = origin
    }
}

extension Resolved: Equatable where Value: Equatable {}
