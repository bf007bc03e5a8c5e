import CompanionAPI
import CompanionClient

extension Companion {
    /// The status of the sidecar at `url` (default: the stored one). Signed when this device is paired with it,
    /// so a revoked device learns it here (``CompanionError/Kind/notPaired``).
    ///
    /// Signed, it also witnesses the sidecar's audit log (``AuditWitness``): it asks for the row it saw last,
    /// keeps the new head with its pairing record when the log only moved forward, and reports a rollback or a
    /// fork in ``StatusReport/auditWitness`` (the stored head is then kept, so the next status reports it again).
    public func status(url: String? = nil) async throws(CompanionError) -> StatusReport {
        let url = try sidecarURL(override: url)
        var record = try store.pairing()
        let client = try signedClient(url: url, record: record)
        let witnessed = record.map { $0.sidecarURL == (try? Self.normalizedURL(url)) } ?? false
        let since = witnessed ? record?.auditHead?.id : nil
        let status = try await Self.call { () throws(CompanionClientError) in
            try await client.status(signed: true, auditSince: since)
        }
        if witnessed, let refreshed = try await refreshTLSPins(client: client, record: record) { record = refreshed }
        var changed = false
        if witnessed, let current = record, let remembering = Self.rememberingCertificate(of: client, in: current) {
            record = remembering
            changed = true
        }
        var report = StatusReport(status, url: url, record: record)
        if witnessed, var current = record, status.auditHead != nil || current.auditHead != nil {
            let witness = AuditWitness.judge(stored: current.auditHead, status: status)
            report.auditWitness = witness
            if !witness.diverged, current.auditHead != witness.head {
                current.auditHead = witness.head
                record = current
                changed = true
            }
        }
        if changed, let record { try store.savePairing(record) }
        return report
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
