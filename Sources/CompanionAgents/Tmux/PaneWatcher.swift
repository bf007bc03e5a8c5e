import Foundation
import Subprocess

#if canImport(Glibc)
    import Glibc
#endif

/// Tells when a tmux session's pane prints, without polling: a read-only tmux control-mode client
/// (`attach -f read-only,ignore-size -C`) is attached to the session, and each `%output` notification it writes
/// is a change. An idle session costs nothing; the notification arrives as tmux writes to the pane.
package struct PaneWatcher: Sendable {
    /// What the watcher reports.
    package enum Event: Sendable, Equatable {
        /// The pane printed something.
        case output
        /// The session ended (or the server went away).
        case exited
    }

    package let tmux: Tmux
    package let session: String

    package init(tmux: Tmux, session: String) {
        self.tmux = tmux
        self.session = session
    }

    /// Watches until the session ends or the calling task is cancelled. `output` events are coalesced: at most one
    /// waits in the stream at a time (the consumer reads the pane when it takes it, so nothing is lost).
    package func events() -> AsyncStream<Event> {
        let (stream, continuation) = AsyncStream<Event>.makeStream(bufferingPolicy: .bufferingNewest(2))
        let task = Task { [tmux, session] in
            await Self.watch(tmux: tmux, session: session, continuation: continuation)
            continuation.yield(.exited)
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    private static func watch(tmux: Tmux, session: String, continuation: AsyncStream<Event>.Continuation) async {
        let arguments =
            tmux.baseArguments + ["-C", "attach-session", "-f", "read-only,ignore-size", "-t", "=" + session]
        _ = try? await Subprocess.run(
            .path(.init(tmux.executable)), arguments: Arguments(arguments),
            environment: tmux.subprocessEnvironment, input: .inputWriter,
            output: .sequence, error: .discarded
        ) { execution in
            let pid = execution.processIdentifier.value
            await withTaskCancellationHandler {
                var pending: [UInt8] = []
                do {
                    for try await buffer in execution.standardOutput {
                        buffer.withUnsafeBytes { pending.append(contentsOf: $0) }
                        var changed = false
                        while let newline = pending.firstIndex(of: 0x0A) {
                            let line = pending[..<newline]
                            if line.starts(with: Array("%output ".utf8))
                                || line.starts(with: Array("%extended-output ".utf8))
                            {
                                changed = true
                            } else if line.starts(with: Array("%exit".utf8)) {
                                kill(pid, SIGTERM)
                            }
                            pending.removeSubrange(...newline)
                        }
                        if changed { continuation.yield(.output) }
                    }
                } catch {}
            } onCancel: {
                kill(pid, SIGTERM)
            }
        }
    }
}
