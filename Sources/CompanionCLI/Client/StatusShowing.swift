import CompanionAPI
import CompanionKit
import CompanionPairing
import CompanionVault
import Foundation

/// The work of `companion status`, given its parsed words: one signed status, or a watch that redraws on change.
struct StatusShowing {
    var sidecar: SidecarSelection
    var vault: VaultSelection
    var json: Bool
    var watch: Bool
    var interval: Double

    func execute() async throws {
        try await ClientRun.run(json: json) {
            let companion = Companion(vault: try vault.open(prefetching: vaultItems), timeout: sidecar.timeout)
            guard watch else {
                let lastKnown = (try? VaultProfile(vault.profileName)).map(LastKnownStatusFile.init(profile:))
                // Signed when this device is paired with this sidecar: a revoked device learns it here (exit 7).
                let report = try await status(companion, lastKnown: lastKnown)
                if let witness = report.auditWitness, witness.diverged { throw Self.diverged(witness) }
                lastKnown?.save(LastKnownStatus(report, observedAt: Date()))
                return try show(StatusCommand.Output(report))
            }
            let updates = try companion.statusUpdates(url: sidecar.given, every: .milliseconds(Int(interval * 1000)))
            try await StatusWatcher(json: json, interval: interval).run(updates)
        }
    }

    /// The vault items this run reads, read together up front (one Secret Service batch instead of one search
    /// and transfer each): the stored URL unless `--url` overrides it, the pairing record, and for a one-shot
    /// (signed) status the identity key.
    private var vaultItems: [String] {
        (sidecar.given == nil ? [CompanionStore.urlItem] : []) + [CompanionStore.pairingItem]
            + (watch ? [] : [DeviceIdentityStore.itemName])
    }

    /// One signed status; an unreachable workstation is ``unreachable(_:companion:lastKnown:)``'s failure.
    private func status(_ companion: Companion, lastKnown: LastKnownStatusFile?) async throws -> StatusReport {
        do {
            return try await companion.status(url: sidecar.given)
        } catch let error as CompanionError where error.kind == .network {
            throw unreachable(error, companion: companion, lastKnown: lastKnown)
        }
    }

    /// The workstation could not be reached (exit 4 as ever): the failure, and the state last seen there, stale
    /// with its age (on standard output as text; with `--json` in the failure document's `lastKnown`).
    private func unreachable(_ error: CompanionError, companion: Companion, lastKnown: LastKnownStatusFile?)
        -> CLIFailure
    {
        var failure = error.cliFailure
        guard let url = try? companion.sidecarURL(override: sidecar.given),
            let last = lastKnown?.load(sidecarURL: url)
        else { return failure }
        if json {
            failure.lastKnown = StaleStatus(last)
        } else {
            ClientText.print(StaleStatus.lines(last, record: try? companion.store.pairing()))
        }
        return failure
    }

    /// A rollback or fork of the sidecar's audit log (exit ``ExitStatus/auditDiverged``).
    static func diverged(_ witness: AuditWitness) -> CLIFailure {
        CLIFailure(
            .auditDiverged, "audit log \(witness.finding.rawValue): \(Terminal.safe(witness.message))",
            hint: "on the workstation run `companion sidecar audit --verify` and check the sidecar's data directory; "
                + "if in doubt, revoke and pair this device again (its new pairing starts a new witness)")
    }

    private func show(_ output: StatusCommand.Output) throws {
        if json { return try OutputFormatter.printJSON(output) }
        ClientText.print(ClientText.statusLines(output.report))
    }
}
