import ArgumentParser
import CompanionAPI
import Foundation

/// `companion sidecar audit [--verify]`: the newest rows of the sidecar's audit log, and its hash chain checked.
struct SidecarAuditCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit",
        abstract: "Show the sidecar's audit log (pairings, revocations, approvals, input sent); --verify checks it.",
        discussion: """
            Works on the workstation without pairing, through the running sidecar's owner socket or, when none \
            runs, on its registry directly. Every row carries a hash of its content and of the row before it: \
            --verify recomputes the chain and exits 1 naming the first row that was changed or removed, or 15 \
            when keyed rows could not be checked because the sidecar's audit key is not available (its vault is \
            locked or another profile is used): that is not "intact". Rows \
            removed at the very end cannot be detected from the log alone: keep the last hash (printed by \
            --verify) somewhere else to compare.

            Examples:
              companion sidecar audit
              companion sidecar audit --limit 500 --json
              companion sidecar audit --verify
            """)

    @Option(help: "How many of the newest rows to show (1 to 10000).")
    var limit = 50

    @Flag(help: "Check the hash chain of the whole log.") var verify = false

    @OptionGroup var owner: OwnerOptions
    @Flag(help: "Show whole ids and details, however wide the terminal.") var wide = false

    struct Output: Encodable {
        var ok = true
        var entries: [OwnerAuditEntry]
        var verification: OwnerAuditVerification?
    }

    func execute() async throws {
        try await ClientRun.run(json: owner.json) {
            let audit = try await owner.control.audit(limit: limit)
            let verification = verify ? try await owner.control.verifyAudit() : nil
            let broken = verification?.firstBrokenRow != nil
            let unchecked = verification?.uncheckedKeyedRows ?? 0
            if owner.json {
                // A broken or unverified chain is reported as the one JSON error document below.
                if !broken && unchecked == 0 {
                    try OutputFormatter.printJSON(Output(entries: audit.entries, verification: verification))
                }
            } else {
                ClientText.print(Self.table(audit.entries, width: wide ? nil : Terminal.columns))
                if let verification, verification.intact, unchecked == 0 {
                    print(
                        "chain intact: \(verification.checkedRows) rows, last hash \(verification.lastHash ?? "-")")
                    print(Self.keyNote(verification))
                }
            }
            if let verification, let row = verification.firstBrokenRow {
                throw CLIFailure(
                    .failure,
                    "the audit log was changed at row \(row): \(Terminal.safe(verification.problem ?? "unknown"))",
                    hint: "the rows from \(row) on cannot be trusted; restore registry.sqlite from a backup")
            }
            if let verification, unchecked > 0 { throw Self.unverified(verification) }
        }
    }

    /// No break found, but keyed rows were not checked: anyone can make a chain that passes this far, so it is not
    /// reported as intact (exit ``ExitStatus/auditUnverified``).
    static func unverified(_ verification: OwnerAuditVerification) -> CLIFailure {
        CLIFailure(
            .auditUnverified,
            "the audit log is not verified: \(verification.uncheckedKeyedRows ?? 0) of its \(verification.checkedRows) "
                + "rows are keyed with the sidecar's audit key, which is not available here, so they were not checked",
            hint: "unlock the vault holding the sidecar's identity, or run this as the sidecar's vault profile "
                + "(COMPANION_SIDECAR_PROFILE, or while the sidecar runs), then run `companion sidecar audit --verify` "
                + "again")
    }

    /// What the verification could prove about who wrote the rows.
    static func keyNote(_ verification: OwnerAuditVerification) -> String {
        let keyed = verification.keyedRows ?? 0
        let unchecked = verification.uncheckedKeyedRows ?? 0
        if keyed == 0 {
            return "no row is keyed: the log has no audit key (anyone who can write the file can recompute its "
                + "hashes); `companion sidecar serve` with a vault keys every new row"
        }
        if unchecked > 0 {
            return "\(unchecked) keyed rows not checked: the sidecar's audit key was not available (run this while "
                + "the sidecar runs, or with its vault unlocked)"
        }
        return "\(keyed) of \(verification.checkedRows) rows keyed with the sidecar's audit key and checked with it"
    }

    /// The rows as a table; HASH is the row's chain hash (its first 16 hex digits; whole with --wide or --json).
    static func table(_ entries: [OwnerAuditEntry], width: Int?) -> [String] {
        guard !entries.isEmpty else { return ["The audit log is empty."] }
        let rows = entries.map { entry in
            [
                Timestamp.string(from: entry.at), Terminal.safe(entry.event), Terminal.safe(entry.deviceId ?? "-"),
                Terminal.safe(entry.peer ?? "-"), Terminal.safe(shortHash(entry.hash, whole: width == nil)),
                Terminal.safe(entry.detail ?? ""),
            ]
        }
        return TableFit.render(
            header: ["TIME", "EVENT", "DEVICE", "PEER", "HASH", "DETAIL"], rows: rows, width: width)
    }

    static func shortHash(_ hash: String?, whole: Bool) -> String {
        guard let hash else { return "-" }
        let digits = hash.hasPrefix("hmac-sha512:") ? String(hash.dropFirst("hmac-sha512:".count)) : hash
        return whole ? hash : String(digits.prefix(16))
    }
}
