import CompanionAPI
import CompanionClient
import CompanionTestSupport
import Foundation

/// A real `companion sidecar serve --port 0 --data-dir <tmp>` on loopback, for one test.
///
/// With `fakeClock: true` the sidecar runs under libfaketime (Debian `faketime`) with a clock offset read
/// from a file, so a test can move the sidecar's wall clock forward (``advanceClock(by:)``) to expire a
/// code at once instead of sleeping through its TTL.
final class SidecarProcess: @unchecked Sendable {
    let process = Process()
    let dataDirectory: URL
    let baseURL: String
    private let output: DataCollector
    private let clockFile: URL?
    private var offsetSeconds = 0

    /// libfaketime's preload library (Debian `libfaketime`), in whichever multiarch directory this machine has it.
    static let fakeTimeLibrary: String? = {
        let fileManager = FileManager.default
        let architectures = (try? fileManager.contentsOfDirectory(atPath: "/usr/lib")) ?? []
        let candidates =
            architectures.sorted().map { "/usr/lib/\($0)/faketime/libfaketimeMT.so.1" } + [
                "/usr/lib/faketime/libfaketimeMT.so.1", "/usr/lib64/faketime/libfaketimeMT.so.1",
            ]
        return candidates.first { fileManager.fileExists(atPath: $0) }
    }()

    /// `errorLog`: a file receiving the sidecar's standard error (its request log); discarded when nil.
    /// `extraArguments` go to `sidecar serve` (e.g. `--task-command`), `extraEnvironment` to its environment.
    init(
        fakeClock: Bool = false, errorLog: URL? = nil, extraArguments: [String] = [],
        extraEnvironment: [String: String] = [:]
    ) async throws {
        dataDirectory = try TestPaths.temporaryDirectory("sidecar")
        var environment = ProcessInfo.processInfo.environment.merging(extraEnvironment) { $1 }
        if fakeClock {
            let file = dataDirectory.appendingPathComponent("faketime")
            try "+0s\n".write(to: file, atomically: true, encoding: .utf8)
            guard let library = Self.fakeTimeLibrary else {
                throw SidecarStartError(output: "libfaketime is not installed")
            }
            environment["LD_PRELOAD"] = library
            environment["FAKETIME_TIMESTAMP_FILE"] = file.path
            environment["FAKETIME_NO_CACHE"] = "1"
            environment["FAKETIME_DONT_FAKE_MONOTONIC"] = "1"
            clockFile = file
        } else {
            clockFile = nil
        }
        var arguments =
            ["sidecar", "serve", "--port", "0", "--data-dir", dataDirectory.path, "--json"] + extraArguments
        if CompanionCLI.usesKeyring {
            // The sidecar's identity in its own profile of the real keyring, one per test.
            environment["COMPANION_VAULT"] = "secret-service"
            environment["COMPANION_SIDECAR_PROFILE"] = "e2e-sidecar-\(UUID().uuidString.prefix(8))"
        } else {
            arguments.append("--ephemeral-identity")
        }
        // Started through env(1): a Swift program exec'd with libfaketime preloaded straight from a process
        // without it sees no command-line arguments; exec'd from a preloaded env(1) it does.
        process.executableURL = URL(fileURLWithPath: fakeClock ? "/usr/bin/env" : TestPaths.companionBinary.path)
        process.arguments = fakeClock ? [TestPaths.companionBinary.path] + arguments : arguments
        process.environment = environment
        let out = Pipe()
        process.standardOutput = out
        if let errorLog {
            FileManager.default.createFile(atPath: errorLog.path, contents: nil)
            process.standardError = try FileHandle(forWritingTo: errorLog)
        } else {
            process.standardError = FileHandle.nullDevice
        }
        output = DataCollector(out.fileHandleForReading)
        try process.run()
        baseURL = try await Self.waitForAddress(output, process: process)
    }

    deinit { stop() }

    /// Stops the server (SIGTERM) and removes its data directory.
    func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: dataDirectory)
    }

    /// A client for this sidecar (loopback, so `pairing/start` is allowed).
    func client() throws -> CompanionAPIClient { try CompanionAPIClient(baseURL: baseURL) }

    /// Starts a pairing, as the workstation does.
    func startPairing(ttlSeconds: Int? = nil) async throws -> PairingStartResponse {
        try await client().startPairing(ttlSeconds: ttlSeconds)
    }

    /// Moves the sidecar's wall clock forward (fake-clock sidecars only).
    func advanceClock(by seconds: Int) throws {
        guard let clockFile else { fatalError("advanceClock needs SidecarProcess(fakeClock: true)") }
        offsetSeconds += seconds
        try "+\(offsetSeconds)s\n".write(to: clockFile, atomically: true, encoding: .utf8)
    }

    private static func waitForAddress(_ output: DataCollector, process: Process) async throws -> String {
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            for line in output.text.split(separator: "\n") {
                if let data = line.data(using: .utf8),
                    let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                    let url = object["listening"] as? String
                {
                    return url
                }
                if line.hasPrefix("listening on ") { return String(line.dropFirst("listening on ".count)) }
            }
            guard process.isRunning else { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw SidecarStartError(output: output.text)
    }

    struct SidecarStartError: Error, CustomStringConvertible {
        let output: String
        var description: String { "the sidecar did not report its address; output: \(output)" }
    }
}
