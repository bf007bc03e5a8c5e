import Foundation

/// Where CompanionKit keeps its files, after the XDG Base Directory specification, under one application
/// directory name (``applicationName``). The vault (profiles), the key audit and the sidecar all resolve their
/// directories here, so they cannot disagree.
///
/// Layout, with the XDG defaults in brackets:
/// - `$XDG_DATA_HOME/companionkit/<profile>/` [`~/.local/share/…`]: the file vault of a profile;
/// - `$XDG_STATE_HOME/companionkit/<profile>/` [`~/.local/state/…`]: last-use bookkeeping and lock files;
/// - `$XDG_RUNTIME_DIR/companionkit/<profile>/` (no default): locks that live no longer than the session;
/// - `$XDG_DATA_HOME/companionkit/sidecar/`: the sidecar's registry, nonce journal and tasks. Earlier versions used
///   `$XDG_DATA_HOME/companion/sidecar/`; that directory is still used while it exists and the new one does not
///   (``sidecarDataDirectory(existingDirectory:)``).
///
/// Resolving is pure: it reads only the environment it is given (the process's by default) and touches no
/// file, except that the sidecar's legacy fallback asks whether a directory exists.
public struct CompanionDirectories: Sendable, Equatable {
    /// The one application directory name under every XDG base directory.
    public static let applicationName = "companionkit"
    /// The application directory name earlier versions of the sidecar used (`$XDG_DATA_HOME/companion/sidecar`).
    public static let legacySidecarApplicationName = "companion"
    /// The sidecar's directory under ``applicationDirectory(_:)`` of ``XDGBase/data``.
    public static let sidecarDirectoryName = "sidecar"

    /// The XDG base directories CompanionKit writes to.
    public enum XDGBase: String, Sendable, CaseIterable {
        case data = "XDG_DATA_HOME"
        case state = "XDG_STATE_HOME"
        case config = "XDG_CONFIG_HOME"
        case cache = "XDG_CACHE_HOME"

        /// The environment variable naming this base directory.
        public var variable: String { rawValue }

        /// The default relative to `$HOME` when the variable is unset, empty or relative.
        public var homeRelativeDefault: String {
            switch self {
            case .data: ".local/share"
            case .state: ".local/state"
            case .config: ".config"
            case .cache: ".cache"
            }
        }
    }

    /// The environment the directories are resolved from.
    public let environment: [String: String]

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.environment = environment
    }

    /// The user's home directory: `$HOME` when it is set and absolute, else the password database's entry.
    public var homeDirectory: URL {
        if let home = environment["HOME"], home.hasPrefix("/") { return URL(fileURLWithPath: home) }
        return FileManager.default.homeDirectoryForCurrentUser
    }

    /// `$XDG_…_HOME`, or its default under ``homeDirectory``. The specification says a relative path is invalid
    /// and must be ignored, so only absolute values count.
    public func baseDirectory(_ base: XDGBase) -> URL {
        if let value = environment[base.variable], value.hasPrefix("/") { return URL(fileURLWithPath: value) }
        return homeDirectory.appendingPathComponent(base.homeRelativeDefault)
    }

    /// `<base>/companionkit`.
    public func applicationDirectory(_ base: XDGBase) -> URL {
        baseDirectory(base).appendingPathComponent(Self.applicationName)
    }

    /// `$XDG_RUNTIME_DIR/companionkit` when `XDG_RUNTIME_DIR` is set and absolute; nil otherwise (the
    /// specification gives it no default).
    public var runtimeApplicationDirectory: URL? {
        guard let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") else { return nil }
        return URL(fileURLWithPath: runtime).appendingPathComponent(Self.applicationName)
    }

    /// `$XDG_DATA_HOME/companionkit/sidecar`: where the sidecar keeps its data by default.
    public var sidecarDataDirectory: URL {
        applicationDirectory(.data).appendingPathComponent(Self.sidecarDirectoryName)
    }

    /// `$XDG_DATA_HOME/companion/sidecar`: the sidecar's default directory in earlier versions.
    public var legacySidecarDataDirectory: URL {
        baseDirectory(.data).appendingPathComponent(Self.legacySidecarApplicationName)
            .appendingPathComponent(Self.sidecarDirectoryName)
    }

    /// The sidecar's default data directory for an existing installation: ``legacySidecarDataDirectory`` when it
    /// exists and ``sidecarDataDirectory`` does not (a registry created before the rename keeps working, with its
    /// paired devices), else ``sidecarDataDirectory``. `existingDirectory` answers whether a path is a directory.
    public func sidecarDataDirectory(existingDirectory: (URL) -> Bool = CompanionDirectories.isDirectory) -> URL {
        let current = sidecarDataDirectory
        let legacy = legacySidecarDataDirectory
        return !existingDirectory(current) && existingDirectory(legacy) ? legacy : current
    }

    /// True when `url` names a directory (following symbolic links).
    @Sendable public static func isDirectory(_ url: URL) -> Bool {
        var directory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &directory) && directory.boolValue
    }
}
