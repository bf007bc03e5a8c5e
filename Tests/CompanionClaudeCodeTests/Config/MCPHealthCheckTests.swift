import CompanionClaudeCode
import CompanionTestSupport
import Foundation
import Testing

/// The health check against a small real MCP server (``MCPTestServer``, a Python program the test starts).
@Suite struct MCPHealthCheckTests {
    let directory: URL
    let script: String

    init() async throws {
        directory = try TestPaths.temporaryDirectory("mcp-health")
        script = try await MCPTestServer.install(in: directory)
    }

    var environment: [String: String] { ["PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": directory.path] }

    @Test func aWorkingServerIsHealthyAndListsItsTools() async throws {
        let server = MCPServerDefinition(
            name: "tester", scope: .user, command: MCPTestServer.python, args: [script],
            env: ["MCP_TEST_TOKEN": "configured"])
        // A generous bound: these tests check the handshake, not its speed (a loaded 2-core CI machine running
        // the whole suite can take more than the default 10 s to start Python and answer).
        let report = await MCPHealthCheck.check(server, baseEnvironment: environment, timeout: .seconds(90))
        #expect(report.healthy, "\(report)")
        #expect(report.serverName == "companion-test-server" && report.serverVersion == "1.2.3")
        #expect(report.protocolVersion?.isEmpty == false)
        // `token_present` is offered only when the configured env reached the server.
        #expect(report.tools.map { $0.name } == ["echo", "token_present"])
        #expect(report.tools.first?.description == "Echoes its text")
    }

    @Test func withoutItsEnvTheServerOffersLess() async throws {
        let server = MCPServerDefinition(name: "tester", scope: .user, command: MCPTestServer.python, args: [script])
        let report = await MCPHealthCheck.check(server, baseEnvironment: environment, timeout: .seconds(90))
        #expect(report.healthy && report.tools.map { $0.name } == ["echo"])
    }

    @Test func aServerThatNeverAnswersIsUnhealthyWhenTheBoundPasses() async throws {
        let server = MCPServerDefinition(
            name: "silent", scope: .user, command: MCPTestServer.python, args: [script, "--silent"])
        let report = await MCPHealthCheck.check(server, baseEnvironment: environment, timeout: .seconds(2))
        #expect(!report.healthy)
        #expect(report.problem?.contains("did not complete the MCP handshake") == true, "\(report)")
    }

    @Test func aServerThatExitsIsUnhealthy() async throws {
        let server = MCPServerDefinition(name: "exits", scope: .user, command: "/bin/false")
        let report = await MCPHealthCheck.check(server, baseEnvironment: environment, timeout: .seconds(5))
        #expect(!report.healthy && report.problem != nil)
    }

    @Test func aMissingProgramIsUnhealthyWithTheReason() async throws {
        let server = MCPServerDefinition(name: "missing", scope: .user, command: "/nonexistent/mcp-server")
        let report = await MCPHealthCheck.check(server, baseEnvironment: environment)
        #expect(!report.healthy && report.problem?.contains("could not be started") == true, "\(report)")
    }

    @Test func remoteServersAreNotStarted() async throws {
        let server = MCPServerDefinition(name: "remote", scope: .user, kind: .http, url: "https://example.test/mcp")
        let report = await MCPHealthCheck.check(server, baseEnvironment: environment)
        #expect(!report.healthy && report.problem?.contains("only stdio servers") == true)
    }

    /// The handshake runs in `companion-mcp-probe` beside the running executable (here the test bundle, which
    /// `swift build` puts beside it); without a probe the report says what to install, and nothing is started.
    @Test func theProbeIsFoundBesideTheExecutableAndItsAbsenceIsSaid() async throws {
        let found = try #require(MCPProbeLocation.executable(environment: [:]))
        #expect(found.hasSuffix("/companion-mcp-probe"))
        #expect(MCPProbeLocation.executable(environment: ["COMPANION_MCP_PROBE": directory.path + "/none"]) == nil)
        let server = MCPServerDefinition(name: "tester", scope: .user, command: MCPTestServer.python, args: [script])
        let report = await MCPHealthCheck.check(server, baseEnvironment: environment, probe: nil)
        #expect(!report.healthy && report.checked)
        #expect(report.problem?.contains("companion-mcp-probe is not installed") == true, "\(report)")
    }
}
