import Foundation

/// Clean-up that must not block Swift's pool but must be finished before something else starts.
///
/// A test's `defer` cannot `await`, and waiting there for a child to end would hold one of the pool's threads
/// (``PoolGuard``). A ``Teardowns`` list runs each clean-up on a thread of its own (the steps of one clean-up in
/// order, different clean-ups side by side), and lets
/// whoever needs the machine clean again (the next network namespace on the same addresses) wait for all of them
/// with ``finishAll()``. At the test process's exit the clean-ups still running are waited for, so none is cut off.
public final class Teardowns: @unchecked Sendable {
    private let condition = NSCondition()
    private var running = 0

    public init() {
        Teardowns.waitAtExit.withLock { $0.append(self) }
        _ = Teardowns.exitHook
    }

    /// Runs `work` on a thread of its own now.
    public func start(_ work: @escaping @Sendable () -> Void) {
        condition.withLock { running += 1 }
        Thread.detachNewThread { [self] in
            work()
            condition.withLock {
                running -= 1
                condition.broadcast()
            }
        }
    }

    /// Returns once every clean-up started so far has ended (waiting on a thread of its own).
    public func finishAll() async {
        _ = try? await offPool { self.waitBlocking() }
    }

    private func waitBlocking() {
        condition.withLock {
            while running > 0 { condition.wait() }
        }
    }

    private static let waitAtExit = LockedList()
    private static let exitHook: Void = {
        atexit { for teardowns in Teardowns.waitAtExit.withLock({ $0 }) { teardowns.waitBlocking() } }
    }()

    private final class LockedList: @unchecked Sendable {
        private let lock = NSLock()
        private var items: [Teardowns] = []
        func withLock<T>(_ body: (inout [Teardowns]) -> T) -> T { lock.withLock { body(&items) } }
    }
}
