import Foundation

/// The types of the `settings.json` keys Claude Code documents and CompanionKit's callers commonly set; other
/// keys are passed through unchecked (Claude Code adds keys faster than we could list them).
package enum ClaudeSettingsValidation {
    /// Throws ``ClaudeSettingsError/invalid(_:)`` naming the first key whose value has the wrong type.
    package static func check(_ changes: [String: Any]) throws(ClaudeSettingsError) {
        for (key, value) in changes.sorted(by: { $0.key < $1.key }) where !(value is NSNull) {
            switch key {
            case "model", "outputStyle", "apiKeyHelper", "forceLoginMethod", "autoUpdatesChannel":
                guard value is String else { throw .invalid("\(key) must be a string") }
                if key == "model", (value as? String)?.trimmingCharacters(in: .whitespaces).isEmpty == true {
                    throw .invalid("model cannot be empty (send null to remove it)")
                }
            case "includeCoAuthoredBy", "alwaysThinkingEnabled", "enableAllProjectMcpServers":
                guard isBool(value) else { throw .invalid("\(key) must be true or false") }
            case "cleanupPeriodDays":
                guard let number = value as? NSNumber, !isBool(value), number.intValue >= 0 else {
                    throw .invalid("\(key) must be a whole number of days")
                }
            case "env":
                guard let object = value as? [String: Any], object.values.allSatisfy({ $0 is String }) else {
                    throw .invalid("env must be an object of string values")
                }
            case "permissions":
                guard let object = value as? [String: Any] else { throw .invalid("permissions must be an object") }
                for list in ["allow", "deny", "ask", "additionalDirectories"] {
                    if let entries = object[list], !((entries as? [Any])?.allSatisfy({ $0 is String }) ?? false) {
                        throw .invalid("permissions.\(list) must be an array of strings")
                    }
                }
                if let mode = object["defaultMode"], !(mode is String) {
                    throw .invalid("permissions.defaultMode must be a string")
                }
            case "enabledPlugins":
                guard let object = value as? [String: Any], object.values.allSatisfy(isBool) else {
                    throw .invalid("enabledPlugins must be an object of true/false values")
                }
            case "hooks", "statusLine", "extraKnownMarketplaces":
                guard value is [String: Any] else { throw .invalid("\(key) must be an object") }
            case "enabledMcpjsonServers", "disabledMcpjsonServers":
                guard (value as? [Any])?.allSatisfy({ $0 is String }) ?? false else {
                    throw .invalid("\(key) must be an array of strings")
                }
            default: continue
            }
        }
    }

    /// A JSON `true`/`false` as Foundation parses it (a number 0 or 1 is not one).
    package static func isBool(_ value: Any) -> Bool {
        guard let number = value as? NSNumber else { return false }
        return String(cString: number.objCType) == "c"
    }
}
