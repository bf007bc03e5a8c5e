import ArgumentParser
import CompanionAPI
import Foundation

/// `companion sidecar audit`: the newest rows of the sidecar's audit log.
struct SidecarAuditCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit", abstract: "Show the sidecar's audit log: pairings, failed attempts, revocations.",
        discussion: """
            Examples:
              companion sidecar audit
              companion sidecar audit --limit 500 --json
            """)

    @Option(help: "How many of the newest rows to show (1 to 10000).")
    var limit = 50

    @OptionGroup var owner: OwnerOptions
    @Flag(help: "Show whole ids and details, however wide the terminal.") var wide = false

    func execute() async throws {
        try await ClientRun.run(json: owner.json) {
            let audit = try await owner.control.audit(limit: limit)
            if owner.json { return try Terminal.printJSON(audit) }
            ClientText.print(Self.table(audit.entries, width: wide ? nil : Terminal.columns))
        }
    }

    static func table(_ entries: [OwnerAuditEntry], width: Int?) -> [String] {
        guard !entries.isEmpty else { return ["The audit log is empty."] }
        let rows = entries.map { entry in
            [
                Timestamp.string(from: entry.at), Terminal.safe(entry.event), Terminal.safe(entry.deviceId ?? "-"),
                Terminal.safe(entry.peer ?? "-"), Terminal.safe(entry.detail ?? ""),
            ]
        }
        return TableFit.render(header: ["TIME", "EVENT", "DEVICE", "PEER", "DETAIL"], rows: rows, width: width)
    }
}
