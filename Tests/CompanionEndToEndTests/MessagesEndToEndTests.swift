import CompanionTestSupport
import Foundation
import Testing

/// Situations that used to print a raw library error: each is now one line saying what happened and a hint.
@Suite struct MessagesEndToEndTests {
    @Test func aURLThatIsNotASidecarIsDescribedNotDumped() async throws {
        let server = try LoopbackHTTPServer { _ in
            var page = LoopbackHTTPServer.Response(
                status: 404, json: "<!DOCTYPE HTML>\n<html><head><title>Error response</title></head></html>")
            page.headers["Content-Type"] = "text/html"
            return page
        }
        defer { server.stop() }
        for arguments in [["status", "--url", server.baseURL], ["tasks", "list", "--url", server.baseURL]] {
            let result = try await CompanionCLI().run(arguments)
            #expect(result.status == Exit.server, "\(result)")
            #expect(result.stderr.contains("a web page, not a CompanionKit sidecar"), "\(result.stderr)")
            #expect(!result.stderr.contains("<!DOCTYPE") && !result.stderr.contains("<html"), "\(result.stderr)")
            #expect(result.stderr.contains("hint:"))
        }
    }

    @Test func aPortInUseSaysSoWithoutTheSocketError() async throws {
        let holder = try LoopbackHTTPServer { _ in LoopbackHTTPServer.Response(json: "{}") }
        defer { holder.stop() }
        let data = try TestPaths.temporaryDirectory("port-in-use")
        defer { try? FileManager.default.removeItem(at: data) }
        let result = try await CompanionCLI().run([
            "sidecar", "serve", "--port", String(holder.port), "--ephemeral-identity", "--data-dir",
            data.appendingPathComponent("sidecar").path, "--log-level", "critical",
        ])
        #expect(result.status == Exit.failure, "\(result)")
        #expect(result.stderr.contains("port \(holder.port) on 127.0.0.1 is already in use"), "\(result.stderr)")
        #expect(!result.stderr.contains("errno") && !result.stderr.contains("bind("), "\(result.stderr)")
        #expect(result.stderr.contains("--port 0"))
    }

    @Test func wrongAttemptsAreCountedInGoodEnglish() async throws {
        let sidecar = try await SidecarProcess.start()
        defer { sidecar.stop() }
        let start = try await sidecar.startPairing()
        let wrong = start.code == "000000" ? "111111" : "000000"
        var messages: [String] = []
        for _ in 0..<4 {
            // Pairing v1: its refusal says how many attempts are left (v2 learns it only as "the workstation
            // did not prove it knows this code", since the code never reaches the sidecar).
            let result = try await CompanionCLI().run([
                "pair", "code", wrong, "--url", sidecar.url, "--pairing-version", "1",
            ])
            #expect(result.status == Exit.pairing, "\(result)")
            messages.append(result.stderr)
        }
        #expect(messages[2].contains("(2 attempts left)"), "\(messages[2])")
        #expect(messages[3].contains("(1 attempt left)"), "\(messages[3])")
    }

    @Test func aCodeWithNoPairingInProgressIsNotCalledExpired() async throws {
        let sidecar = try await SidecarProcess.start()
        defer { sidecar.stop() }
        let result = try await CompanionCLI().run(["pair", "code", "123456", "--url", sidecar.url])
        #expect(result.status == Exit.pairing, "\(result)")
        #expect(result.stderr.contains("no pairing in progress"), "\(result.stderr)")
        #expect(!result.stderr.contains("expired"), "\(result.stderr)")
    }
}
