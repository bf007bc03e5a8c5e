/// A plugin as Claude Code names it: `name@marketplace`. Both parts are names Claude Code accepts in
/// `marketplace.json` and that stay one path component: letters, digits, `.`, `_`, `-`, not starting with `.` or
/// `-`, at most 128 characters each.
package struct PluginID: Sendable, Equatable, Hashable, CustomStringConvertible {
    package let name: String
    package let marketplace: String

    /// Parses `name@marketplace`; throws why it is refused.
    package init(parsing text: String) throws(ClaudePluginError) {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2 else {
            throw .invalidName(
                String(text.prefix(80)), "a plugin is named plugin@marketplace (`companion plugins list` shows them)")
        }
        name = try Self.part(String(parts[0]), in: text)
        marketplace = try Self.part(String(parts[1]), in: text)
    }

    package init(name: String, marketplace: String) throws(ClaudePluginError) {
        self.name = try Self.part(name, in: name)
        self.marketplace = try Self.part(marketplace, in: marketplace)
    }

    package var description: String { "\(name)@\(marketplace)" }

    /// A marketplace or plugin name alone, checked the same way.
    package static func part(_ text: String, in whole: String) throws(ClaudePluginError) -> String {
        let shown = String(whole.prefix(80))
        if text.isEmpty || text.count > 128 { throw .invalidName(shown, "each part must be 1 to 128 characters") }
        if text.hasPrefix(".") || text.hasPrefix("-") {
            throw .invalidName(shown, "a part must not start with '.' or '-'")
        }
        guard
            text.unicodeScalars.allSatisfy({
                $0.isASCII
                    && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "._-".unicodeScalars.contains($0))
            })
        else {
            throw .invalidName(shown, "only letters, digits, '.', '_' and '-' are allowed")
        }
        return text
    }
}
