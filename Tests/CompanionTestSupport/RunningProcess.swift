import Foundation

/// A child started by ``ProcessRunner/spawn(_:_:environment:stderr:grace:)``: its output is collected by a
/// thread of its own (so a chatty child never blocks on a full pipe), which also reaps it. Tests wait on what it
/// printed (``waitForOutput(timeout:_:)``) or for its end (``finish(timeout:)``), always with a deadline.
public final class RunningProcess: @unchecked Sendable {
    public let pid: pid_t
    public let command: String
    private let condition = NSCondition()
    private var input: Int32
    private var stdoutBytes: [UInt8] = []
    private var stderrBytes: [UInt8] = []
    private var status: Int32?
    private var done = false

    init(pid: pid_t, command: String, input: Int32, stdout: Int32, stderr: Int32?, grace: Double) {
        self.pid = pid
        self.command = command
        self.input = input
        Thread.detachNewThread { [self] in collect(stdout: stdout, stderr: stderr, grace: grace) }
    }

    deinit { closeInput() }

    /// Standard output so far.
    public var stdout: String { condition.withLock { String(decoding: stdoutBytes, as: UTF8.self) } }
    /// How many bytes of standard output arrived so far (cheaper than ``stdout`` for a poll).
    public var stdoutByteCount: Int { condition.withLock { stdoutBytes.count } }
    /// Standard error so far (empty unless it is collected).
    public var stderr: String { condition.withLock { String(decoding: stderrBytes, as: UTF8.self) } }
    /// The exit status once the child ended (128 + N when killed by signal N), else nil.
    public var exitStatus: Int32? { condition.withLock { status } }
    public var isRunning: Bool { exitStatus == nil }

    /// Writes `bytes` to the child's standard input (small inputs only: a pipe's buffer).
    public func write(_ bytes: [UInt8]) {
        condition.withLock {
            guard input >= 0, !bytes.isEmpty else { return }
            _ = bytes.withUnsafeBytes { Glibc.write(input, $0.baseAddress, $0.count) }
        }
    }

    public func write(_ text: String) { write(Array(text.utf8)) }

    /// Closes the child's standard input (end of file).
    public func closeInput() {
        condition.withLock {
            if input >= 0 { close(input) }
            input = -1
        }
    }

    /// Sends `signal` unless the child was already reaped.
    public func kill(_ signal: Int32) {
        condition.withLock {
            if status == nil { _ = Glibc.kill(pid, signal) }
        }
    }

    /// Waits until `condition` holds for (standard output, standard error) so far; throws ``ProcessRunner/TimeoutError``
    /// after `timeout` seconds, or ``EndedError`` if the child ended without it holding.
    public func waitForOutput(timeout: Double = TestDeadline.seconds, _ condition: @escaping (String, String) -> Bool)
        async throws
    {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let (out, err, ended) = self.condition.withLock {
                (String(decoding: stdoutBytes, as: UTF8.self), String(decoding: stderrBytes, as: UTF8.self), done)
            }
            if condition(out, err) { return }
            if ended { throw EndedError(command: command, output: out + err) }
            if Date() > deadline { throw ProcessRunner.TimeoutError(command: command, output: out + err) }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Waits for the child to end and its output to be collected; kills it (SIGKILL) and throws after `timeout`.
    public func finish(timeout: Double = 120) async throws -> ProcessRunner.Result {
        try await offPool { try self.finishBlocking(timeout: timeout) }
    }

    /// ``finish(timeout:)``, blocking the calling thread.
    @available(*, noasync, message: "blocks a thread of Swift's pool: use finish(timeout:)")
    public func finishBlocking(timeout: Double = 120) throws -> ProcessRunner.Result {
        try PoolGuard.refuseBlocking(command)
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date().addingTimeInterval(timeout)
        while !done {
            if !condition.wait(until: deadline), !done {
                if status == nil { _ = Glibc.kill(pid, SIGKILL) }
                let output = String(decoding: stdoutBytes + stderrBytes, as: UTF8.self)
                throw ProcessRunner.TimeoutError(command: command, output: output)
            }
        }
        return ProcessRunner.Result(status: status ?? -1, stdoutBytes: stdoutBytes, stderrBytes: stderrBytes)
    }

    /// The child ended before what a test waited for appeared.
    public struct EndedError: Error, CustomStringConvertible {
        public let command: String
        public let output: String
        public var description: String { "ended first: \(command)\noutput: \(output)" }
    }

    private func collect(stdout: Int32, stderr: Int32?, grace: Double) {
        var open: Set<Int32> = [stdout]
        if let stderr { open.insert(stderr) }
        var deadline: Date?
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            if deadline == nil {
                var raw: Int32 = 0
                if waitpid(pid, &raw, WNOHANG) == pid {
                    let code = (raw & 0x7F) == 0 ? (raw >> 8) & 0xFF : 128 + (raw & 0x7F)
                    condition.withLock {
                        status = code
                        condition.broadcast()
                    }
                    deadline = Date().addingTimeInterval(grace)
                }
            }
            if deadline != nil && open.isEmpty { break }
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
                    condition.withLock {
                        if entry.fd == stdout { stdoutBytes += chunk[..<n] } else { stderrBytes += chunk[..<n] }
                    }
                } else if n == 0 || errno != EINTR {
                    open.remove(entry.fd)
                }
            }
        }
        close(stdout)
        if let stderr { close(stderr) }
        condition.withLock {
            done = true
            condition.broadcast()
        }
    }
}
