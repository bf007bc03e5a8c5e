import Foundation

/// Claude Code's `settings.json` as a JSON object, and the companion's hook groups in it.
///
/// Everything the companion does not own (other keys, the user's own hooks, their order inside each event) is kept.
/// A group is the companion's when one of its hooks is a command hook running `… hook --socket …` (``hookCommand``),
/// or an HTTP hook carrying the earlier installs' secret header (replaced by the next install).
struct HookSettingsDocument {
    var root: [String: Any]
    let path: String

    /// The document `root` holds (an object ``ClaudeJSONFile`` read); throws
    /// ``SettingsFileError/malformed(path:reason:)`` when its `hooks`, when present, is not an object of arrays.
    init(root: [String: Any], path: String) throws(SettingsFileError) {
        self.path = path
        if let hooks = root["hooks"] {
            guard let hooks = hooks as? [String: Any] else {
                throw .malformed(path: path, reason: "\"hooks\" is not an object")
            }
            for (event, groups) in hooks where !(groups is [Any]) {
                throw .malformed(path: path, reason: "\"hooks\".\"\(event)\" is not an array")
            }
        }
        self.root = root
    }

    var hooks: [String: Any] { root["hooks"] as? [String: Any] ?? [:] }

    /// True when `group` is one the companion added.
    static func isCompanionGroup(_ group: Any) -> Bool {
        guard let group = group as? [String: Any], let hooks = group["hooks"] as? [Any] else { return false }
        return hooks.contains { hook in
            guard let hook = hook as? [String: Any] else { return false }
            if hook["type"] as? String == "command", let command = hook["command"] as? String {
                return command.contains(Self.commandMark)
            }
            guard hook["type"] as? String == "http", let headers = hook["headers"] as? [String: Any] else {
                return false
            }
            return headers[CompanionAgents.legacySecretHeader] != nil
        }
    }

    /// What every companion hook command contains.
    static let commandMark = "' hook --socket '"

    /// The command a hook runs: `executable hook --socket socketPath`, each path single-quoted for the shell
    /// Claude Code runs it with.
    static func hookCommand(executable: String, socketPath: String) -> String {
        func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'" }
        return quoted(executable) + " hook --socket " + quoted(socketPath)
    }

    /// The companion's groups per event name (events without any left out).
    var companionGroups: [String: [[String: Any]]] {
        var found: [String: [[String: Any]]] = [:]
        for (event, groups) in hooks {
            let ours = (groups as? [Any] ?? []).filter(Self.isCompanionGroup).compactMap { $0 as? [String: Any] }
            if !ours.isEmpty { found[event] = ours }
        }
        return found
    }

    /// Removes every companion group; an event array left empty by that goes, and so does `hooks` when it is left
    /// empty. Returns how many groups were removed.
    @discardableResult
    mutating func removeCompanionGroups() -> Int {
        var hooks = self.hooks
        var removed = 0
        for (event, groups) in hooks {
            let all = groups as? [Any] ?? []
            let kept = all.filter { !Self.isCompanionGroup($0) }
            guard kept.count != all.count else { continue }
            removed += all.count - kept.count
            hooks[event] = kept.isEmpty ? nil : kept
        }
        guard removed > 0 else { return 0 }
        root["hooks"] = hooks.isEmpty ? nil : hooks
        return removed
    }

    /// Appends the companion's groups for every event (after the user's own), running `command`.
    mutating func addCompanionGroups(command: String) {
        var hooks = self.hooks
        for event in HookEventName.allCases {
            var groups = hooks[event.rawValue] as? [Any] ?? []
            for matcher in event.matchers {
                var group: [String: Any] = [
                    "hooks": [
                        ["type": "command", "command": command, "timeout": event.timeoutSeconds] as [String: Any]
                    ]
                ]
                if let matcher { group["matcher"] = matcher }
                groups.append(group)
            }
            hooks[event.rawValue] = groups
        }
        root["hooks"] = hooks
    }

    /// The document as pretty-printed JSON with sorted keys and a final newline.
    func serialized() throws(SettingsFileError) -> [UInt8] {
        do {
            let data = try JSONSerialization.data(
                withJSONObject: root, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
            return [UInt8](data) + [0x0A]
        } catch {
            throw .io(path: path, reason: "it could not be encoded as JSON")
        }
    }
}
