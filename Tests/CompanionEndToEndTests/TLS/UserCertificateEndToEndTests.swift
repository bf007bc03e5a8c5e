import CompanionTestSupport
import Foundation
import Testing

/// `--tls-cert`/`--tls-key`: the user's PEM files are served (their key's pin announced), replaced files are
/// served to new connections without dropping an open one, and wrong files are refused before anything listens.
@Suite(.enabled(if: ConfinedLAN.isAvailable), .serialized) struct UserCertificateEndToEndTests {
    /// A P-256 certificate and key made by openssl in `directory` (`name.crt`, `name.key`); returns its pin.
    static func makeCertificate(_ directory: URL, _ name: String) async throws -> String {
        let cert = directory.appendingPathComponent("\(name).crt").path
        let key = directory.appendingPathComponent("\(name).key").path
        let made = try await ProcessRunner.run(
            "openssl",
            [
                "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", key,
                "-out", cert, "-days", "2", "-subj", "/CN=\(name)", "-addext", "subjectAltName=IP:10.77.0.1",
            ])
        #expect(made.status == 0, "\(made)")
        let pin = try await ProcessRunner.run(
            "sh",
            [
                "-c", "openssl pkey -in \"$1\" -pubout -outform der | openssl dgst -sha256 -binary | base64", "sh",
                key,
            ])
        return "sha256//" + pin.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func theUsersFilesAreServedAndAReplacementReachesNewConnectionsOnly() async throws {
        let lan = try await ConfinedLAN()
        defer { lan.remove() }
        let files = lan.directory.appendingPathComponent("certs")
        try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
        let first = try await Self.makeCertificate(files, "first")
        let second = try await Self.makeCertificate(files, "second")
        let cert = files.appendingPathComponent("served.crt")
        let key = files.appendingPathComponent("served.key")
        try FileManager.default.copyItem(at: files.appendingPathComponent("first.crt"), to: cert)
        try FileManager.default.copyItem(at: files.appendingPathComponent("first.key"), to: key)
        let sidecar = try await TLSSidecar.start(lan, arguments: ["--tls-cert", cert.path, "--tls-key", key.path])
        defer { sidecar.process.kill(SIGTERM) }
        #expect(sidecar.pin == first)
        // A keep-alive connection opened before the switch.
        let open = try lan.spawn([
            "openssl", "s_client", "-quiet", "-connect", sidecar.lanAuthority, "-servername", "x",
        ])
        defer { open.kill(SIGKILL) }
        let request = "GET /health HTTP/1.1\r\nHost: \(ConfinedLAN.address)\r\n\r\n"
        open.write(request)
        try await open.waitForOutput(timeout: TestDeadline.seconds) { out, _ in out.contains("\"ok\":true") }

        for name in ["crt", "key"] {
            let replacement = try Data(contentsOf: files.appendingPathComponent("second.\(name)"))
            try replacement.write(to: name == "crt" ? cert : key, options: .atomic)
        }
        let deadline = Date().addingTimeInterval(TestDeadline.seconds)
        var served = ""
        while Date() < deadline {
            served = try await sidecar.curl(lan, sidecar.lanURL + "/health", pin: second)
            if served == "200" { break }
            try await Task.sleep(for: .milliseconds(250))
        }
        #expect(served == "200", "the new certificate was not served: \(sidecar.process.stderr)")
        #expect(try await sidecar.curl(lan, sidecar.lanURL + "/health", pin: first) == "curl:90")
        // The connection opened before is still served, on its old session.
        let before = open.stdout.components(separatedBy: "\"ok\":true").count
        open.write(request)
        try await open.waitForOutput(timeout: TestDeadline.seconds) { out, _ in
            out.components(separatedBy: "\"ok\":true").count > before
        }
        #expect(sidecar.process.stderr.contains("NEW key \(second)"), "\(sidecar.process.stderr)")
    }

    @Test func wrongFilesAndWildcardsAreRefusedBeforeListening() async throws {
        let directory = try TestPaths.temporaryDirectory("tls-files")
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = try await Self.makeCertificate(directory, "a")
        _ = try await Self.makeCertificate(directory, "b")
        let data = directory.appendingPathComponent("data").path
        let cli = CompanionCLI()
        let base = ["sidecar", "serve", "--ephemeral-identity", "--port", "0", "--data-dir", data]
        let mismatch = try await cli.run(
            base + [
                "--host", "127.0.0.1", "--tls-cert", directory.appendingPathComponent("a.crt").path, "--tls-key",
                directory.appendingPathComponent("b.key").path,
            ])
        #expect(mismatch.status == Exit.failure, "\(mismatch)")
        #expect(mismatch.stderr.contains("is not the key of the certificate"), "\(mismatch)")
        let missing = try await cli.run(
            base + ["--tls-cert", directory.appendingPathComponent("none.crt").path, "--tls-key", "/nonexistent"])
        #expect(missing.status == Exit.failure && missing.stderr.contains("cannot read"), "\(missing)")
        let alone = try await cli.run(base + ["--tls-cert", directory.appendingPathComponent("a.crt").path])
        #expect(alone.status == Exit.usage && alone.stderr.contains("go together"), "\(alone)")
        for wildcard in ["0.0.0.0", "::"] {
            let refused = try await cli.run(base + ["--host", wildcard])
            #expect(refused.status == Exit.usage && refused.stderr.contains("name each address"), "\(refused)")
        }
    }
}
