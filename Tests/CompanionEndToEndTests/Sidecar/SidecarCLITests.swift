import CompanionAPI
import CompanionTestSupport
import Foundation
import Testing

/// `companion sidecar serve` and `companion sidecar pair` as a person (or the demo script) runs them.
@Suite struct SidecarCLITests {
    @Test func pairShowsCodeWritesPNGAndEndsWhenADevicePairs() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("companion-cli-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let server = try await SidecarProcess.start(
            SidecarOptions(
                dataDirectory: root.appendingPathComponent("data"), logFile: root.appendingPathComponent("server.log"),
                identity: .ephemeral))
        let png = root.appendingPathComponent("qr.png")
        // A picture left readable by everyone from an earlier run: the new one (code and token) must not be.
        try Data("old".utf8).write(to: png)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: png.path)
        let pair = try ProcessRunner.spawn(
            TestPaths.companionBinary.path, ["sidecar", "pair", "--url", server.url, "--json", "-o", png.path])
        defer { pair.kill(SIGKILL) }
        try await pair.waitForOutput { out, _ in out.contains("\n") }
        let firstLine = String(pair.stdout.prefix { $0 != "\n" })
        let started = try JSONSerialization.jsonObject(with: Data(firstLine.utf8)) as? [String: String]
        #expect(started?["event"] == "started")
        let code = try #require(started?["code"])
        let qrText = try #require(started?["qrPayload"])
        #expect(try QRPayload.parse(qrText).code == code)
        // The picture holds the phone link (issue 31), the same invitation as the JSON payload, which names it.
        let decoded = try await ProcessRunner.run("zbarimg", ["--raw", "-q", png.path])
        let link = decoded.stdout.trimmingCharacters(in: .newlines)
        let payload = try QRPayload.parse(qrText)
        #expect(link == started?["link"] && link == payload.appURL)
        #expect(link.hasPrefix(server.url + "/app/#pair=1.\(code)."))
        #expect(try QRPayload.parse(link).token == payload.token)
        let mode = try FileManager.default.attributesOfItem(atPath: png.path)[.posixPermissions] as? Int
        #expect(mode == 0o600, "the QR picture holds the pairing code and token: only its owner may read it")

        let reply = try await HTTPProbe(baseURL: server.baseURL).post(
            "/companion/pairing/complete", try TestDevice(name: "cli phone").completeBody(code: code))
        #expect(reply.status == 200)
        let finished = try await pair.finish()
        #expect(finished.status == Exit.success)
        #expect(finished.stdout.contains(#""deviceName":"cli phone""#))
        #expect(try await server.terminate() == 0)
    }

    @Test func pairWithoutSidecarExitsWithNetworkStatus() async throws {
        let binary = TestPaths.companionBinary.path
        let result = try await ProcessRunner.run(binary, ["sidecar", "pair", "--url", "http://127.0.0.1:9"])
        #expect(result.status == Exit.network)
        #expect(result.stderr.contains("could not connect to the sidecar: connection refused"))
        #expect(result.stderr.contains("companion sidecar serve"))
        #expect(result.stderr.contains("hint:"))
    }

    @Test func serveRefusesBadArguments() async throws {
        let binary = TestPaths.companionBinary.path
        let port = try await ProcessRunner.run(binary, ["sidecar", "serve", "--port", "70000"])
        #expect(port.status == Exit.usage)
        let url = try await ProcessRunner.run(binary, ["sidecar", "serve", "--public-url", "ftp://x"])
        #expect(url.status == Exit.usage)
        #expect(url.stderr.contains("--public-url"))
    }
}
