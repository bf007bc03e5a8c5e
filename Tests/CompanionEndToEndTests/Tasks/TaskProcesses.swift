import CompanionTestSupport
import Foundation

/// `companion sidecar serve` as a child process, on loopback, with a task command and the task API key
/// ``apiKey`` (the task endpoints need it or a signed request; ``runCompanion(_:environment:whileRunning:)``
/// passes it). Signed task requests are tested in `TaskTrustEndToEndTests`.
final class TaskSidecarProcess: @unchecked Sendable {
    /// The `X-API-Key` of every task sidecar of these tests.
    static let apiKey = "e2e-task-key-\(UUID().uuidString)"

    let dataDirectory: URL
    let taskCommand: String
    /// More `sidecar serve` arguments (e.g. `--clone-root DIR`).
    let extraArguments: [String]
    private(set) var port: Int = 0
    private var process: Process?

    init(dataDirectory: URL, taskCommand: String, extraArguments: [String] = []) {
        self.dataDirectory = dataDirectory
        self.taskCommand = taskCommand
        self.extraArguments = extraArguments
    }

    var url: String { "http://127.0.0.1:\(port)" }

    /// Starts the sidecar (on `port`, or a free one) and waits until it listens.
    func start(port requested: Int = 0) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TestPaths.companionBinary.path)
        process.arguments =
            [
                "sidecar", "serve", "--port", String(requested), "--data-dir", dataDirectory.path, "--json",
                "--task-command", taskCommand, "--log-level", "warning",
            ] + extraArguments
        var environment = ProcessInfo.processInfo.environment
        environment["COMPANION_SIDECAR_API_KEY"] = Self.apiKey
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        self.process = process
        var collected = Data()
        while !collected.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { throw TaskSidecarProcessError.didNotStart }
            collected += chunk
        }
        let line = collected.prefix { $0 != UInt8(ascii: "\n") }
        let object = try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any]
        guard let text = object?["port"] as? String, let port = Int(text) else {
            throw TaskSidecarProcessError.didNotStart
        }
        self.port = port
    }

    /// Kills the sidecar at once (SIGKILL), as a crash would.
    func kill9() {
        guard let process, process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Stops the sidecar cleanly (SIGTERM).
    func stop() {
        guard let process, process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }

    enum TaskSidecarProcessError: Error { case didNotStart }
}

/// The result of running `companion`.
struct CLIResult {
    var status: Int32
    var stdout: String
    var stderr: String

    /// The `line N` numbers printed, in order.
    var numbers: [Int] {
        stdout.split(separator: "\n").filter { $0.hasPrefix("line ") }.compactMap { Int($0.dropFirst(5)) }
    }
}

/// Runs `companion` with arguments and the task sidecars' API key; `whileRunning` is called once it started
/// (to break things meanwhile).
func runCompanion(
    _ arguments: [String], environment: [String: String] = ["COMPANION_API_KEY": TaskSidecarProcess.apiKey],
    whileRunning: (@Sendable () async throws -> Void)? = nil
) async throws -> CLIResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: TestPaths.companionBinary.path)
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    // Read on threads of their own: blocking reads would starve Swift's small cooperative pool.
    async let out = readToEnd(stdout.fileHandleForReading)
    async let err = readToEnd(stderr.fileHandleForReading)
    if let whileRunning { try await whileRunning() }
    let (outData, errData) = await (out, err)
    process.waitUntilExit()
    return CLIResult(
        status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
        stderr: String(decoding: errData, as: UTF8.self))
}

/// Everything a pipe delivers until end of file, read on a dedicated thread.
func readToEnd(_ handle: FileHandle) async -> Data {
    await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: handle.readDataToEndOfFile()) }.start()
    }
}

/// A private (0700) temporary directory for one test: a sidecar refuses a data directory others can enter.
func temporaryDirectory() throws -> URL {
    try TestPaths.temporaryDirectory("companion-e2e")
}
