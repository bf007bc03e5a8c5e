import CompanionAPI
import CompanionKit
import CompanionPairing
import CompanionVault

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
                // Signed when this device is paired with this sidecar: a revoked device learns it here (exit 7).
                let report = try await companion.status(url: sidecar.given)
                if let witness = report.auditWitness, witness.diverged { throw Self.diverged(witness) }
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

    /// A rollback or fork of the sidecar's audit log (exit ``ExitStatus/auditDiverged``).
    static func diverged(_ witness: AuditWitness) -> CLIFailure {
        CLIFailure(
            .auditDiverged, "audit log \(witness.finding.rawValue): \(Terminal.safe(witness.message))",
            hint: "on the workstation run `companion sidecar audit --verify` and check the sidecar's data directory; "
                + "if in doubt, revoke and pair this device again (its new pairing starts a new witness)")
    }

    private func show(_ output: StatusCommand.Output) throws {
        if json { return try Terminal.printJSON(output) }
        ClientText.print(ClientText.statusLines(output.report))
    }
}
