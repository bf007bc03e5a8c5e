import CompanionTestSupport
import Foundation

/// A plugin marketplace made in the test as a local git repository: `.claude-plugin/marketplace.json` offering
/// one plugin with a skill and a command.
public struct TestPluginMarketplace {
    public static let marketplaceName = "test-market"
    public static let pluginName = "hello"
    public let repository: URL

    /// Writes and commits it under `root/<directoryName>`.
    public init(in root: URL, directoryName: String = "marketplace") async throws {
        repository = root.appendingPathComponent(directoryName)
        let files: [String: String] = [
            ".claude-plugin/marketplace.json": """
            {"name":"\(Self.marketplaceName)","owner":{"name":"Tester"},"plugins":[{"name":"\(Self.pluginName)",\
            "source":"./plugins/hello","description":"Says hello","version":"1.0.0"}]}
            """,
            "plugins/hello/.claude-plugin/plugin.json":
                #"{"name":"hello","description":"Says hello","version":"1.0.0"}"#,
            "plugins/hello/skills/greet/SKILL.md":
                "---\nname: greet\ndescription: Greets the user warmly\n---\nSay hello.\n",
            "plugins/hello/commands/wave.md": "---\ndescription: Wave at the user\n---\nWave.\n",
        ]
        try await TestGitRepository.make(at: repository, files: files, message: "marketplace")
    }

    public struct Failed: Error, CustomStringConvertible {
        public let description: String
        public init(description: String) { self.description = description }
    }
}
