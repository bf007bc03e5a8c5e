import CompanionClaudeCode
import Foundation

/// Installs, removes and reports the companion's command hooks in Claude Code's user settings
/// (`$CLAUDE_CONFIG_DIR/settings.json`, else `~/.claude/settings.json`): each runs `companion hook --socket PATH`,
/// which hands the event to the sidecar over its owner socket (only the owner can reach it) and prints its answer.
///
/// Every read and write goes through Claude Code's files layer (``ClaudeJSONFile``, the package's one writer of
/// Claude Code's files): under Claude Code's own lock (`settings.json.lock`), replaced atomically only if the file
/// is still the version read (else decided again on the new one), the previous version kept as
/// `settings.json.companion-backup`. So a concurrent `companion config set` or Claude Code's own write (`claude
/// plugin enable`…) is never lost. Every key and hook the companion did not add is kept; a file that is not valid
/// JSON is reported (``SettingsFileError/malformed(path:reason:)``) and never overwritten. Uninstall removes exactly
/// the groups install added: when the file is still as install left it, its earlier bytes are restored byte for
/// byte (or it is removed again when install created it).
package struct ClaudeHookInstaller: Sendable {
    /// The settings file.
    package let settingsPath: String
    /// The sidecar's directory for the install record.
    package let stateDirectory: String

    package init(settingsPath: String, stateDirectory: String) {
        self.settingsPath = settingsPath
        self.stateDirectory = stateDirectory
    }

    /// The user settings file Claude Code reads for `environment` (``ClaudeConfigLocations``):
    /// `$CLAUDE_CONFIG_DIR/settings.json`, else `$HOME/.claude/settings.json`; nil when neither variable is an
    /// absolute path.
    package static func settingsPath(environment: [String: String]) -> String? {
        ClaudeConfigLocations.resolve(environment: environment)?.userSettings.path
    }

    /// The command a hook runs: `executable hook --socket socketPath` (paths quoted for the shell).
    package static func hookCommand(executable: String, socketPath: String) -> String {
        HookSettingsDocument.hookCommand(executable: executable, socketPath: socketPath)
    }

    /// Adds the hooks (replacing the companion's earlier ones, HTTP hooks of an older install included), each
    /// running `command` (``hookCommand(executable:socketPath:)``).
    package func install(command: String) throws(SettingsFileError) -> HookStatus {
        let record = try HookInstallRecord.load(stateDirectory: stateDirectory)
        try createDirectory()
        let (original, bytes) = try edit {
            (snapshot: ClaudeJSONSnapshot) throws(SettingsFileError) -> (ClaudeJSONFile.Replacement, (String?, [UInt8]))
            in
            var document = try HookSettingsDocument(root: snapshot.object, path: settingsPath)
            let before = snapshot.exists ? [UInt8](snapshot.bytes) : nil
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
            return (.bytes(Data(bytes)), (original, bytes))
        }
        try LegacyHookSecret.remove(stateDirectory: stateDirectory)
        try HookInstallRecord(
            settingsPath: settingsPath, url: command, original: original,
            installedDigest: HookInstallRecord.digest(bytes)
        ).save(stateDirectory: stateDirectory)
        return try status()
    }

    /// Removes the companion's hooks; returns how many hook groups were removed (0: there were none).
    @discardableResult
    package func uninstall() throws(SettingsFileError) -> Int {
        let record = try HookInstallRecord.load(stateDirectory: stateDirectory)
        // No configuration directory: no settings file, nothing to remove (and no place for the lock).
        let directory = (settingsPath as NSString).deletingLastPathComponent
        guard FileManager.default.fileExists(atPath: directory) else {
            try HookInstallRecord.remove(stateDirectory: stateDirectory)
            try LegacyHookSecret.remove(stateDirectory: stateDirectory)
            return 0
        }
        let ours = try edit {
            (snapshot: ClaudeJSONSnapshot) throws(SettingsFileError) -> (ClaudeJSONFile.Replacement, Int) in
            let document = try HookSettingsDocument(root: snapshot.object, path: settingsPath)
            let ours = document.companionGroups.values.reduce(0) { $0 + $1.count }
            if let record, record.settingsPath == settingsPath, snapshot.exists,
                HookInstallRecord.digest([UInt8](snapshot.bytes)) == record.installedDigest
            {
                // Untouched since install: the earlier file comes back exactly (or goes, if install created it).
                if let original = record.originalBytes { return (.bytes(Data(original)), ours) }
                return (.removed, ours)
            }
            guard ours > 0 else { return (.unchanged, ours) }
            var edited = document
            edited.removeCompanionGroups()
            return (.bytes(Data(try edited.serialized())), ours)
        }
        try HookInstallRecord.remove(stateDirectory: stateDirectory)
        try LegacyHookSecret.remove(stateDirectory: stateDirectory)
        return ours
    }

    /// What is installed now.
    package func status() throws(SettingsFileError) -> HookStatus {
        let snapshot: ClaudeJSONSnapshot
        do throws(ClaudeConfigFileError) { snapshot = try file.read() } catch { throw Self.settingsError(error) }
        let document = try HookSettingsDocument(root: snapshot.object, path: settingsPath)
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

    /// The settings file in Claude Code's files layer (its permission bits kept; a new one is private).
    private var file: ClaudeJSONFile { ClaudeJSONFile(url: URL(fileURLWithPath: settingsPath), creationMode: 0o600) }

    /// One locked, checked change of the file (``ClaudeJSONFile/replace(_:)``); `decide` may run more than once.
    private func edit<Result>(
        _ decide: (ClaudeJSONSnapshot) throws(SettingsFileError) -> (ClaudeJSONFile.Replacement, Result)
    ) throws(SettingsFileError) -> Result {
        do {
            return try file.replace { snapshot in try decide(snapshot) }.result
        } catch let error as SettingsFileError {
            throw error
        } catch let error as ClaudeConfigFileError {
            throw Self.settingsError(error)
        } catch {
            throw .io(path: settingsPath, reason: "\(type(of: error))")
        }
    }

    /// The layer's error as this type's: a malformed file stays ``SettingsFileError/malformed(path:reason:)``.
    private static func settingsError(_ error: ClaudeConfigFileError) -> SettingsFileError {
        if case .malformed(let path, let reason) = error { return .malformed(path: path, reason: reason) }
        return .file(error)
    }

    /// Claude Code's configuration directory, created (0700) when missing, as Claude Code creates it.
    private func createDirectory() throws(SettingsFileError) {
        let directory = (settingsPath as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .io(path: settingsPath, reason: "its directory cannot be created")
        }
    }
}

/// The companion's hooks in a settings file.
package struct HookStatus: Sendable, Equatable, Codable {
    /// The settings file looked at.
    package var settingsPath: String
    /// Events with a companion hook.
    package var events: [String]
    /// Events the companion registers that have none.
    package var missingEvents: [String]
    /// The commands the hooks run (one, normally: `companion hook --socket PATH`).
    package var commands: [String]
    /// URLs of HTTP hooks an older install left (none once `install` ran again: they are replaced).
    package var urls: [String]

    /// Every event is registered, with one command and no HTTP hook left.
    package var isComplete: Bool { missingEvents.isEmpty && commands.count == 1 && urls.isEmpty }
}
