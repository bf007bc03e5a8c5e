import Foundation

/// The write end of the pipe the SIGINT handler writes to (the handler may only make async-signal-safe calls,
/// and cannot capture anything).
nonisolated(unsafe) private var interruptPipeWriteEnd: Int32 = -1

/// Ctrl-C as an event instead of the default exit, for commands that must tell the sidecar first.
///
/// A plain signal handler writes one byte to a pipe (the self-pipe pattern); a thread of its own reads the pipe
/// and calls the handler. (A libdispatch signal source is not reliable on Linux in a multithreaded process:
/// which thread the kernel picks decides whether it ever sees the signal.)
final class InterruptSignal: @unchecked Sendable {
    private let readEnd: Int32
    private let writeEnd: Int32

    /// While this exists, SIGINT calls `handler` (on a thread of its own) instead of ending the process.
    init(_ handler: @escaping @Sendable () -> Void) {
        var ends: [Int32] = [-1, -1]
        _ = ends.withUnsafeMutableBufferPointer { pipe($0.baseAddress!) }
        readEnd = ends[0]
        writeEnd = ends[1]
        interruptPipeWriteEnd = writeEnd
        signal(SIGINT) { _ in
            var byte: UInt8 = 1
            _ = write(interruptPipeWriteEnd, &byte, 1)
        }
        let readEnd = readEnd
        let thread = Thread {
            var byte: UInt8 = 0
            while true {
                let count = read(readEnd, &byte, 1)
                if count == 1 { handler() } else if count < 0, errno == EINTR { continue } else { break }
            }
            close(readEnd)
        }
        thread.start()
    }

    /// Restores the default: Ctrl-C ends the process; the reading thread ends.
    func cancel() {
        signal(SIGINT, SIG_DFL)
        interruptPipeWriteEnd = -1
        close(writeEnd)
    }
}

/// Ctrl-C during a chat: caught from the start of the command (so none is lost while the request is being
/// sent), remembered, and handed to whoever can act on it once there is a run to cancel.
final class ChatInterrupt: @unchecked Sendable {
    private let lock = NSLock()
    private var requested = false
    private var action: (@Sendable () -> Void)?
    private var signal: InterruptSignal?

    init() {
        signal = InterruptSignal { [weak self] in self?.fire() }
    }

    /// True once Ctrl-C was pressed.
    var isRequested: Bool { lock.withLock { requested } }

    /// Runs `action` on Ctrl-C, at once if it was already pressed.
    func onInterrupt(_ action: @escaping @Sendable () -> Void) {
        let already = lock.withLock {
            self.action = action
            return requested
        }
        if already { action() }
    }

    /// Restores Ctrl-C's default (ending the process).
    func cancel() { signal?.cancel() }

    private func fire() {
        let action = lock.withLock {
            requested = true
            return self.action
        }
        action?()
    }
}
