import CompanionAPI
import CompanionTestSupport
import Foundation
import Testing

/// `companion sidecar serve` and `companion sidecar pair` as a person (or the demo script) runs them.
@Suite struct SidecarCLITests {
    @Test func pairShowsCodeWritesPNGAndEndsWhenADevicePairs() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("companion-cli-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let server = try await ServerProcess.start(
            dataDirectory: root.appendingPathComponent("data"), logFile: root.appendingPathComponent("server.log"))
        let png = root.appendingPathComponent("qr.png")
        let pair = try PairProcess(
            arguments: ["sidecar", "pair", "--url", server.baseURL.absoluteString, "--json", "-o", png.path])
        let firstLine = try await offPool { try pair.readLine() }
        let started = try JSONSerialization.jsonObject(with: Data(firstLine.utf8)) as? [String: String]
        #expect(started?["event"] == "started")
        let code = try #require(started?["code"])
        let qrText = try #require(started?["qrPayload"])
        #expect(try QRPayload.parse(qrText).code == code)
        let decoded = try await offPool { try ProcessRunner.run("zbarimg", ["--raw", "-q", png.path]) }
        #expect(decoded.stdout.trimmingCharacters(in: .newlines) == qrText)

        let reply = try await HTTPProbe(baseURL: server.baseURL).post(
            "/companion/pairing/complete", try TestDevice(name: "cli phone").completeBody(code: code))
        #expect(reply.status == 200)
        let (status, rest) = try await offPool { try pair.finish() }
        #expect(status == 0)
        #expect(rest.contains(#""deviceName":"cli phone""#))
        #expect(try await server.terminate() == 0)
    }

    @Test func pairWithoutSidecarExitsWithNetworkStatus() async throws {
        let binary = TestPaths.companionBinary.path
        let result = try await offPool {
            try ProcessRunner.run(binary, ["sidecar", "pair", "--url", "http://127.0.0.1:9"])
        }
        #expect(result.status == 4)
        #expect(result.stderr.contains("could not connect to the sidecar: connection refused"))
        #expect(result.stderr.contains("companion sidecar serve"))
        #expect(result.stderr.contains("hint:"))
    }

    @Test func serveRefusesBadArguments() async throws {
        let binary = TestPaths.companionBinary.path
        let port = try await offPool { try ProcessRunner.run(binary, ["sidecar", "serve", "--port", "70000"]) }
        #expect(port.status == 64)
        let url = try await offPool { try ProcessRunner.run(binary, ["sidecar", "serve", "--public-url", "ftp://x"]) }
        #expect(url.status == 64)
        #expect(url.stderr.contains("--public-url"))
    }
}

/// `companion sidecar pair` as a child process whose output is read line by line.
final class PairProcess: @unchecked Sendable {
    private let process = Process()
    private let output = Pipe()
    private var buffer = ""

    init(arguments: [String]) throws {
        process.executableURL = TestPaths.companionBinary
        process.arguments = arguments
        process.standardOutput = output
        try process.run()
    }

    /// Blocks until a whole line is available.
    func readLine() throws -> String {
        while !buffer.contains("\n") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            buffer += String(decoding: chunk, as: UTF8.self)
        }
        let line = buffer.prefix { $0 != "\n" }
        buffer = String(buffer.dropFirst(line.count + 1))
        return String(line)
    }

    /// Blocks until the process exits; returns its status and the rest of its output.
    func finish() throws -> (Int32, String) {
        let rest = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, buffer + String(decoding: rest, as: UTF8.self))
    }
}
