import CompanionClaudeCode
import Foundation

// companion-mcp-probe: reads one MCPProbeRequest (JSON) from standard input, completes the MCP handshake with that
// stdio server and writes an MCPHealthReport (JSON) to standard output. The sidecar's health check starts it
// (MCPHealthCheck), so that the MCP SDK, which links Foundation's networking and libcurl, stays out of `companion`.
// It never prints the request, whose env may hold secrets.

let input = FileHandle.standardInput.readDataToEndOfFile()
let report: MCPHealthReport
if let request = try? JSONDecoder().decode(MCPProbeRequest.self, from: input) {
    do {
        report = try await MCPHandshake.run(request)
    } catch let failure as MCPHandshake.HealthFailure {
        report = MCPHealthReport(healthy: false, problem: failure.text, elapsedMilliseconds: 0)
    } catch {
        report = MCPHealthReport(
            healthy: false, problem: "the server could not be started (\(type(of: error)))", elapsedMilliseconds: 0)
    }
} else {
    report = MCPHealthReport(
        healthy: false, problem: "companion-mcp-probe was given no valid request", elapsedMilliseconds: 0)
}
FileHandle.standardOutput.write((try? JSONEncoder().encode(report)) ?? Data("{}".utf8))
