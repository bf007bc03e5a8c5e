import Foundation

/// `openssl s_server` on 127.0.0.1 and a port of its own, presenting a certificate the test made: with `www`, it
/// answers every HTTP request with a 200 status page; without, it writes every byte it receives to its standard
/// output, so a test can assert what a client sent to an interceptor (``received``). Stopped by ``stop()``.
public final class OpenSSLServer: Sendable {
    /// The running `openssl` process.
    public let process: RunningProcess
    /// The port it accepts on.
    public let port: Int

    /// Starts the server with `identity`'s certificate and key.
    public init(identity: TestTLSCertificates.Identity, www: Bool) async throws {
        var arguments = [
            "s_server", "-cert", identity.certificate, "-key", identity.key, "-accept", "127.0.0.1:0",
        ]
        if www { arguments.append("-www") }
        process = try ProcessRunner.spawn("openssl", arguments)
        try await process.waitForOutput(timeout: TestDeadline.seconds) { out, _ in
            out.contains("ACCEPT 127.0.0.1:") && out.split(separator: "\n").first { $0.hasPrefix("ACCEPT") } != nil
        }
        let line = process.stdout.split(separator: "\n").first { $0.hasPrefix("ACCEPT 127.0.0.1:") } ?? ""
        guard let port = Int(line.split(separator: ":").last ?? "") else {
            process.kill(SIGKILL)
            throw TestTLSCertificates.OpenSSLFailure(output: process.stdout + process.stderr)
        }
        self.port = port
    }

    /// `https://127.0.0.1:PORT`.
    public var url: String { "https://127.0.0.1:\(port)" }

    /// Everything the server printed: with `www` off, the bytes clients sent after their handshakes.
    public var received: String { process.stdout + process.stderr }

    /// Stops the server and waits for it.
    public func stop() async {
        process.kill(SIGKILL)
        _ = try? await process.finish(timeout: TestDeadline.seconds)
    }
}
