import CompanionTestSupport
import Foundation
import Testing

/// `companion watch --prompt` numbers held requests by a number each keeps: an answer typed for a number reaches the
/// request shown with it, or none once that request left the list, never the request that moved up in its place.
@Suite(.timeLimit(.minutes(3)))
struct WatchNumberingTests {
    static let key = "watch-numbering-key-\(UUID().uuidString)"

    /// A `Bash` PermissionRequest of `session` posted to the owner socket as `companion hook` does; the `curl` ends
    /// when the request is answered.
    static func hold(_ sidecar: SidecarProcess, session: String, command: String) throws -> RunningProcess {
        let body: [String: Any] = [
            "hook_event_name": "PermissionRequest", "session_id": session, "cwd": "/work/project",
            "tool_name": "Bash", "tool_input": ["command": command],
        ]
        let text = String(decoding: try JSONSerialization.data(withJSONObject: body), as: UTF8.self)
        return try ProcessRunner.spawn(
            "/usr/bin/curl",
            [
                "-s", "--unix-socket", sidecar.dataDirectory.appendingPathComponent("owner.sock").path, "-X", "POST",
                "-H", "Content-Type: application/json", "--data-binary", text, "http://owner/hooks/claude-code",
            ])
    }

    /// `approvals` of `GET /api/attention`.
    static func approvals(_ sidecar: SidecarProcess) async throws -> [JSONValue] {
        let listed = try await ProcessRunner.run(
            "/usr/bin/curl", ["-s", "-H", "Authorization: Bearer \(key)", sidecar.url + "/api/attention"])
        return try listed.json()["data"]?["approvals"]?.arrayValue ?? []
    }

    static func decide(_ sidecar: SidecarProcess, _ approval: JSONValue, _ verb: String) async throws -> String {
        let id = approval["approval_id"]?.stringValue ?? ""
        let body = #"{"digest":"\#(approval["digest"]?.stringValue ?? "")"}"#
        let answer = try await ProcessRunner.run(
            "/usr/bin/curl",
            [
                "-s", "-o", "/dev/null", "-w", "%{http_code}", "-X", "POST", "-H", "Authorization: Bearer \(key)",
                "-H", "Content-Type: application/json", "--data", body, sidecar.url + "/api/approvals/\(id)/\(verb)",
            ])
        return answer.stdout
    }

    /// The last list `watch` drew (it draws the whole list on every change).
    static func lastDrawn(_ output: String) -> Substring {
        output.range(of: "Agent sessions:", options: .backwards).map { output[$0.lowerBound...] } ?? ""
    }

    @Test func anAnswerTypedForANumberNeverReachesTheRequestThatMovedUp() async throws {
        let socket = "companion-watch-\(UUID().uuidString.prefix(8))"
        let sidecar = try await SidecarProcess.start(
            SidecarOptions(
                arguments: ["--log-level", "warning", "--tmux-socket", socket, "--api-key-scopes", "read,control"],
                environment: ["COMPANION_SIDECAR_API_KEY": Self.key]))
        defer { sidecar.stop() }
        let mark = UUID().uuidString.prefix(8)
        let first = try Self.hold(sidecar, session: "watch-a-\(mark)", command: "echo first-\(mark)")
        defer { first.kill(SIGKILL) }
        let watch = try CompanionCLI(environment: ["COMPANION_API_KEY": Self.key]).spawn([
            "watch", "--prompt", "--url", sidecar.url,
        ])
        defer { watch.kill(SIGTERM) }
        try await watch.waitForOutput(timeout: TestDeadline.seconds) { out, _ in out.contains("[1] ap-") }
        let second = try Self.hold(sidecar, session: "watch-b-\(mark)", command: "echo second-\(mark)")
        defer { second.kill(SIGKILL) }
        try await watch.waitForOutput(timeout: TestDeadline.seconds) { out, _ in out.contains("[2] ap-") }

        // The first request is answered elsewhere (another device); the watch redraws with the second alone.
        let listed = try await Self.approvals(sidecar)
        let a = try #require(listed.first { $0["input_summary"]?.stringValue == "echo first-\(mark)" })
        let b = try #require(listed.first { $0["input_summary"]?.stringValue == "echo second-\(mark)" })
        let (aID, bID) = (a["approval_id"]?.stringValue ?? "", b["approval_id"]?.stringValue ?? "")
        #expect(try await Self.decide(sidecar, a, "approve") == "200")
        try await watch.waitForOutput(timeout: TestDeadline.seconds) { out, _ in
            let drawn = Self.lastDrawn(out)
            return drawn.contains(bID) && !drawn.contains(aID)
        }
        // "a 1" was typed for the request shown as [1]: it is gone, so nothing may be allowed.
        watch.write("a 1\n")
        try await watch.waitForOutput(timeout: TestDeadline.seconds) { out, _ in
            out.contains("could not answer") || out.contains("Allowed ap-")
        }
        var output = ""
        try await watch.waitForOutput(timeout: 1) { out, _ in
            output = out
            return true
        }
        #expect(!output.contains("Allowed \(bID)"), "the answer for [1] reached the request that moved up")
        #expect(output.contains("could not answer \(aID)"), "\(Self.lastDrawn(output))")
        #expect(try await Self.approvals(sidecar).contains { $0["approval_id"]?.stringValue == bID })
        #expect(try await Self.decide(sidecar, b, "deny") == "200")
    }
}
