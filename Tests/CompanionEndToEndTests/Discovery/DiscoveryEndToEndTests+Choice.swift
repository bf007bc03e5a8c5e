import CompanionAPI
import CompanionCrypto
import CompanionTestSupport
import Foundation
import Testing

/// What discovery offers: a sidecar on loopback is not advertised, and several workstations are a question on a
/// terminal and a list otherwise.
extension DiscoveryEndToEndTests {
    /// A sidecar bound to loopback is never advertised: with one on 127.0.0.1 (started first) and one on 0.0.0.0,
    /// discovery finds only the second.
    @Test func aLoopbackSidecarIsNotAdvertised() async throws {
        let lan = try await ConfinedLAN()
        defer { lan.remove() }
        let (loopback, loopbackPort, _) = try await Self.announced(lan, host: "127.0.0.1", name: "loopback")
        defer { loopback.kill(SIGTERM) }
        let (lanSidecar, lanPort, _) = try await Self.announced(lan, name: "lan")
        defer { lanSidecar.kill(SIGTERM) }
        let found = try await lan.run(
            [TestPaths.companionBinary.path, "discover", "--timeout", "3", "--json"],
            environment: Self.companionEnvironment(lan.directory))
        guard case .array(let workstations)? = try found.json()["workstations"] else {
            Issue.record("discover failed: \(found)")
            return
        }
        #expect(workstations.map { $0["port"] } == [.integer(Int64(lanPort))], "\(workstations)")
        let services = try await Self.browse(lan)
        #expect(!services.contains { $0.contains(";\(loopbackPort);") }, "\(services)")
    }

    /// Two workstations on the LAN: with `--json` (or without a terminal) `pair code` lists both and exits 64 without
    /// touching either; on a terminal it numbers them, and the one chosen is paired.
    @Test func severalWorkstationsAreAQuestionOnATerminalAndAListOtherwise() async throws {
        let lan = try await ConfinedLAN()
        defer { lan.remove() }
        let (first, firstPort, _) = try await Self.announced(lan, name: "first")
        defer { first.kill(SIGTERM) }
        let (second, secondPort, _) = try await Self.announced(lan, name: "second")
        defer { second.kill(SIGTERM) }
        // Both announcements done before anyone browses: avahi-browse (not terminating) reports each service as it
        // resolves it, one "=" line each (its instance name in the fourth field).
        let browser = try lan.spawn(["avahi-browse", "-p", "-r", "_companion._tcp"])
        defer { browser.kill(SIGTERM) }
        try await browser.waitForOutput(timeout: 30) { out, _ in
            let resolved = out.split(separator: "\n").filter { $0.hasPrefix("=") }
            return Set(resolved.map { $0.split(separator: ";", omittingEmptySubsequences: false).dropFirst(3).first })
                .count >= 2
        }
        let started = try await lan.run([
            "curl", "-sf", "-X", "POST", "http://127.0.0.1:\(secondPort)/companion/pairing/start",
        ])
        let code = try #require(try started.json()["code"]?.stringValue)
        let companion = Self.companionEnvironment(lan.directory)
        let binary = TestPaths.companionBinary.path

        let listed = try await lan.run([binary, "pair", "code", code, "--json"], environment: companion)
        #expect(listed.status == 64, "\(listed)")
        #expect(listed.stdout.contains(":\(firstPort)") && listed.stdout.contains(":\(secondPort)"), "\(listed)")
        let offer = try await lan.run(["curl", "-sf", "http://127.0.0.1:\(secondPort)/companion/pairing/v2/offer"])
        #expect(try offer.json()["attemptsLeft"] == .integer(5), "nothing was sent: \(offer)")

        let command = [binary, "pair", "code", code, "--name", "chosen"].joined(separator: " ")
        let terminal = try lan.spawn(["/usr/bin/script", "-qefc", command, "/dev/null"], environment: companion)
        defer { terminal.kill(SIGTERM) }
        try await terminal.waitForOutput(timeout: 30) { out, _ in out.contains("Which one?") }
        // A terminal ends lines with "\r\n", one Character in Swift: split on any newline.
        let line = try #require(
            terminal.stdout.split(whereSeparator: \.isNewline).first { $0.contains(":\(secondPort)") })
        let number = try #require(line.split(separator: "[").dropFirst().first?.split(separator: "]").first)
        terminal.write("\(number)\n")
        let paired = try await terminal.finish(timeout: 60)
        #expect(paired.status == 0, "pairing started on port \(secondPort), typed \(number): \(paired)")
        let status = try await lan.run([binary, "status", "--json"], environment: companion)
        #expect(
            try status.json()["sidecarURL"] == .string("https://\(ConfinedLAN.address):\(secondPort)"), "\(status)")
    }
}
