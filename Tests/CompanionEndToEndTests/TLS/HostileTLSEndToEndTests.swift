import CompanionTestSupport
import Foundation
import Testing

/// The connection guards on a TLS listener (issue 30): what a hostile or broken client sends before or instead of a
/// handshake is cut off as a slow or malformed plain HTTP request is, and idle TLS sockets cannot starve the
/// listener. The real sidecar in a network namespace, header timeout 1 s, idle timeout 2 s.
@Suite(.enabled(if: ConfinedLAN.isAvailable), .serialized) struct HostileTLSEndToEndTests {
    static let timeouts = ["--header-timeout", "1", "--idle-timeout", "2"]

    func client(_ lan: ConfinedLAN, _ arguments: [String]) async throws -> [String] {
        let result = try await lan.run(["python3", "-c", HostileTLSClient.script] + arguments, timeout: 60)
        #expect(result.status == 0, "\(result)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    static func seconds(_ line: String) -> Double? {
        line.hasPrefix("closed ") ? Double(line.dropFirst("closed ".count)) : nil
    }

    @Test func garbageAndPlainHTTPAreClosedAtOnceAndATruncatedRecordAtTheHeaderTimeout() async throws {
        let lan = try await ConfinedLAN()
        defer { lan.remove() }
        let sidecar = try await TLSSidecar.start(lan, arguments: Self.timeouts)
        defer { sidecar.process.kill(SIGTERM) }
        let port = String(sidecar.port)
        let garbage = String(repeating: "ff", count: 64)
        let plainHTTP = Array("GET /health HTTP/1.1\r\nHost: x\r\n\r\n".utf8).map { String(format: "%02x", $0) }
            .joined()
        // A handshake record whose body is not a ClientHello.
        let badHello = "1603010010" + String(repeating: "ee", count: 16)
        let lines = try await client(lan, ["close", ConfinedLAN.address, port, "5", garbage, plainHTTP, badHello])
        #expect(lines.count == 3, "\(lines)")
        for (name, line) in zip(["garbage", "plain HTTP", "bad ClientHello"], lines) {
            let seconds = try #require(Self.seconds(line), "\(name): still open")
            #expect(seconds < 0.9, "\(name): closed only after \(seconds) s, by the timeout rather than at once")
        }
        // A record announcing 512 bytes that never come: closed by the header timeout (1 s), not before.
        let truncated = try await client(lan, ["close", ConfinedLAN.address, port, "6", "1603010200" + "01"])
        let seconds = try #require(truncated.first.flatMap(Self.seconds), "still open: \(truncated)")
        #expect(seconds >= 0.8 && seconds < 4, "\(seconds)")
        // Nothing sent at all: the same.
        let silent = try await client(lan, ["close", ConfinedLAN.address, port, "6", ""])
        #expect(silent.first.flatMap(Self.seconds).map { $0 >= 0.8 && $0 < 4 } == true, "\(silent)")
        #expect(try await sidecar.curl(lan, sidecar.lanURL + "/health") == "200", "the listener still serves")
    }

    @Test func aHandshakeTrickledInIsClosedAtTheHeaderTimeout() async throws {
        let lan = try await ConfinedLAN()
        defer { lan.remove() }
        let sidecar = try await TLSSidecar.start(lan, arguments: Self.timeouts)
        defer { sidecar.process.kill(SIGTERM) }
        let lines = try await client(lan, ["trickle", ConfinedLAN.address, String(sidecar.port), "20"])
        let seconds = try #require(lines.first.flatMap(Self.seconds), "still open after 20 s: \(lines)")
        #expect(seconds < 4, "closed after \(seconds) s")
    }

    /// 5,000 idle TLS sockets (half of them with a ClientHello cut short) held against the LAN listener: every
    /// pinned `/health` is still answered (idle ones are shed at the cap or time out).
    @Test func healthIsServedWhileThousandsOfIdleTLSSocketsAreHeld() async throws {
        let lan = try await ConfinedLAN()
        defer { lan.remove() }
        let sidecar = try await TLSSidecar.start(
            lan, arguments: ["--header-timeout", "30", "--idle-timeout", "60", "--max-connections", "1000"])
        defer { sidecar.process.kill(SIGTERM) }
        let holder = try lan.spawn(
            ["python3", "-c", HostileTLSClient.script, "hold", ConfinedLAN.address, String(sidecar.port), "5000"])
        defer { holder.kill(SIGKILL) }
        try await holder.waitForOutput(timeout: 120) { out, _ in out.contains("held ") }
        let held = Int(holder.stdout.split(separator: " ").last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "")
        #expect((held ?? 0) >= 4_000, "\(holder.stdout)")
        for attempt in 0..<20 {
            let status = try await sidecar.curl(lan, sidecar.lanURL + "/health")
            #expect(status == "200", "attempt \(attempt): \(status)")
        }
        holder.closeInput()
    }
}
