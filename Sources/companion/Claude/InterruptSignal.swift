import Dispatch
import Foundation

/// Ctrl-C as an event instead of the default exit, for commands that must tell the sidecar first.
final class InterruptSignal: @unchecked Sendable {
    private let source: any DispatchSourceSignal

    /// While this exists, SIGINT calls `handler` (on a background queue) instead of ending the process.
    init(_ handler: @escaping @Sendable () -> Void) {
        signal(SIGINT, SIG_IGN)
        source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler(handler: handler)
        source.resume()
    }

    /// Restores the default: Ctrl-C ends the process.
    func cancel() {
        source.cancel()
        signal(SIGINT, SIG_DFL)
    }
}
