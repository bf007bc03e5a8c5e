import CompanionAPI
import CompanionClient
import CompanionPairing

extension Companion {
    /// After a signed status over the pinned connection to the paired sidecar: reads its signed `GET /companion/tls`
    /// and, when it serves a pinned key and names another set (an announced next key, or the old one gone after the
    /// switch), stores the pins `[current, next]` with the pairing, so the switch after a rotation passes. Best effort:
    /// a sidecar without TLS (404) or any failure changes nothing. Returns the record saved, nil when unchanged.
    func refreshTLSPins(client: CompanionAPIClient, record: PairingRecord?) async throws(CompanionError)
        -> PairingRecord?
    {
        guard client.baseURL.scheme == "https", var record, let pins = record.tlsPins, !pins.isEmpty,
            record.sidecarURL == client.baseURL.absoluteString, !client.transport.tls.pins.isEmpty,
            let answer = try? await client.tlsStatus(), pins.contains(where: { $0.matches(answer.current) })
        else { return nil }
        let announced = [answer.current] + (answer.next.map { [$0] } ?? [])
        guard announced != pins else { return nil }
        record.tlsPins = announced
        try store.savePairing(record)
        return record
    }
}
