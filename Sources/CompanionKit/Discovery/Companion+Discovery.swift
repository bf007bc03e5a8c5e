import CompanionAPI
import CompanionDiscovery
import Foundation

extension Companion {
    /// The workstations advertising `_companion._tcp` on the LAN within `timeout` seconds (through avahi-daemon);
    /// with `firstOnly`, as soon as one answers. A found address is only a hint: pairing proves the sidecar's
    /// key and checks it against the record's fingerprint (``PairingOptions/discovered(_:)``).
    public static func discover(timeout: Double, firstOnly: Bool = false) async throws(CompanionError)
        -> [DiscoveryRecord]
    {
        do { return try await ServiceBrowser.browse(timeout: timeout, firstOnly: firstOnly) } catch {
            throw CompanionError(
                .network, error.description,
                hint: "give the sidecar's URL instead (--url http://HOST:7878, or companion connect URL)")
        }
    }

    /// The one workstation discovery finds: none → an error saying so; several → `choose` picks one (the CLI asks the
    /// person on a terminal), or, without it or when it picks none, an error listing them.
    public static func discoverOne(
        timeout: Double, choose: (@Sendable ([DiscoveryRecord]) async -> DiscoveryRecord?)? = nil
    ) async throws(CompanionError) -> DiscoveryRecord {
        let found = try await discover(timeout: timeout)
        if found.count == 1, let only = found.first { return only }
        if found.isEmpty {
            throw CompanionError(
                .network,
                "no workstation advertises \(DiscoveryRecord.serviceType) on this network "
                    + "(waited \(Int(timeout)) s)",
                hint: "check that the sidecar serves beyond loopback (--host <LAN address>) and that avahi-daemon runs "
                    + "on both machines, or give --url")
        }
        let ordered = found.sorted { ($0.workstation ?? $0.instance, $0.url) < ($1.workstation ?? $1.instance, $1.url) }
        if let choose, let chosen = await choose(ordered) { return chosen }
        let list = ordered.map { "\($0.workstation ?? $0.instance) at \($0.url)" }.joined(separator: ", ")
        throw CompanionError(.invalidInput, "several workstations answered: \(list)", hint: "choose one with --url")
    }
}

extension PairingOptions {
    /// These options for pairing with a discovered workstation: its fingerprint must be the one the exchange
    /// proves (v2) or the pairing proof names (v1), and a record announcing v2 forbids v1. A record without a
    /// valid `pv` or `fp` (absent or malformed) is untrusted: it forbids v1 too, since only v2 proves that the
    /// sidecar knows the code. A pinned sidecar whose key has the record's `fp` is recognised under the new address.
    public func discovered(_ record: DiscoveryRecord) -> PairingOptions {
        var options = self
        options.expectedShortFingerprint = record.shortFingerprint
        options.expectedTLSPin = record.tlsPin.flatMap { TLSPin($0) }
        options.expectsVersion2 = (record.pairingVersion ?? 1) >= 2
        options.discoveryRecordIncomplete = record.shortFingerprint == nil || record.pairingVersion == nil
        return options
    }
}
