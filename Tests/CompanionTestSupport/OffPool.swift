import Foundation

/// Runs blocking work (child processes, pipe reads) on its own thread, never on Swift's cooperative pool:
/// on a 2-core machine the pool has two threads, and blocking them would also stall the in-process sidecar
/// the blocked work is waiting for.
public func offPool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread { continuation.resume(with: Result { try body() }) }
    }
}
