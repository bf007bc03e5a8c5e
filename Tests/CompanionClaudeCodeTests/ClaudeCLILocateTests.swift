import CompanionClaudeCode
import CompanionTestSupport
import Foundation
import Testing

/// Finding the real CLI, its version and the configuration directory; a clear error with the fix when absent.
@Suite struct ClaudeCLILocateTests {
    @Test func theInstalledCLIIsFoundByPathOrOnPATHWithItsVersion() async throws {
        let binary = try ClaudeCLIBinary.locate()
        let explicit = try await ClaudeCLI.locate(explicitPath: binary, environment: ["PATH": "/usr/bin:/bin"])
        #expect(explicit.executable == binary)
        #expect(explicit.version.hasPrefix("2."))
        let directory = URL(fileURLWithPath: binary).deletingLastPathComponent().path
        let onPath = try ClaudeCLI.findExecutable(
            explicitPath: nil, environment: ["PATH": "relative:/nowhere:\(directory)"])
        #expect(onPath == binary)
    }

    @Test func aMissingCLIIsAnErrorThatSaysHowToInstallIt() async throws {
        let plain = try TestPaths.temporaryDirectory("claude-locate").appendingPathComponent("claude")
        defer { try? FileManager.default.removeItem(at: plain.deletingLastPathComponent()) }
        try Data("not a program".utf8).write(to: plain)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: plain.path)
        #expect(throws: ClaudeCLIError.notFound(searched: ["/nowhere"])) {
            try ClaudeCLI.findExecutable(explicitPath: nil, environment: ["PATH": "/nowhere"])
        }
        #expect(throws: ClaudeCLIError.notFound(searched: ["/no/such/claude"])) {
            try ClaudeCLI.findExecutable(explicitPath: "/no/such/claude", environment: [:])
        }
        #expect(throws: ClaudeCLIError.notExecutable(path: plain.path)) {
            try ClaudeCLI.findExecutable(explicitPath: plain.path, environment: [:])
        }
        #expect(throws: ClaudeCLIError.self) {
            try ClaudeCLI.findExecutable(
                explicitPath: nil, environment: ["PATH": plain.deletingLastPathComponent().path])
        }
        await #expect(throws: ClaudeCLIError.self) {
            _ = try await ClaudeCLI.version(of: "/bin/false", environment: ["PATH": "/bin"])
        }
        #expect(ClaudeCLIError.notFound(searched: ["/x"]).description.contains("install"))
    }

    @Test func theConfigurationDirectoryFollowsClaudeConfigDirThenHome() {
        #expect(
            ClaudeDirectories.resolve(environment: ["HOME": "/home/ada"])?.projectsDirectory.path
                == "/home/ada/.claude/projects")
        #expect(
            ClaudeDirectories.resolve(environment: ["HOME": "/home/ada", "CLAUDE_CONFIG_DIR": "/etc/cc"])?
                .configDirectory.path == "/etc/cc")
        #expect(ClaudeDirectories.resolve(environment: ["CLAUDE_CONFIG_DIR": "relative"]) == nil)
        let directories = ClaudeDirectories(configDirectory: URL(fileURLWithPath: "/c"))
        #expect(directories.projectDirectory(forWorkingDirectory: "/tmp/a.b_c").path == "/c/projects/-tmp-a-b-c")
    }
}
