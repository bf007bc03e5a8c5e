import Foundation

/// A command running under script(1), which gives it a pseudo-terminal: what a person sees in a terminal.
final class PseudoTerminalSession: @unchecked Sendable {
    let process = Process()
    let output: DataCollector
    private let input = Pipe()

    init(_ command: [String], environment: [String: String]) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qefc", command.joined(separator: " "), "/dev/null"]
        process.environment = environment
        let pipe = Pipe()
        process.standardInput = input
        process.standardOutput = pipe
        output = DataCollector(pipe.fileHandleForReading)
        try process.run()
    }

    /// Types `text` on the terminal.
    func type(_ text: String) {
        input.fileHandleForWriting.write(Data(text.utf8))
    }

    /// Waits up to `seconds` for the command to end; true if it did.
    func waitForExit(seconds: TimeInterval) async throws -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { try await Task.sleep(for: .milliseconds(50)) }
        return !process.isRunning
    }

    /// Ends the session (SIGTERM to script, which passes the hangup on) and closes the terminal input.
    func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try? input.fileHandleForWriting.close()
    }
}
