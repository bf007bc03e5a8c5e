import CompanionTestSupport
import Foundation

/// The real `companion sidecar serve` binary running as a child process.
final class ServerProcess: @unchecked Sendable {
    let process = Process()
    let baseURL: URL

    /// Starts `companion sidecar serve --port 0` on `dataDirectory` and waits (off the cooperative pool) for
    /// its `listening on` line.
    /// `arguments` are added to the command line; with `softDescriptorLimit` the server starts under
    /// `ulimit -Sn` of that value (through `/bin/sh`, which then `exec`s it: the process id stays the server's).
    static func start(
        dataDirectory: URL, logFile: URL, arguments: [String] = [], softDescriptorLimit: Int? = nil
    ) async throws -> ServerProcess {
        try await offPool {
            try ServerProcess(
                dataDirectory: dataDirectory, logFile: logFile, arguments: arguments,
                softDescriptorLimit: softDescriptorLimit)
        }
    }

    private init(dataDirectory: URL, logFile: URL, arguments: [String], softDescriptorLimit: Int?) throws {
        let serve =
            [
                "sidecar", "serve", "--port", "0", "--data-dir", dataDirectory.path, "--ephemeral-identity",
            ] + arguments
        if let softDescriptorLimit {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments =
                ["-c", "ulimit -Sn \(softDescriptorLimit) && exec \"$0\" \"$@\"", TestPaths.companionBinary.path]
                + serve
        } else {
            process.executableURL = TestPaths.companionBinary
            process.arguments = serve
        }
        let output = Pipe()
        process.standardOutput = output
        try FileManager.default.createDirectory(
            at: logFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: logFile.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: logFile)
        try process.run()
        var text = ""
        while !text.contains("\n") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { throw ServerProcessError.noAddress(text) }
            text += String(decoding: chunk, as: UTF8.self)
        }
        let line = text.split(separator: "\n").first.map(String.init) ?? ""
        guard line.hasPrefix("listening on "), let url = URL(string: String(line.dropFirst(13))) else {
            throw ServerProcessError.noAddress(line)
        }
        baseURL = url
    }

    /// The port the server listens on.
    var port: Int { baseURL.port ?? 0 }

    /// The server's soft and hard `RLIMIT_NOFILE`, read from `/proc/PID/limits`.
    func descriptorLimits() throws -> (soft: Int, hard: Int) {
        let limits = try String(contentsOfFile: "/proc/\(process.processIdentifier)/limits", encoding: .utf8)
        let line = limits.split(separator: "\n").first { $0.hasPrefix("Max open files") } ?? ""
        let numbers = line.split(separator: " ").compactMap { Int($0) }
        return (numbers.first ?? 0, numbers.dropFirst().first ?? 0)
    }

    /// `kill -9`: no shutdown code runs.
    func killHard() async throws {
        kill(process.processIdentifier, SIGKILL)
        try await offPool { self.process.waitUntilExit() }
    }

    /// SIGTERM, then waits; returns the exit status.
    func terminate() async throws -> Int32 {
        kill(process.processIdentifier, SIGTERM)
        return try await offPool {
            self.process.waitUntilExit()
            return self.process.terminationStatus
        }
    }
}

enum ServerProcessError: Error, CustomStringConvertible {
    case noAddress(String)

    var description: String {
        switch self {
        case .noAddress(let output): "the sidecar did not print its address: \(output)"
        }
    }
}
