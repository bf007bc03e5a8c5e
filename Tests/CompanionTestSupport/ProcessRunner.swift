import Foundation

/// The one way tests run programs (the built `companion`, `secret-tool`, `openssl`, `curl`, …).
///
/// Children are started with `posix_spawn`, an empty signal mask and default dispositions: children of the test
/// runner would otherwise inherit its blocked signals, and daemons they start (dbus-daemon, gnome-keyring) could
/// not be stopped with SIGTERM. ``run(_:_:input:environment:timeout:)`` runs a program to its end;
/// ``spawn(_:_:environment:stdin:stderr:grace:)`` starts one and returns a ``RunningProcess`` to watch.
public enum ProcessRunner {
    /// What a finished program produced.
    public struct Result: Sendable, CustomStringConvertible {
        public let status: Int32
        /// Standard output exactly as written (may be binary).
        public let stdoutBytes: [UInt8]
        public let stdout: String
        public let stderr: String
        public var output: String { stdout + stderr }
        public var description: String { "exit \(status)\nstdout: \(stdout)\nstderr: \(stderr)" }

        public init(status: Int32, stdoutBytes: [UInt8], stderrBytes: [UInt8]) {
            self.status = status
            self.stdoutBytes = stdoutBytes
            stdout = String(decoding: stdoutBytes, as: UTF8.self)
            stderr = String(decoding: stderrBytes, as: UTF8.self)
        }

        /// Standard output parsed as JSON.
        public func json() throws -> JSONValue { try JSONValue.parse(stdout) }
    }

    public struct SpawnError: Error, CustomStringConvertible {
        public let executable: String
        public let code: Int32
        public var description: String { "cannot run \(executable): \(String(cString: strerror(code)))" }
    }

    /// A program that outlived its deadline; it was killed (SIGKILL).
    public struct TimeoutError: Error, CustomStringConvertible {
        public let command: String
        public let output: String
        public var description: String { "timed out: \(command)\noutput so far: \(output)" }
    }

    /// Runs `executable` (a path, or a name looked up on PATH) with `arguments`, feeding `input` to stdin, and
    /// waits for its end. `environment` entries are added to (or, with a nil value, removed from) the current
    /// environment. A program still running after `timeout` seconds is killed and ``TimeoutError`` thrown.
    /// Blocks its thread: from async code use the `async` overload (the compiler refuses this one there).
    @available(*, noasync, message: "blocks a thread of Swift's pool: use `await ProcessRunner.run`")
    public static func runBlocking(
        _ executable: String, _ arguments: [String], input: [UInt8] = [],
        environment: [String: String?] = [:], timeout: Double = 120, grace: Double = 3
    ) throws -> Result {
        try PoolGuard.refuseBlocking(([executable] + arguments).joined(separator: " "))
        let child = try spawn(executable, arguments, environment: environment, grace: grace)
        child.write(input)
        child.closeInput()
        return try child.finishBlocking(timeout: timeout)
    }

    /// ``runBlocking(_:_:input:environment:timeout:grace:)`` on a thread of its own (never blocking Swift's pool).
    public static func run(
        _ executable: String, _ arguments: [String], input: String? = nil,
        environment: [String: String?] = [:], timeout: Double = 120
    ) async throws -> Result {
        let bytes = Array((input ?? "").utf8)
        return try await offPool {
            try runBlocking(executable, arguments, input: bytes, environment: environment, timeout: timeout)
        }
    }

    /// The async overload with binary `input`.
    public static func run(
        _ executable: String, _ arguments: [String], input: [UInt8], environment: [String: String?] = [:],
        timeout: Double = 120
    ) async throws -> Result {
        try await offPool {
            try runBlocking(executable, arguments, input: input, environment: environment, timeout: timeout)
        }
    }

    /// True when `name` is an executable on PATH (looked up without starting a process: traits that call this
    /// are evaluated on Swift's pool).
    public static func exists(_ name: String) -> Bool {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(name)") }
    }

    /// Starts `executable` now and lets a thread of its own wait for its end: for clean-up in a `defer` of async
    /// code (stopping a tmux server, clearing a keyring profile), where nothing after it needs the program done. Its
    /// outcome is not reported; the test process waits for it at exit (``Teardowns``).
    public static func cleanUp(_ executable: String, _ arguments: [String], timeout: Double = 120) {
        guard let child = try? spawn(executable, arguments) else { return }
        child.closeInput()
        cleanUps.start { _ = try? child.finishBlocking(timeout: timeout) }
    }

    /// Runs `executable` once `process` (already signalled) has ended, on a thread of its own, as ``cleanUp(_:_:timeout:)``.
    public static func cleanUp(
        after process: RunningProcess, _ executable: String, _ arguments: [String], timeout: Double = 120
    ) {
        cleanUps.start {
            _ = try? process.finishBlocking(timeout: timeout)
            _ = try? runBlocking(executable, arguments, timeout: timeout)
        }
    }

    private static let cleanUps = Teardowns()
}
