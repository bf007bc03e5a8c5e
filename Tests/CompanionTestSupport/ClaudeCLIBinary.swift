import Foundation

/// The real Claude Code CLI the tests run: `$CLAUDE_CLI_PATH` when set, else the binary `scripts/setup.sh`
/// installs from the claude-agent-sdk wheel under `.build/claude-venv` (what `scripts/claude-path.sh` prints).
public enum ClaudeCLIBinary {
    /// Claude Code is not installed for the tests.
    public struct NotInstalled: Error, CustomStringConvertible {
        public let description: String
    }

    /// The executable's absolute path; throws ``NotInstalled`` with the fix.
    public static func locate() throws -> String {
        if let path = ProcessInfo.processInfo.environment["CLAUDE_CLI_PATH"], !path.isEmpty {
            guard FileManager.default.isExecutableFile(atPath: path) else {
                throw NotInstalled(description: "CLAUDE_CLI_PATH=\(path) is not an executable file")
            }
            return path
        }
        let lib = TestPaths.packageRoot.appendingPathComponent(".build/claude-venv/lib")
        let pythons = (try? FileManager.default.contentsOfDirectory(atPath: lib.path)) ?? []
        for python in pythons.sorted() where python.hasPrefix("python3") {
            let binary = lib.appendingPathComponent("\(python)/site-packages/claude_agent_sdk/_bundled/claude")
            if FileManager.default.isExecutableFile(atPath: binary.path) { return binary.path }
        }
        throw NotInstalled(
            description: "Claude Code is not installed for the tests (\(lib.path)): run scripts/setup.sh --no-build")
    }
}
