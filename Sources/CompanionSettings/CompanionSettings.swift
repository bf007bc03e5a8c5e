import CompanionPaths
import Foundation

/// The settings a person keeps in `$XDG_CONFIG_HOME/companionkit/config.toml`, so that a headless or SSH machine
/// does not need `--vault file` (and the rest) on every command. Environment variables override the file, and
/// command-line options override both: ``SettingsResolution`` applies that order.
///
/// ```toml
/// vault = "file"                                  # auto | secret-service | file
/// profile = "default"
/// passphrase-file = "~/.config/companionkit/passphrase"
/// sidecar-url = "http://192.168.1.20:7878"        # companion commands' default sidecar
/// timeout = 10                                    # seconds per request
///
/// [sidecar]                                       # companion sidecar serve / service install / devices
/// host = "127.0.0.1"
/// port = 7878
/// data-dir = "~/.local/share/companionkit/sidecar"
/// public-url = "http://192.168.1.20:7878"
/// api-key-scopes = "read,tasks"                  # what the X-API-Key / Bearer key may do (default: read,tasks)
/// ```
///
/// Unknown keys and wrongly typed values are refused with the file, the key and what is expected, so a typo
/// never silently falls back to a default.
public struct CompanionSettings: Sendable, Equatable {
    /// `vault`: the vault backend (`auto`, `secret-service`, `file`).
    public var vault: String?
    /// `profile`: the vault profile.
    public var profile: String?
    /// `passphrase-file`: a 0600 file holding the file vault's passphrase (a leading `~/` is the home directory).
    public var passphraseFile: String?
    /// `sidecar-url`: the sidecar the companion commands talk to when no `--url` is given.
    public var sidecarURL: String?
    /// `timeout`: seconds to wait for each answer from the sidecar.
    public var timeout: Double?
    /// `[sidecar]`: defaults of the workstation's commands.
    public var sidecar = Sidecar()

    /// The `[sidecar]` table.
    public struct Sidecar: Sendable, Equatable {
        /// `host`: the address `sidecar serve` binds.
        public var host: String?
        /// `port`: the port `sidecar serve` binds.
        public var port: Int?
        /// `data-dir`: the sidecar's data directory.
        public var dataDirectory: String?
        /// `public-url`: the base URL put in the QR code.
        public var publicURL: String?
        /// `api-key-scopes`: the scopes of the sidecar's API key (`X-API-Key`, Bearer), e.g. `read,tasks,chat`;
        /// checked by `sidecar serve` (default `read,tasks`; a wider set is warned about at start).
        public var apiKeyScopes: String?

        /// Empty: every default applies.
        public init(
            host: String? = nil, port: Int? = nil, dataDirectory: String? = nil, publicURL: String? = nil,
            apiKeyScopes: String? = nil
        ) {
            self.host = host
            self.port = port
            self.dataDirectory = dataDirectory
            self.publicURL = publicURL
            self.apiKeyScopes = apiKeyScopes
        }
    }

    /// Empty settings: every default applies.
    public init() {}

    /// The directory name under `$XDG_CONFIG_HOME`: the one application directory name (earlier versions used
    /// `companion`; ``load(environment:)`` moves that file here).
    public static let directoryName = CompanionDirectories.applicationName
    /// The file name.
    public static let fileName = "config.toml"
    /// The environment variable naming another settings file (tests, several setups).
    public static let fileVariable = "COMPANION_CONFIG"

    /// `$COMPANION_CONFIG`, else `$XDG_CONFIG_HOME/companionkit/config.toml` (`~/.config/companionkit/config.toml`).
    public static func path(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let explicit = environment[fileVariable], !explicit.isEmpty { return URL(fileURLWithPath: explicit) }
        return CompanionDirectories(environment: environment).baseDirectory(.config)
            .appendingPathComponent(directoryName).appendingPathComponent(fileName)
    }

    /// Moves the settings file of earlier versions (`$XDG_CONFIG_HOME/companion/config.toml`) to
    /// ``path(environment:)`` when that has none (not when `$COMPANION_CONFIG` names the file); returns the old
    /// path when it moved it. ``load(environment:)`` calls it; call it first to tell the person.
    @discardableResult
    public static func moveLegacyFile(environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(SettingsError) -> URL?
    {
        if let explicit = environment[fileVariable], !explicit.isEmpty { return nil }
        return try LegacySettingsFile.move(to: path(environment: environment), environment: environment)
    }

    /// The settings in the file at ``path(environment:)`` (moved there first from where earlier versions kept
    /// it, ``moveLegacyFile(environment:)``); empty when there is no such file.
    public static func load(environment: [String: String] = ProcessInfo.processInfo.environment) throws(SettingsError)
        -> CompanionSettings
    {
        try moveLegacyFile(environment: environment)
        let url = path(environment: environment)
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch let error as CocoaError where error.code == .fileReadNoSuchFile || error.code == .fileNoSuchFile {
            return CompanionSettings()
        } catch {
            if !FileManager.default.fileExists(atPath: url.path) { return CompanionSettings() }
            throw SettingsError(path: url.path, problem: "cannot be read as UTF-8 text")
        }
        var settings = try SettingsParser.parse(text, path: url.path)
        let home = CompanionDirectories(environment: environment).homeDirectory.path
        settings.passphraseFile = settings.passphraseFile.map { expandingHome($0, home: home) }
        settings.sidecar.dataDirectory = settings.sidecar.dataDirectory.map { expandingHome($0, home: home) }
        return settings
    }

    /// `~/x` as `<home>/x`; anything else unchanged.
    static func expandingHome(_ path: String, home: String) -> String {
        path == "~" ? home : path.hasPrefix("~/") ? home + path.dropFirst() : path
    }
}

/// The settings file is not valid: which file, and what is wrong in it.
public struct SettingsError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file.
    public var path: String
    /// What is wrong, e.g. `unknown key 'vualt'`.
    public var problem: String

    /// A problem in the file at `path`.
    public init(path: String, problem: String) {
        self.path = path
        self.problem = problem
    }

    /// One line: the file, then the problem.
    public var description: String { "the settings file \(path) \(problem)" }

    /// What to do next.
    public var hint: String {
        "fix or remove it (keys: vault, profile, passphrase-file, sidecar-url, timeout, and [sidecar] host, port, "
            + "data-dir, public-url, api-key-scopes); docs/headless.md shows an example"
    }
}
