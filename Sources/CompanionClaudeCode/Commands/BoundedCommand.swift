import Foundation
import Subprocess

#if canImport(Glibc)
    import Glibc
#endif

/// One short-lived command (git, `claude plugin …`) run from an argument array, never a shell, in its own process
/// group, with a time limit, a cap on the output kept, and an optional check made while it runs (the size of
/// what it writes): when a limit is reached the whole group is killed.
struct BoundedCommand: Sendable {
    var executable: String
    var arguments: [String]
    var environment: [String: String]
    var workingDirectory: String?
    var timeLimit: Duration
    /// Bytes kept of each of standard output and standard error (the rest is read and dropped).
    var outputLimit = 1 << 20
    /// Asked every ``watchInterval`` while the command runs; a reason stops it.
    var watch: (@Sendable () -> String?)?
    var watchInterval: Duration = .milliseconds(200)

    /// Runs the command to its end (or until a limit stops it). Throws only when it cannot be started.
    func run() async throws -> BoundedCommandResult {
        var platform = PlatformOptions()
        platform.processGroupID = 0
        let state = BoundedCommandState(limit: outputLimit)
        let timeLimit = timeLimit
        let watch = watch
        let watchInterval = watchInterval
        let result = try await Subprocess.run(
            .path(.init(executable)), arguments: Arguments(arguments),
            environment: .exactly(environment),
            workingDirectory: workingDirectory.map { .init($0) }, platformOptions: platform,
            input: .none, output: .sequence, error: .sequence
        ) { execution in
            let pid = execution.processIdentifier.value
            await withTaskGroup(of: Bool.self) { group in
                group.addTask {
                    do {
                        for try await buffer in execution.standardOutput {
                            buffer.withUnsafeBytes { state.append($0, toError: false) }
                        }
                    } catch {}
                    return true
                }
                group.addTask {
                    do {
                        for try await buffer in execution.standardError {
                            buffer.withUnsafeBytes { state.append($0, toError: true) }
                        }
                    } catch {}
                    return true
                }
                group.addTask {
                    do { try await Task.sleep(for: timeLimit) } catch { return false }
                    state.stop(.timedOut)
                    kill(-pid, SIGKILL)
                    return false
                }
                if let watch {
                    group.addTask {
                        while true {
                            do { try await Task.sleep(for: watchInterval) } catch { return false }
                            if let reason = watch() {
                                state.stop(.stopped(reason))
                                kill(-pid, SIGKILL)
                                return false
                            }
                        }
                    }
                }
                var readersDone = 0
                while readersDone < 2, let finished = await group.next() {
                    if finished { readersDone += 1 }
                }
                group.cancelAll()
            }
        }
        return state.result(status: result.terminationStatus)
    }
}

/// How a ``BoundedCommand`` ended and what it printed (bounded).
struct BoundedCommandResult: Sendable {
    enum Ending: Sendable, Equatable {
        case exited(Int32)
        case signaled(Int32)
        /// Killed at its time limit.
        case timedOut
        /// Killed because the watch gave this reason.
        case stopped(String)
    }

    var ending: Ending
    var standardOutput: [UInt8]
    var standardError: [UInt8]

    var succeeded: Bool { ending == .exited(0) }
    var outputText: String { String(decoding: standardOutput, as: UTF8.self) }
    var errorText: String { String(decoding: standardError, as: UTF8.self) }
}

private final class BoundedCommandState: @unchecked Sendable {
    private let lock = NSLock()
    private let limit: Int
    private var output: [UInt8] = []
    private var error: [UInt8] = []
    private var stopped: BoundedCommandResult.Ending?

    init(limit: Int) { self.limit = limit }

    func append(_ bytes: UnsafeRawBufferPointer, toError: Bool) {
        lock.withLock {
            if toError {
                error.append(contentsOf: bytes.prefix(max(0, limit - error.count)))
            } else {
                output.append(contentsOf: bytes.prefix(max(0, limit - output.count)))
            }
        }
    }

    func stop(_ ending: BoundedCommandResult.Ending) {
        lock.withLock { stopped = stopped ?? ending }
    }

    func result(status: TerminationStatus) -> BoundedCommandResult {
        lock.withLock {
            let ending: BoundedCommandResult.Ending
            if let stopped {
                ending = stopped
            } else {
                switch status {
                case .exited(let code): ending = .exited(code)
                case .signaled(let signal): ending = .signaled(signal)
                }
            }
            return BoundedCommandResult(ending: ending, standardOutput: output, standardError: error)
        }
    }
}
