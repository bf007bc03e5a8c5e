import CompanionAPI
import Foundation
import Synchronization

/// One child process of a task, with its standard output and error read line by line as they come.
///
/// The child runs in its own process group (Foundation does that on Linux), so ``signal(_:)`` reaches the
/// commands the shell started too.
final class TaskProcess: Sendable {
    /// A batch of lines read from one stream, with the time they were read.
    typealias Output = (stream: TaskLogStream, timestamp: Date, lines: [String])

    private let process: Process
    /// Lines from both streams, in the order they were read; ends when both streams reach end of file.
    let output: AsyncStream<Output>
    private let termination: AsyncStream<Int32>

    /// Starts `executable` with `arguments`; `input` is written to its standard input, then closed.
    init(
        executable: String, arguments: [String], environment: [String: String], directory: URL, input: Data
    ) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        process.currentDirectoryURL = directory
        let stdout = Pipe()
        let stderr = Pipe()
        let stdin = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = stdin
        let (output, outputContinuation) = AsyncStream<Output>.makeStream()
        let (termination, terminationContinuation) = AsyncStream<Int32>.makeStream()
        process.terminationHandler = { finished in
            let code = finished.terminationStatus
            terminationContinuation.yield(finished.terminationReason == .uncaughtSignal ? 128 + code : code)
            terminationContinuation.finish()
        }
        self.process = process
        self.output = output
        self.termination = termination
        try process.run()
        let open = Atomic<Int>(2)
        for (pipe, stream) in [(stdout, TaskLogStream.stdout), (stderr, TaskLogStream.stderr)] {
            Self.startReader(pipe.fileHandleForReading, stream: stream) { batch in
                if let batch {
                    outputContinuation.yield(batch)
                } else if open.subtract(1, ordering: .acquiringAndReleasing).newValue == 0 {
                    outputContinuation.finish()
                }
            }
        }
        Self.startWriter(stdin.fileHandleForWriting, data: input)
    }

    /// The child's process id, which is also its process group id.
    var processID: Int32 { process.processIdentifier }

    /// Waits for the child to exit; returns its exit status, or 128 + the signal that killed it.
    func exitStatus() async -> Int32 {
        for await code in termination { return code }
        return process.terminationStatus
    }

    /// Sends a signal to the child's whole process group.
    func signal(_ signal: Int32) {
        let pid = process.processIdentifier
        guard pid > 0 else { return }
        if kill(-pid, signal) != 0 { _ = kill(pid, signal) }
    }

    /// Reads a pipe on its own thread until end of file, handing over complete lines as they come.
    private static func startReader(
        _ handle: FileHandle, stream: TaskLogStream, deliver: @escaping @Sendable (Output?) -> Void
    ) {
        let thread = Thread {
            let fd = handle.fileDescriptor
            var splitter = LineSplitter()
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { break }
                let lines = splitter.feed(buffer[0..<count])
                if !lines.isEmpty { deliver((stream, Date(), lines)) }
            }
            let rest = splitter.finish()
            if !rest.isEmpty { deliver((stream, Date(), rest)) }
            try? handle.close()
            deliver(nil)
        }
        thread.name = "task-\(stream.rawValue)"
        thread.start()
    }

    /// Writes the task's input on its own thread, so a child that does not read cannot block the sidecar.
    private static func startWriter(_ handle: FileHandle, data: Data) {
        let thread = Thread {
            try? handle.write(contentsOf: data)
            try? handle.close()
        }
        thread.name = "task-stdin"
        thread.start()
    }
}
