import CompanionTestSupport
import Foundation

/// An attacker on the path to a sidecar in a ``ConfinedLAN``: `Tests/interception/tls_interceptor.py` (Python's
/// `ssl`) run inside the namespace, presenting a certificate of its own, recording every byte a client sends it
/// after a handshake, and, when told, relaying to the real sidecar. ``ConfinedLAN/redirect(port:to:)`` puts it on a
/// client's path.
struct OnPathInterceptor {
    let process: RunningProcess
    /// The port it accepts on, inside the namespace.
    let port: Int
    /// The file it appends what clients sent to.
    let record: URL

    /// Starts it in `lan` presenting `identity`; with `upstream` (`HOST:PORT`), relaying there over TLS. With
    /// `first`, the next connection after each ``presentFirst()`` is shown that certificate instead.
    static func start(
        _ lan: ConfinedLAN, identity: TestTLSCertificates.Identity, record: URL, relayingTo upstream: String? = nil,
        first: TestTLSCertificates.Identity? = nil
    ) async throws -> OnPathInterceptor {
        let script = TestPaths.packageRoot.appendingPathComponent("Tests/interception/tls_interceptor.py").path
        let trigger = record.appendingPathExtension("first")
        let firstArguments = first.map { ["--first", $0.certificate, $0.key, trigger.path] } ?? []
        let process = try lan.spawn(
            [MCPTestServer.python, script] + firstArguments + [identity.certificate, identity.key, record.path]
                + (upstream.map { [$0] } ?? []))
        try await process.waitForOutput(timeout: TestDeadline.seconds) { out, _ in out.contains("\n") }
        let first = process.stdout.prefix { $0 != "\n" }
        guard first.hasPrefix("listening "), let port = Int(first.dropFirst("listening ".count)) else {
            process.kill(SIGKILL)
            throw ConfinedLANError(detail: "the interceptor did not start: \(process.stdout) \(process.stderr)")
        }
        return OnPathInterceptor(process: process, port: port, record: record)
    }

    /// Shows the `first` certificate of ``start(_:identity:record:relayingTo:first:)`` to the next connection.
    func presentFirst() throws {
        try Data().write(to: record.appendingPathExtension("first"))
    }

    /// What clients sent after their handshakes, decrypted.
    var received: String {
        String(decoding: (try? Data(contentsOf: record)) ?? Data(), as: UTF8.self)
    }

    /// How many connections reached it (the redirect put it on the path), and how many completed a handshake.
    var connections: (accepted: Int, handshakes: Int) {
        let lines = process.stdout.split(separator: "\n")
        return (lines.filter { $0 == "accepted" }.count, lines.filter { $0 == "handshake" }.count)
    }

    /// Its events, for failure messages.
    var log: String { process.stdout + process.stderr }

    /// Kills it (its collector thread reaps it; a scene's teardown waits for the end).
    func stop() { process.kill(SIGKILL) }
}
