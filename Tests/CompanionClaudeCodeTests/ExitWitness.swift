import CompanionTestSupport
import Foundation

/// A FIFO whose write end the processes of a test hold open (a script opens it as descriptor 3, and what it starts
/// inherits it): when the last of them exits, the kernel closes that end and `poll` on the read end reports
/// POLLHUP. A readiness signal for the end of processes that are not this process's children, which cannot be
/// waited for (an orphaned group's members belong to init once their leader is gone).
final class ExitWitness {
    /// The FIFO's path, for the script's `exec 3>"$path"`.
    let path: String
    private let readEnd: Int32

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("exit-\(UUID().uuidString)").path
        guard mkfifo(path, 0o600) == 0 else { throw Failure(description: "mkfifo \(path): errno \(errno)") }
        // Non-blocking, so that opening needs no writer yet; the writers open it before the test waits.
        readEnd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard readEnd >= 0 else {
            unlink(path)
            throw Failure(description: "open \(path): errno \(errno)")
        }
    }

    deinit {
        close(readEnd)
        unlink(path)
    }

    /// Blocks until every process that opened the write end has exited (at most ``TestDeadline/seconds``).
    func waitUntilAllExited() throws {
        var entry = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
        while true {
            let ready = poll(&entry, 1, Int32(TestDeadline.seconds * 1000))
            if ready < 0, errno == EINTR { continue }
            guard ready == 1 else { throw Failure(description: "the processes holding \(path) are still running") }
            if entry.revents & Int16(POLLHUP) != 0 { return }
            // Nothing is written to it, but should a byte arrive, take it and keep waiting for the hang-up.
            var byte: UInt8 = 0
            _ = read(readEnd, &byte, 1)
        }
    }
}
