import CompanionTestSupport
import Foundation

/// The real `companion sidecar serve` binary running as a child process.
final class ServerProcess: @unchecked Sendable {
    let process = Process()
    let baseURL: URL

    /// The built `companion` executable, next to the test bundle (both come from `swift build --build-tests`).
    static func binary() throws -> URL {
        var directories = [Bundle.main.bundleURL]
        if let first = CommandLine.arguments.first {
            directories.append(URL(fileURLWithPath: first).deletingLastPathComponent())
        }
        directories.append(TestPaths.packageRoot.appendingPathComponent(".build/debug"))
        for directory in directories {
            let candidate = directory.appendingPathComponent("companion")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw ServerProcessError.notBuilt(directories.map(\.path))
    }

    /// Starts `companion sidecar serve --port 0` on `dataDirectory` and waits (off the cooperative pool) for
    /// its `listening on` line.
    static func start(dataDirectory: URL, logFile: URL) async throws -> ServerProcess {
        try await offPool { try ServerProcess(dataDirectory: dataDirectory, logFile: logFile) }
    }

    private init(dataDirectory: URL, logFile: URL) throws {
        process.executableURL = try Self.binary()
        process.arguments = [
            "sidecar", "serve", "--port", "0", "--data-dir", dataDirectory.path, "--ephemeral-identity",
        ]
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
    case notBuilt([String])
    case noAddress(String)

    var description: String {
        switch self {
        case .notBuilt(let paths):
            "the companion binary is not built (looked in \(paths)); run swift build --build-tests"
        case .noAddress(let output): "the sidecar did not print its address: \(output)"
        }
    }
}
