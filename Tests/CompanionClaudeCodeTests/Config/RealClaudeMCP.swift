import CompanionClaudeCode
import CompanionTestSupport
import Foundation
import Testing

/// One test's Claude Code world for MCP and settings: the sandbox (pointed at a scripted model endpoint), the
/// real `claude`, a catalog over the sandbox's files, and a way to ask the real CLI what it sees.
struct RealClaudeMCP {
    let endpoint: ScriptedModelEndpoint
    let sandbox: ClaudeSandbox
    let executable: String
    let locations: ClaudeConfigLocations

    init() throws {
        executable = try ClaudeCLIBinary.locate()
        endpoint = try ScriptedModelEndpoint { _ in .text("ok") }
        sandbox = try ClaudeSandbox(baseURL: endpoint.baseURL)
        locations = try #require(ClaudeConfigLocations.resolve(environment: sandbox.environment))
    }

    func catalog(usingCLI: Bool = true) -> MCPServerCatalog {
        MCPServerCatalog(
            locations: locations, cliExecutable: usingCLI ? executable : nil, environment: sandbox.environment)
    }

    /// Runs the real `claude` with `arguments` in `directory` (the sandbox's root by default).
    func claude(_ arguments: [String], in directory: String? = nil, timeout: Double = 120) async throws
        -> ProcessRunner.Result
    {
        try await ProcessRunner.run(
            "/usr/bin/env", ["-C", directory ?? sandbox.root.path, executable] + arguments,
            environment: sandbox.environment.mapValues { Optional($0) }, timeout: timeout)
    }

    /// `claude mcp get <name>` as the CLI prints it (its exit status says whether it found the server).
    func get(_ name: String, in directory: String? = nil) async throws -> ProcessRunner.Result {
        try await claude(["mcp", "get", name], in: directory)
    }

    func tearDown() {
        endpoint.stop()
        sandbox.remove()
    }
}
