import Foundation

/// Installs, removes and reports the companion's command hooks in Claude Code's user settings
/// (`$CLAUDE_CONFIG_DIR/settings.json`, else `~/.claude/settings.json`): each runs `companion hook --socket PATH`,
/// which hands the event to the sidecar over its owner socket (only the owner can reach it) and prints its answer.
///
/// Every write replaces the file atomically and keeps every key and hook the companion did not add; a file that is
/// not valid JSON is reported (``SettingsFileError/malformed(path:reason:)``) and never overwritten. Uninstall removes
/// exactly the groups install added: when the file is still as install left it, its earlier bytes are restored
/// byte for byte (or it is removed again when install created it).
public struct ClaudeHookInstaller: Sendable {
    /// The settings file.
    public let settingsPath: String
    /// The sidecar's directory for the install record.
    public let stateDirectory: String

    public init(settingsPath: String, stateDirectory: String) {
        self.settingsPath = settingsPath
        self.stateDirectory = stateDirectory
    }

    /// The user settings file Claude Code reads for `environment`: `$CLAUDE_CONFIG_DIR/settings.json`, else
    /// `$HOME/.claude/settings.json`; nil when neither variable is an absolute path.
    public static func settingsPath(environment: [String: String]) -> String? {
        if let directory = environment["CLAUDE_CONFIG_DIR"], directory.hasPrefix("/") {
            return directory + "/settings.json"
        }
        if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.claude/settings.json" }
        return nil
    }

    /// The command a hook runs: `executable hook --socket socketPath` (paths quoted for the shell).
    public static func hookCommand(executable: String, socketPath: String) -> String {
        HookSettingsDocument.hookCommand(executable: executable, socketPath: socketPath)
    }

    /// Adds the hooks (replacing the companion's earlier ones, HTTP hooks of an older install included), each
    /// running `command` (``hookCommand(executable:socketPath:)``).
    public func install(command: String) throws(SettingsFileError) -> HookStatus {
        let before = try AtomicFile.read(settingsPath)
        var document = try HookSettingsDocument(bytes: before, path: settingsPath)
        let record = try HookInstallRecord.load(stateDirectory: stateDirectory)
        // The bytes to restore at uninstall: those before the first install, as long as the file is still what
        // the companion wrote; otherwise the current ones (whatever the user changed since is theirs).
        var original = before.map { Data($0).base64EncodedString() }
        if let record, record.settingsPath == settingsPath, let before,
            HookInstallRecord.digest(before) == record.installedDigest
        {
            original = record.original
        }
        document.removeCompanionGroups()
        document.addCompanionGroups(command: command)
        let bytes = try document.serialized()
        try AtomicFile.write(bytes, to: settingsPath)
        try LegacyHookSecret.remove(stateDirectory: stateDirectory)
        try HookInstallRecord(
            settingsPath: settingsPath, url: command, original: original,
            installedDigest: HookInstallRecord.digest(bytes)
        ).save(stateDirectory: stateDirectory)
        return try status()
    }

    /// Removes the companion's hooks; returns how many hook groups were removed (0: there were none).
    @discardableResult
    public func uninstall() throws(SettingsFileError) -> Int {
        let current = try AtomicFile.read(settingsPath)
        let document = try HookSettingsDocument(bytes: current, path: settingsPath)
        let ours = document.companionGroups.values.reduce(0) { $0 + $1.count }
        let record = try HookInstallRecord.load(stateDirectory: stateDirectory)
        if let record, record.settingsPath == settingsPath, let current,
            HookInstallRecord.digest(current) == record.installedDigest
        {
            // Untouched since install: the earlier file comes back exactly (or goes, if install created it).
            if let original = record.originalBytes {
                try AtomicFile.write(original, to: settingsPath, mode: Self.mode(of: settingsPath))
            } else {
                try AtomicFile.remove(settingsPath)
            }
        } else if ours > 0 {
            var edited = document
            edited.removeCompanionGroups()
            try AtomicFile.write(try edited.serialized(), to: settingsPath, mode: Self.mode(of: settingsPath))
        }
        try HookInstallRecord.remove(stateDirectory: stateDirectory)
        try LegacyHookSecret.remove(stateDirectory: stateDirectory)
        return ours
    }

    /// What is installed now.
    public func status() throws(SettingsFileError) -> HookStatus {
        let document = try HookSettingsDocument(bytes: try AtomicFile.read(settingsPath), path: settingsPath)
        let groups = document.companionGroups
        var urls = Set<String>()
        var commands = Set<String>()
        for group in groups.values.joined() {
            for hook in group["hooks"] as? [Any] ?? [] {
                if let url = (hook as? [String: Any])?["url"] as? String { urls.insert(url) }
                if let command = (hook as? [String: Any])?["command"] as? String { commands.insert(command) }
            }
        }
        let expected = Set(HookEventName.allCases.map(\.rawValue))
        return HookStatus(
            settingsPath: settingsPath, events: groups.keys.sorted(),
            missingEvents: expected.subtracting(groups.keys).sorted(), commands: commands.sorted(), urls: urls.sorted())
    }

    private static func mode(of path: String) -> mode_t {
        var info = stat()
        guard stat(path, &info) == 0 else { return 0o600 }
        return info.st_mode & 0o777
    }
}

/// The companion's hooks in a settings file.
public struct HookStatus: Sendable, Equatable, Codable {
    /// The settings file looked at.
    public var settingsPath: String
    /// Events with a companion hook.
    public var events: [String]
    /// Events the companion registers that have none.
    public var missingEvents: [String]
    /// The commands the hooks run (one, normally: `companion hook --socket PATH`).
    public var commands: [String]
    /// URLs of HTTP hooks an older install left (none once `install` ran again: they are replaced).
    public var urls: [String]

    /// Every event is registered, with one command and no HTTP hook left.
    public var isComplete: Bool { missingEvents.isEmpty && commands.count == 1 && urls.isEmpty }
}
