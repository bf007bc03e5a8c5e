import Foundation

/// Runs real programs (the built `companion`, `secret-tool`, `openssl`, …) from tests.
public enum ProcessRunner {
    /// What a finished program produced.
    public struct Result: Sendable {
        public let status: Int32
        public let stdout: String
        public let stderr: String
        public var output: String { stdout + stderr }
    }

    /// Runs `executable` (a path, or a name looked up on PATH) with `arguments`, feeding `input` to stdin.
    /// `environment` entries are added to (or, with a nil value, removed from) the current environment.
    public static func run(
        _ executable: String, _ arguments: [String], input: [UInt8] = [],
        environment: [String: String?] = [:]
    ) throws -> Result {
        let process = Process()
        if executable.contains("/") {
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [executable] + arguments
        }
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(Data(input))
        try stdin.fileHandleForWriting.close()
        // Read both pipes concurrently so a chatty child cannot block on a full pipe.
        nonisolated(unsafe) var errData = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errData = stderr.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outData = stdout.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }

    /// True when `name` is an executable on PATH.
    public static func exists(_ name: String) -> Bool {
        (try? run("sh", ["-c", "command -v \(name)"]).status) == 0
    }
}
