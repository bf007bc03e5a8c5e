import Foundation

/// Runs real programs (the built `companion`, `secret-tool`, `openssl`, …) from tests.
///
/// Uses `posix_spawn` with an empty signal mask and default dispositions: children of the test runner
/// would otherwise inherit its blocked signals, and daemons they start (dbus-daemon, gnome-keyring) could
/// not be stopped with SIGTERM. Output is collected until the child exits and its pipes close, or for at
/// most `grace` seconds after it exits (daemons that keep inherited pipes open cannot hang a test).
public enum ProcessRunner {
    /// What a finished program produced.
    public struct Result: Sendable {
        public let status: Int32
        /// Standard output exactly as written (may be binary).
        public let stdoutBytes: [UInt8]
        public let stdout: String
        public let stderr: String
        public var output: String { stdout + stderr }
    }

    public struct SpawnError: Error, CustomStringConvertible {
        public let executable: String
        public let code: Int32
        public var description: String { "cannot run \(executable): \(String(cString: strerror(code)))" }
    }

    /// Runs `executable` (a path, or a name looked up on PATH) with `arguments`, feeding `input` to stdin.
    /// `environment` entries are added to (or, with a nil value, removed from) the current environment.
    public static func run(
        _ executable: String, _ arguments: [String], input: [UInt8] = [],
        environment: [String: String?] = [:], grace: Double = 3
    ) throws -> Result {
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        var pipes: [[Int32]] = []
        for _ in 0..<3 {
            var fds: [Int32] = [0, 0]
            guard pipe(&fds) == 0 else { throw SpawnError(executable: executable, code: errno) }
            // Close-on-exec so no other child inherits these ends; dup2 onto 0/1/2 clears the flag.
            for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            pipes.append(fds)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipes[0][0], 0)
        posix_spawn_file_actions_adddup2(&actions, pipes[1][1], 1)
        posix_spawn_file_actions_adddup2(&actions, pipes[2][1], 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGTERM, SIGINT, SIGHUP, SIGPIPE, SIGQUIT, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, executable, &actions, &attributes, argv, envp)
        close(pipes[0][0])
        close(pipes[1][1])
        close(pipes[2][1])
        guard spawned == 0 else {
            for fd in [pipes[0][1], pipes[1][0], pipes[2][0]] { close(fd) }
            throw SpawnError(executable: executable, code: spawned)
        }
        // Feed stdin (small inputs only), then close it.
        _ = input.withUnsafeBytes { write(pipes[0][1], $0.baseAddress, $0.count) }
        close(pipes[0][1])
        let (out, err, status) = collect(pid: pid, stdout: pipes[1][0], stderr: pipes[2][0], grace: grace)
        return Result(
            status: status, stdoutBytes: out, stdout: String(decoding: out, as: UTF8.self),
            stderr: String(decoding: err, as: UTF8.self))
    }

    private static func collect(pid: pid_t, stdout: Int32, stderr: Int32, grace: Double) -> ([UInt8], [UInt8], Int32) {
        var buffers: [Int32: [UInt8]] = [stdout: [], stderr: []]
        var open: Set<Int32> = [stdout, stderr]
        var status: Int32?
        var deadline: Date?
        var chunk = [UInt8](repeating: 0, count: 65536)
        while !open.isEmpty || status == nil {
            if status == nil {
                var raw: Int32 = 0
                if waitpid(pid, &raw, WNOHANG) == pid {
                    status = (raw & 0x7F) == 0 ? (raw >> 8) & 0xFF : 128 + (raw & 0x7F)
                    deadline = Date().addingTimeInterval(grace)
                }
            }
            if let deadline, Date() > deadline { break }
            if open.isEmpty {
                usleep(10000)
                continue
            }
            var fds = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            _ = poll(&fds, nfds_t(fds.count), 50)
            for entry in fds where entry.revents != 0 {
                let n = chunk.withUnsafeMutableBytes { read(entry.fd, $0.baseAddress, $0.count) }
                if n > 0 {
                    buffers[entry.fd]! += chunk[..<n]
                } else if n == 0 || errno != EINTR {
                    open.remove(entry.fd)
                }
            }
        }
        close(stdout)
        close(stderr)
        return (buffers[stdout]!, buffers[stderr]!, status ?? -1)
    }

    /// True when `name` is an executable on PATH.
    public static func exists(_ name: String) -> Bool {
        (try? run("sh", ["-c", "command -v \(name)"]).status) == 0
    }
}
