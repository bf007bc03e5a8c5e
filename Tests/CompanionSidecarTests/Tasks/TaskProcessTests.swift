import CompanionAPI
import CompanionTestSupport
import Foundation
import Testing

@testable import CompanionSidecar

/// A task's child process started through swift-subprocess: input written without blocking, both streams read to
/// the end, the exit status (128 + N for signal N), and a clear failure when it cannot start.
@Suite struct TaskProcessTests {
    static func start(_ script: String, input: Data = Data(), in directory: URL? = nil) async throws -> TaskProcess {
        try await TaskProcess.start(
            executable: "/bin/sh", arguments: ["-c", script], environment: ["PATH": "/usr/bin:/bin"],
            directory: directory ?? FileManager.default.temporaryDirectory, input: input)
    }

    static func lines(of process: TaskProcess) async -> [(TaskLogStream, String)] {
        var lines: [(TaskLogStream, String)] = []
        for await batch in process.output { lines += batch.lines.map { (batch.stream, $0) } }
        return lines
    }

    @Test func inputIsReadAndBothStreamsArriveWhole() async throws {
        let process = try await Self.start("cat; echo oops >&2; printf 'no newline'", input: Data("a\nb\n".utf8))
        #expect(process.processID > 0)
        let lines = await Self.lines(of: process)
        #expect(lines.filter { $0.0 == .stdout }.map(\.1) == ["a", "b", "no newline"])
        #expect(lines.filter { $0.0 == .stderr }.map(\.1) == ["oops"])
        #expect(await process.exitStatus() == 0)
    }

    @Test func aChildThatNeverReadsItsLargeInputEndsNormally() async throws {
        // 4 MiB is far more than a pipe holds: the writer is blocked until the child exits, then fails (EPIPE).
        let process = try await Self.start("echo done; exit 5", input: Data(count: 4 << 20))
        #expect(await Self.lines(of: process).map(\.1) == ["done"])
        #expect(await process.exitStatus() == 5)
    }

    @Test func aSignalledChildReportsTheSignal() async throws {
        let process = try await Self.start("kill -KILL $$")
        #expect(await Self.lines(of: process).isEmpty)
        #expect(await process.exitStatus() == 128 + SIGKILL)
    }

    @Test func theWholeProcessGroupIsSignalled() async throws {
        // The shell waits for a child of its own; a signal to the group ends both, so the output ends too.
        let process = try await Self.start("sleep 600 & echo started; wait")
        var iterator = process.output.makeAsyncIterator()
        #expect(await iterator.next()?.lines == ["started"])
        process.signal(SIGTERM)
        while await iterator.next() != nil {}
        #expect(await process.exitStatus() == 128 + SIGTERM)
    }

    @Test func aMissingExecutableOrDirectoryIsAnErrorEveryTime() async throws {
        for _ in 0..<20 {
            await #expect(throws: (any Error).self) {
                _ = try await TaskProcess.start(
                    executable: "/nonexistent/\(UUID().uuidString)", arguments: [], environment: [:],
                    directory: FileManager.default.temporaryDirectory, input: Data("x".utf8))
            }
            await #expect(throws: (any Error).self) {
                _ = try await Self.start(
                    "true", in: URL(fileURLWithPath: "/nonexistent/\(UUID().uuidString)"))
            }
        }
    }
}
