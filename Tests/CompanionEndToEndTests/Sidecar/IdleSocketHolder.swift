import CompanionTestSupport
import Foundation

/// A child process (python3) that opens `count` TCP connections to a loopback port, sends nothing on them, and
/// holds them until stopped: the idle sockets of a connection-exhaustion attack, kept out of the test process.
final class IdleSocketHolder: @unchecked Sendable {
    private let process = Process()
    private let input = Pipe()
    /// How many connections the holder managed to open.
    private(set) var held = 0

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

    static func start(port: Int, count: Int) async throws -> IdleSocketHolder {
        try await offPool {
            let holder = IdleSocketHolder()
            try holder.run(port: port, count: count)
            return holder
        }
    }

    private func run(port: Int, count: Int) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", Self.script, String(port), String(count)]
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = input
        try process.run()
        var text = ""
        while !text.contains("\n") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        held = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }

    /// Closes every held connection (the holder exits when its standard input closes).
    func stop() async throws {
        try input.fileHandleForWriting.close()
        try await offPool { self.process.waitUntilExit() }
    }
}
