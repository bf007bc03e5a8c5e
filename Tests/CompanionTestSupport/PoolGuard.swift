import Foundation

/// Refuses blocking work on a thread of Swift's cooperative pool.
///
/// The test process has one pool thread per core (two on the CI machine), shared by every test that runs at once
/// and by the in-process sidecars they talk to. A test that waits for a child process on one of them (a
/// synchronous `@Test` runs on the pool too) starves everything else: in a CI run an in-process sidecar's owner
/// socket did not answer for 10 s and a task's output was not read for 30 s while such waits held both threads.
/// The compiler refuses the blocking calls in `async` code (`noasync`); this check catches the synchronous code a
/// task calls, at run time, with an error that says what to use instead.
public enum PoolGuard {
    /// The blocking call was made from a task (an async test, or a synchronous test or helper it ran).
    public struct BlockingOnPoolError: Error, CustomStringConvertible {
        public let command: String
        public var description: String {
            "\(command) would block a thread of Swift's cooperative pool: make the test async and use the async "
                + "ProcessRunner.run / RunningProcess.finish (or offPool { } for other blocking work)"
        }
    }

    /// Throws ``BlockingOnPoolError`` when the current thread runs a task.
    public static func refuseBlocking(_ command: @autoclosure () -> String) throws {
        if withUnsafeCurrentTask(body: { $0 != nil }) { throw BlockingOnPoolError(command: command()) }
    }
}
