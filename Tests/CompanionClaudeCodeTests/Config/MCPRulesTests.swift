import CompanionClaudeCode
import CompanionTestSupport
import Foundation
import Testing

/// The rules of MCP server definitions, names and masks (pure logic; the real CLI agrees in
/// ``RealClaudeSuites/MCPCatalogTests``).
@Suite struct MCPRulesTests {
    @Test(arguments: ["a", "my-server", "under_score", "A1", String(repeating: "x", count: 255)])
    func namesClaudeCodeAcceptsAreAccepted(name: String) throws {
        try MCPServerName.validate(name)
    }

    @Test(
        arguments: [
            "", "bad name", "a.b", "../etc", "a/b", "é", "tab\tname", "nul\u{0}", "-",
            String(repeating: "x", count: 256),
        ].filter { $0 != "-" })
    func otherNamesAreRefused(name: String) {
        #expect(throws: MCPServerError.invalidName(name)) { try MCPServerName.validate(name) }
    }

    @Test func aMaskShowsAFingerprintNeverTheValue() throws {
        let mask = MCPSecretMask()
        let secret = "sk-live-0123456789abcdef"
        let shown = mask.mask(secret)
        #expect(shown.hasPrefix(MCPSecretMask.prefix) && !shown.contains(secret) && !shown.contains("0123"))
        #expect(shown == mask.mask(secret) && shown != mask.mask(secret + "x"))
        // Another sidecar run (another key) shows another fingerprint: it cannot be used to confirm guesses.
        #expect(MCPSecretMask().mask(secret) != shown)
    }

    @Test func aMaskSentBackKeepsTheStoredValueAndAWrongMaskIsRefused() throws {
        let mask = MCPSecretMask()
        let stored = ["TOKEN": "secret-1", "OTHER": "x"]
        let restored = try mask.restore(["TOKEN": mask.mask("secret-1"), "NEW": "plain"], existing: stored)
        #expect(restored == ["TOKEN": "secret-1", "NEW": "plain"])
        #expect(throws: MCPServerError.self) {
            _ = try mask.restore(["TOKEN": mask.mask("another")], existing: stored)
        }
        #expect(throws: MCPServerError.self) { _ = try mask.restore(["NEW": mask.mask("x")], existing: stored) }
    }

    @Test func definitionsAreCheckedForTheirKind() throws {
        #expect(throws: MCPServerError.self) {
            try MCPServerDefinition(name: "a", scope: .user, kind: .stdio, command: " ").validate()
        }
        #expect(throws: MCPServerError.self) {
            try MCPServerDefinition(name: "a", scope: .user, kind: .http, url: "file:///etc/passwd").validate()
        }
        #expect(throws: MCPServerError.projectRequired(.local)) {
            try MCPServerDefinition(name: "a", scope: .local, command: "x").validate()
        }
        #expect(throws: MCPServerError.self) {
            try MCPServerDefinition(name: "a", scope: .user, command: "x", env: ["A=B": "c"]).validate()
        }
        try MCPServerDefinition(name: "a", scope: .user, kind: .sse, url: "https://example.test/sse").validate()
    }

    @Test func anEditKeepsTheEntrysKeysThisTypeDoesNotKnow() {
        let definition = MCPServerDefinition(name: "a", scope: .user, command: "new", args: ["1"], env: ["K": "v"])
        let entry = definition.configEntry(over: ["command": "old", "timeout": 30, "url": "stale"])
        #expect(entry["timeout"] as? Int == 30 && entry["command"] as? String == "new" && entry["url"] == nil)
    }

    @Test func settingsValuesOfTheWrongTypeAreRefused() throws {
        for bad: [String: Any] in [
            ["model": 3], ["model": ""], ["env": ["A": 1]], ["permissions": ["allow": "Bash"]],
            ["includeCoAuthoredBy": 1], ["enabledPlugins": ["p": "yes"]],
        ] {
            #expect(throws: ClaudeSettingsError.self) { try ClaudeSettingsValidation.check(bad) }
        }
        try ClaudeSettingsValidation.check([
            "model": "opus", "env": ["A": "1"], "permissions": ["allow": ["Bash(ls)"]], "unknownKey": [1, 2],
            "includeCoAuthoredBy": true, "model2": NSNull(),
        ])
    }
}
