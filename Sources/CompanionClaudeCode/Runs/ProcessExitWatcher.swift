import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Waits for a child to exit without reaping it (swift-subprocess reaps it): polls its pidfd (readable once it
/// exited) on a thread of its own, or, without a pidfd, `/proc/<pid>/stat` turning into a zombie.
final class ProcessExitWatcher: @unchecked Sendable {
    private let pid: Int32
    private let descriptor: Int32
    private let lock = NSLock()
    private var stopped = false

    init(pid: Int32, descriptor: Int32) {
        self.pid = pid
        self.descriptor = descriptor
    }

    /// Returns when the process exited, or after ``stop()``.
    func waitForExit() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            Thread.detachNewThread { [self] in
                while !isStopped {
                    if descriptor >= 0 {
                        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                        if poll(&entry, 1, 100) > 0 { break }
                    } else {
                        if ProcessStat(pid: pid) == nil { break }
                        usleep(50_000)
                    }
                }
                continuation.resume()
            }
        }
    }

    /// Ends ``waitForExit()`` (before the pidfd is closed).
    func stop() { lock.withLock { stopped = true } }

    private var isStopped: Bool { lock.withLock { stopped } }
}
