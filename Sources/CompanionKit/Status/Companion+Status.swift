import CompanionAPI
import CompanionClient

extension Companion {
    /// The status of the sidecar at `url` (default: the stored one). Signed when this device is paired with it,
    /// so a revoked device learns it here (``CompanionError/Kind/notPaired``).
    public func status(url: String? = nil) async throws(CompanionError) -> StatusReport {
        let url = try sidecarURL(override: url)
        let record = try store.pairing()
        let client = try signedClient(url: url, record: record)
        let status = try await Self.call { () throws(CompanionClientError) in try await client.status(signed: true) }
        return StatusReport(status, url: url, record: record)
    }

    /// The status every `interval`, until the consumer stops iterating. Unsigned (a signed poll would move this
    /// device's `lastSeenAt` every time). An unreachable sidecar is an element, not the end: polling goes on;
    /// any other failure is the last element.
    public func statusUpdates(url: String? = nil, every interval: Duration) throws(CompanionError)
        -> AsyncStream<Result<StatusReport, CompanionError>>
    {
        let url = try sidecarURL(override: url)
        let record = try store.pairing()
        let client = try client(url: url)
        return AsyncStream { continuation in
            let poller = Task {
                while !Task.isCancelled {
                    do {
                        let status = try await client.status()
                        continuation.yield(.success(StatusReport(status, url: url, record: record)))
                    } catch {
                        let failure = CompanionError.from(error)
                        continuation.yield(.failure(failure))
                        if failure.kind != .network { break }
                    }
                    do { try await Task.sleep(for: interval) } catch { break }
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in poller.cancel() }
        }
    }

    /// Ends the sidecar's current connection (signed); the device stays trusted.
    public func disconnect(url: String? = nil) async throws(CompanionError) -> StatusReport {
        let url = try sidecarURL(override: url)
        let record = try store.pairing()
        let client = try signedClient(url: url, record: record)
        let status = try await Self.call { () throws(CompanionClientError) in try await client.disconnect() }
        return StatusReport(status, url: url, record: record)
    }
}
