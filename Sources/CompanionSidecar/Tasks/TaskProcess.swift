import CompanionAPI
import CompanionClaudeCode
import Foundation
import Subprocess

#if canImport(Glibc)
    import Glibc
#endif

/// One child process of a task, with its standard output and error read line by line as they come.
///
/// Started through swift-subprocess in a process group of its own (its id is its pid), so ``signal(_:)`` reaches
/// the commands the shell started too. Not through Foundation's `Process`: on Linux its `run()` (swift-corelibs-
/// foundation of Swift 6.3) copies 256 bytes of every `/proc/self/fd` entry and can read past the end of glibc's
/// buffer, which crashed the test process twice in six runs here and would crash the sidecar the same way
/// (swift-corelibs-foundation pull request 5472; docs/testing.md).
final class TaskProcess: Sendable {
    /// A batch of lines read from one stream, with the time they were read.
    typealias Output = (stream: TaskLogStream, timestamp: Date, lines: [String])

    /// The child's process id, which is also its process group id.
    let processID: Int32
    /// Lines from both streams, in the order they were read; ends when both streams reach end of file.
    let output: AsyncStream<Output>
    /// The run, ending with the exit status (128 + the signal that killed the child).
    private let run: Task<Int32, Never>

    private init(processID: Int32, output: AsyncStream<Output>, run: Task<Int32, Never>) {
        self.processID = processID
        self.output = output
        self.run = run
    }

    /// Starts `executable` with `arguments` in `directory`, with exactly `environment`; `input` is written to its
    /// standard input, then closed. Returns once the child runs; throws when it could not be started.
    static func start(
        executable: String, arguments: [String], environment: [String: String], directory: URL, input: Data
    ) async throws -> TaskProcess {
        let stdin = try InputPipe()
        // The input is in the pipe before the child starts, not written once the run's closure gets a thread: `claude
        // -p` (a review) gives up on a standard input still empty after 3 s, which a loaded sidecar's write missed.
        stdin.write(input)
        let (output, outputContinuation) = AsyncStream<Output>.makeStream()
        let (started, startedContinuation) = AsyncThrowingStream<Int32, any Error>.makeStream()
        let run = Task<Int32, Never> {
            var platform = PlatformOptions()
            platform.processGroupID = 0
            do {
                let result = try await Subprocess.run(
                    .path(.init(executable)), arguments: Arguments(arguments), environment: .exactly(environment),
                    workingDirectory: .init(directory.path), platformOptions: platform,
                    input: .fileDescriptor(.init(rawValue: stdin.readEnd), closeAfterSpawningProcess: true),
                    output: .sequence, error: .sequence
                ) { execution in
                    startedContinuation.yield(execution.processIdentifier.value)
                    startedContinuation.finish()
                    await withTaskGroup(of: Void.self) { group in
                        group.addTask { await read(execution.standardOutput, as: .stdout, into: outputContinuation) }
                        group.addTask { await read(execution.standardError, as: .stderr, into: outputContinuation) }
                    }
                }
                outputContinuation.finish()
                switch result.terminationStatus {
                case .exited(let code): return code
                case .signaled(let signal): return 128 + signal
                }
            } catch {
                // Not started (no such file, not executable, no such directory), or its streams failed.
                stdin.abandon()
                startedContinuation.finish(throwing: error)
                outputContinuation.finish()
                return 127
            }
        }
        for try await pid in started {
            return TaskProcess(processID: pid, output: output, run: run)
        }
        throw CancellationError()
    }

    /// Waits for the child to exit; returns its exit status, or 128 + the signal that killed it.
    func exitStatus() async -> Int32 {
        await run.value
    }

    /// Sends a signal to the child's whole process group.
    func signal(_ signal: Int32) {
        guard processID > 0 else { return }
        if kill(-processID, signal) != 0 { _ = kill(processID, signal) }
    }

    /// Reads one stream until end of file, handing over complete lines as they come.
    private static func read(
        _ stream: SubprocessOutputSequence, as name: TaskLogStream,
        into continuation: AsyncStream<Output>.Continuation
    ) async {
        var splitter = LineSplitter()
        do {
            for try await buffer in stream {
                let lines = buffer.withUnsafeBytes { splitter.feed($0) }
                if !lines.isEmpty { continuation.yield((name, Date(), lines)) }
            }
        } catch {
            // A read error ends the stream like end of file; the exit status still says how the step ended.
        }
        let rest = splitter.finish()
        if !rest.isEmpty { continuation.yield((name, Date(), rest)) }
    }
}
