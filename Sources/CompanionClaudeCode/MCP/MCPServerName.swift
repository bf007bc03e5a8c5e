/// The rule Claude Code applies to MCP server names (`claude mcp add-json 'a b' …` answers "Names can only contain
/// letters, numbers, hyphens, and underscores"): ASCII letters, digits, `-` and `_`. We also refuse the empty
/// name (which the CLI accepts, but no command can then address) and names longer than ``maxLength``. A valid
/// name contains no `/`, `.` or NUL, so it can never name a path outside its directory.
package enum MCPServerName {
    /// Longest name accepted (the ILS backend's limit).
    package static let maxLength = 255

    /// Throws ``MCPServerError/invalidName(_:)`` unless `name` follows the rule.
    package static func validate(_ name: String) throws(MCPServerError) {
        guard !name.isEmpty, name.utf8.count <= maxLength,
            name.unicodeScalars.allSatisfy({ scalar in
                scalar.isASCII
                    && (("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                        || scalar == "-" || scalar == "_")
            })
        else { throw .invalidName(name) }
    }
}
