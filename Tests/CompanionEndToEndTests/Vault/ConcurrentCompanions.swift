import CompanionTestSupport
import Foundation

/// Several `companion` processes started at once (not one after the other), for the concurrency tests.
enum ConcurrentCompanions {
    struct Outcome {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// Something every process waits at, so that they all go on from the same point at the same moment: without
    /// it, process start-up spreads them out and a race shows only now and then.
    struct Gate {
        var close: () throws -> Void
        var open: () -> Void

        static var none: Gate { Gate(close: {}, open: {}) }

        /// Holds the file vault's own lock (`vault.lock`, which every read of the vault takes) in `directory`.
        static func fileVaultLock(_ directory: URL) -> Gate {
            let descriptor = LockedDescriptor()
            return Gate(
                close: {
                    try FileManager.default.createDirectory(
                        at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
                    descriptor.value = Glibc.open(
                        directory.appendingPathComponent("vault.lock").path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
                    guard descriptor.value >= 0, flock(descriptor.value, LOCK_EX) == 0 else {
                        throw GateError("cannot lock \(directory.path)")
                    }
                },
                open: {
                    Glibc.close(descriptor.value)
                    descriptor.value = -1
                })
        }

        /// Pauses this test session's Secret Service daemon (the owner of `org.freedesktop.secrets` on the
        /// private bus of scripts/with-keyring.sh) with SIGSTOP, and resumes it with SIGCONT.
        static func pausedKeyring() async throws -> Gate {
            let reply = try await ProcessRunner.run(
                "dbus-send",
                [
                    "--session", "--print-reply", "--dest=org.freedesktop.DBus", "/",
                    "org.freedesktop.DBus.GetConnectionUnixProcessID", "string:org.freedesktop.secrets",
                ])
            guard
                let pid = reply.stdout.split(separator: " ").last.flatMap({
                    pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines))
                }),
                pid > 1
            else { throw GateError("no Secret Service daemon on the session bus: \(reply.output)") }
            return Gate(close: { kill(pid, SIGSTOP) }, open: { kill(pid, SIGCONT) })
        }
    }

    struct GateError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    final class LockedDescriptor: @unchecked Sendable { var value: Int32 = -1 }

    /// Starts `count` processes with `arguments` and `environment` (added to this process's), all before
    /// waiting for any of them, and returns their results in start order. With a `gate`, the processes are
    /// started while it is closed and it is opened `wait` seconds later.
    static func run(
        _ count: Int, _ arguments: [String], environment: [String: String?], gate: Gate = .none, wait: Double = 2
    ) async throws -> [Outcome] {
        // Spawned only once the gate is closed, all before waiting for any.
        try gate.close()
        let running: [RunningProcess]
        do {
            running = try (0..<count).map { _ in
                try ProcessRunner.spawn(TestPaths.companionBinary.path, arguments, environment: environment)
            }
        } catch {
            gate.open()
            throw error
        }
        for child in running { child.closeInput() }
        try? await Task.sleep(for: .seconds(wait))
        gate.open()
        var outcomes: [Outcome] = []
        for child in running {
            let result = try await child.finish(timeout: 120)
            outcomes.append(Outcome(status: result.status, stdout: result.stdout, stderr: result.stderr))
        }
        return outcomes
    }

    struct InitOutput: Decodable {
        struct Identity: Decodable { let fingerprint: String }
        struct Retired: Decodable { let fingerprint: String }
        let created: Bool
        let rotated: Bool
        let identity: Identity
        let retired: Retired?
    }

    /// The `keys init --json` documents, or nil for a process that failed or printed something else.
    static func decoded(_ outcomes: [Outcome]) -> [InitOutput?] {
        outcomes.map { outcome in
            guard outcome.status == 0 else { return nil }
            return try? JSONDecoder().decode(InitOutput.self, from: Data(outcome.stdout.utf8))
        }
    }
}
