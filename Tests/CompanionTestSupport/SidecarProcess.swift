import Foundation

/// The real `companion sidecar serve --json` as a child process on loopback: the one launcher of every test.
///
/// ``start(_:)`` returns once the sidecar printed its `--json` start line (it listens then). ``killHard()`` is a
/// crash (`kill -9`, no shutdown code), ``terminate()`` a clean stop, ``stop()`` the clean-up of a `defer`;
/// ``restart()`` starts it again on the same data directory and port.
public final class SidecarProcess: @unchecked Sendable {
    public let options: SidecarOptions
    public let dataDirectory: URL
    public let baseURL: URL
    /// The sidecar's clock when started with ``SidecarOptions/fakeClock``.
    public let clock: FakeClock?
    private let child: RunningProcess
    private let lock = NSLock()
    private var ownsDataDirectory: Bool

    /// `baseURL` as text (`http://127.0.0.1:PORT`).
    public var url: String { baseURL.absoluteString }
    public var port: Int { baseURL.port ?? 0 }
    public var pid: pid_t { child.pid }

    private init(
        options: SidecarOptions, child: RunningProcess, clock: FakeClock?, baseURL: URL, ownsDataDirectory: Bool
    ) {
        self.options = options
        self.dataDirectory = options.dataDirectory!
        self.child = child
        self.clock = clock
        self.baseURL = baseURL
        self.ownsDataDirectory = ownsDataDirectory
    }

    deinit { child.kill(SIGKILL) }

    public static func start(_ options: SidecarOptions = SidecarOptions()) async throws -> SidecarProcess {
        var options = options
        var owns = false
        if options.dataDirectory == nil {
            options.dataDirectory = try TestPaths.temporaryDirectory("sidecar")
            owns = true
        }
        if options.identity == .vaultProfile {
            options.identity =
                TestKeyring.isAvailable ? .keyringProfile("test-sidecar-\(UUID().uuidString.prefix(8))") : .ephemeral
        }
        let (child, clock) = try launch(options)
        do {
            let baseURL = try await startLine(of: child)
            return SidecarProcess(
                options: options, child: child, clock: clock, baseURL: baseURL, ownsDataDirectory: owns)
        } catch {
            child.kill(SIGKILL)
            if owns { try? FileManager.default.removeItem(at: options.dataDirectory!) }
            throw error
        }
    }

    /// Starts the sidecar again with the same options, on the same data directory and port (after
    /// ``killHard()`` or ``terminate()``); the new one removes a temporary data directory when stopped.
    public func restart() async throws -> SidecarProcess {
        var again = options
        again.port = port
        let owns = lock.withLock {
            defer { ownsDataDirectory = false }
            return ownsDataDirectory
        }
        let restarted = try await Self.start(again)
        restarted.lock.withLock { restarted.ownsDataDirectory = owns }
        return restarted
    }

    /// `kill -9`: no shutdown code runs. Returns once the process is gone.
    public func killHard() async throws {
        child.kill(SIGKILL)
        _ = try await child.finish(timeout: 30)
    }

    /// SIGTERM, then waits; returns the exit status.
    public func terminate() async throws -> Int32 {
        child.kill(SIGTERM)
        return try await child.finish(timeout: 60).status
    }

    /// Stops the sidecar (SIGTERM, SIGKILL if it does not end within 30 s) and removes a temporary data directory,
    /// for a `defer`: it returns at once, and a thread of its own waits for the end. A `defer` runs on the test's
    /// cooperative thread, and the pool has one per core (two on CI): a stop that waited there for a sidecar's
    /// shutdown held half the pool, and the sidecars served in process by other tests went unanswered meanwhile.
    /// A test whose next step needs the sidecar gone awaits ``stopAndWait()``.
    public func stop() {
        child.kill(SIGTERM)
        Thread.detachNewThread { self.finishStopping() }
    }

    /// ``stop()``, returning once the sidecar has ended and its temporary data directory is removed.
    public func stopAndWait() async {
        child.kill(SIGTERM)
        _ = try? await offPool { self.finishStopping() }
    }

    /// Waits for the end after a SIGTERM (SIGKILL after 30 s) and removes a temporary data directory. Blocks.
    private func finishStopping() {
        if (try? child.finishBlocking(timeout: 30)) == nil {
            child.kill(SIGKILL)
            _ = try? child.finishBlocking(timeout: 10)
        }
        if lock.withLock({ ownsDataDirectory }) { try? FileManager.default.removeItem(at: dataDirectory) }
    }

    /// Moves the sidecar's wall clock forward (``SidecarOptions/fakeClock`` sidecars only).
    public func advanceClock(by seconds: Int) throws {
        guard let clock else { fatalError("advanceClock needs SidecarOptions(fakeClock: true)") }
        try clock.advance(by: seconds)
    }

    /// The sidecar's soft and hard `RLIMIT_NOFILE`, read from `/proc/PID/limits`.
    public func descriptorLimits() throws -> (soft: Int, hard: Int) {
        let limits = try String(contentsOfFile: "/proc/\(child.pid)/limits", encoding: .utf8)
        let line = limits.split(separator: "\n").first { $0.hasPrefix("Max open files") } ?? ""
        let numbers = line.split(separator: " ").compactMap { Int($0) }
        return (numbers.first ?? 0, numbers.dropFirst().first ?? 0)
    }

    private static func launch(_ options: SidecarOptions) throws -> (RunningProcess, FakeClock?) {
        let directory = options.dataDirectory!
        var environment = options.environment
        var arguments =
            ["sidecar", "serve", "--port", String(options.port), "--data-dir", directory.path, "--json"]
            + options.arguments
        switch options.identity {
        case .keyringProfile(let profile):
            environment["COMPANION_VAULT"] = "secret-service"
            environment["COMPANION_SIDECAR_PROFILE"] = profile
        case .ephemeral, .vaultProfile:
            arguments.append("--ephemeral-identity")
        }
        var command = [TestPaths.companionBinary.path] + arguments
        var clock: FakeClock?
        if options.fakeClock {
            let fake = try FakeClock(file: directory.appendingPathComponent("faketime"))
            environment.merge(fake.environment) { $1 }
            // Through env(1): a Swift program exec'd with libfaketime preloaded straight from a process without it
            // sees no command-line arguments; exec'd from a preloaded env(1) it does.
            command = ["/usr/bin/env"] + command
            clock = fake
        }
        if let limit = options.softDescriptorLimit {
            // sh execs the sidecar: the process id stays the sidecar's.
            command = ["/bin/sh", "-c", "ulimit -Sn \(limit) && exec \"$0\" \"$@\""] + command
        }
        if let log = options.logFile {
            try FileManager.default.createDirectory(
                at: log.deletingLastPathComponent(), withIntermediateDirectories: true)
        }
        let child = try ProcessRunner.spawn(
            command[0], Array(command.dropFirst()), environment: environment,
            stderr: options.logFile.map { .file($0) } ?? .discard)
        return (child, clock)
    }

    /// The address of the `--json` start line (`{"listening":"http://127.0.0.1:PORT","port":PORT,…}`).
    private static func startLine(of child: RunningProcess) async throws -> URL {
        try await child.waitForOutput(timeout: 60) { out, _ in out.contains("\n") }
        let line = child.stdout.prefix { $0 != "\n" }
        guard let object = try? JSONValue.parse(String(line)), let text = object["listening"]?.stringValue,
            let url = URL(string: text)
        else { throw StartError(output: child.stdout) }
        return url
    }

    public struct StartError: Error, CustomStringConvertible {
        public let output: String
        public var description: String { "the sidecar did not print its --json start line: \(output)" }
    }
}
