import CompanionTestSupport
import Foundation

/// A child process (python3) that opens `count` TCP connections to a loopback port, sends nothing on them, and
/// holds them until stopped: the idle sockets of a connection-exhaustion attack, kept out of the test process.
final class IdleSocketHolder: Sendable {
    private let process: RunningProcess
    /// How many connections the holder managed to open.
    let held: Int

    static let script = """
        import resource, socket, sys
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
        held = []
        for _ in range(int(sys.argv[2])):
            try:
                held.append(socket.create_connection(("127.0.0.1", int(sys.argv[1])), timeout=5))
            except OSError:
                break
        print(len(held), flush=True)
        sys.stdin.read()
        """

    private init(process: RunningProcess, held: Int) {
        self.process = process
        self.held = held
    }

    /// Starts the holder (through ``ProcessRunner/spawn(_:_:environment:stderr:grace:)``, not Foundation's
    /// `Process`, whose `run()` can crash in a process with many descriptors open; docs/testing.md) and waits until
    /// it has opened its connections.
    static func start(port: Int, count: Int) async throws -> IdleSocketHolder {
        let process = try ProcessRunner.spawn(
            "/usr/bin/env", ["python3", "-c", script, String(port), String(count)])
        do {
            try await process.waitForOutput(timeout: TestDeadline.seconds) { out, _ in out.contains("\n") }
        } catch {
            process.kill(SIGKILL)
            throw error
        }
        let held = Int(process.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        return IdleSocketHolder(process: process, held: held)
    }

    /// Closes every held connection (the holder exits when its standard input closes).
    func stop() async throws {
        process.closeInput()
        _ = try await process.finish(timeout: TestDeadline.seconds)
    }
}
