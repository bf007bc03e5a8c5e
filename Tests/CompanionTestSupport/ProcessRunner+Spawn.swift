import Foundation

extension ProcessRunner {
    /// Where a child's standard error goes.
    public enum ErrorOutput: Sendable {
        /// Collected, like standard output.
        case pipe
        /// Written to this file (created or truncated).
        case file(URL)
        /// Discarded (`/dev/null`).
        case discard
    }

    /// Starts `executable` with `arguments`; standard input and output are pipes, standard error goes to
    /// `stderr`. `environment` entries are added to (or, with a nil value, removed from) the current environment.
    /// Output is collected until the child exits and its pipes close, or for at most `grace` seconds after it
    /// exits (daemons that keep inherited pipes open cannot hang a test).
    public static func spawn(
        _ executable: String, _ arguments: [String], environment: [String: String?] = [:],
        stderr: ErrorOutput = .pipe, grace: Double = 3
    ) throws -> RunningProcess {
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        var pipes: [[Int32]] = []
        defer { for fds in pipes { for fd in fds where fd >= 0 { close(fd) } } }
        for _ in 0..<3 {
            var fds: [Int32] = [-1, -1]
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
        switch stderr {
        case .pipe: posix_spawn_file_actions_adddup2(&actions, pipes[2][1], 2)
        case .file(let url):
            posix_spawn_file_actions_addopen(&actions, 2, url.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        case .discard: posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        // Nothing else of the test process leaks into the child (a held lock, another child's pipe).
        _ = spawnFileActionsAddCloseFrom(&actions, 3)
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
        guard spawned == 0 else { throw SpawnError(executable: executable, code: spawned) }
        let readStderr: Int32? = if case .pipe = stderr { pipes[2][0] } else { nil }
        let child = RunningProcess(
            pid: pid, command: ([executable] + arguments).joined(separator: " "), input: pipes[0][1],
            stdout: pipes[1][0], stderr: readStderr, grace: grace)
        // The child's ends, and the ends now owned by `child`, are not closed by the `defer` above.
        pipes[0][1] = -1
        pipes[1][0] = -1
        if readStderr != nil { pipes[2][0] = -1 }
        return child
    }
}

/// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34+; not imported into Swift by Glibc's module map).
@_silgen_name("posix_spawn_file_actions_addclosefrom_np")
private func spawnFileActionsAddCloseFrom(
    _ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ from: Int32
) -> Int32
