import CompanionTestSupport
import Foundation

/// What a finished process left behind.
struct ProcessResult: CustomStringConvertible {
    var status: Int32
    var stdout: String
    var stderr: String

    var description: String { "exit \(status)\nstdout: \(stdout)\nstderr: \(stderr)" }

    /// Standard output parsed as JSON.
    func json() throws -> JSONValue { try JSONValue.parse(stdout) }
}

/// Runs a program to completion with a deadline, capturing both output streams. Unlike the blocking
/// `CompanionTestSupport.ProcessRunner`, it waits asynchronously and kills a hung child at the deadline.
enum ChildProcess {
    static func run(
        _ executable: String, _ arguments: [String], environment: [String: String], stdin: String? = nil,
        timeout: TimeInterval = 60
    ) async throws -> ProcessResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        let out = Pipe()
        let err = Pipe()
        let input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        let outData = DataCollector(out.fileHandleForReading)
        let errData = DataCollector(err.fileHandleForReading)
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try? input.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning {
            if Date() > deadline {
                process.terminate()
                throw TimeoutError(command: ([executable] + arguments).joined(separator: " "))
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        return ProcessResult(status: process.terminationStatus, stdout: outData.finish(), stderr: errData.finish())
    }

    struct TimeoutError: Error, CustomStringConvertible {
        let command: String
        var description: String { "timed out: \(command)" }
    }
}

/// Drains a pipe on its own thread so that a chatty process never blocks on a full pipe.
final class DataCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread { [self] in
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                lock.withLock { data.append(chunk) }
            }
            done.signal()
        }.start()
    }

    /// Everything read so far.
    var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }

    /// Waits for end of stream and returns everything as text.
    func finish() -> String {
        done.wait()
        return text
    }
}
