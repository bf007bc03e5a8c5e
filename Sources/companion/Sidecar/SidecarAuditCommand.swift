import ArgumentParser
import CompanionSidecar
import Foundation

/// `companion sidecar audit [--verify] [--limit N] [--json]`: the sidecar's audit log, and its hash chain checked.
struct SidecarAuditCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit",
        abstract: "Show the sidecar's audit log (pairings, revocations, approvals, input sent); --verify checks it.",
        discussion: """
            Every row carries a hash of its content and of the row before it. --verify recomputes the chain and \
            exits 1 naming the first row that was changed or removed. Removing rows at the very end cannot be \
            detected from the log alone: keep the last hash (printed by --verify) somewhere else to compare.
            """)

    @Option(
        name: .customLong("data-dir"),
        help: "The sidecar's data directory (default ~/.local/share/companionkit/sidecar).")
    var dataDir: String?
    @Flag(help: "Check the hash chain.") var verify = false
    @Option(help: "Show the last N rows (default 50).") var limit = 50
    @Flag(help: "Print JSON.") var json = false

    struct Output: Encodable {
        var rows: [AuditEntry]
        var verified: Bool?
        var checkedRows: Int?
        var firstBrokenRow: Int64?
        var problem: String?
        var lastHash: String?
    }

    func execute() async throws {
        guard limit >= 0 else { throw CLIFailure(.usage, "--limit must be 0 or more") }
        let directory = dataDir.map { URL(fileURLWithPath: $0) } ?? SidecarConfiguration.defaultDataDirectory()
        guard FileManager.default.fileExists(atPath: directory.appendingPathComponent(Registry.fileName).path) else {
            throw CLIFailure(
                .failure, "there is no sidecar registry in \(directory.path)",
                hint: "pass the sidecar's --data-dir, or start it once with `companion sidecar serve`")
        }
        let registry: Registry
        do { registry = try Registry(directory: directory) } catch let refusal as UnsafeDataDirectory {
            throw refusal.cliFailure
        }
        var output = Output(rows: Array(try await registry.auditLog().suffix(limit)))
        if verify {
            let report = try await registry.verifyAuditChain()
            output.verified = report.isIntact
            output.checkedRows = report.rows
            output.firstBrokenRow = report.firstBreak?.id
            output.problem = report.firstBreak?.problem
            output.lastHash = report.lastHash
        }
        if json {
            try Terminal.printJSON(output)
        } else {
            for row in output.rows {
                var line = "\(row.id ?? 0)  \(row.at.formatted(.iso8601))  \(row.event.rawValue)"
                if let device = row.deviceId { line += "  device=\(Terminal.safe(device))" }
                if let peer = row.peer { line += "  peer=\(Terminal.safe(peer))" }
                if let detail = row.detail { line += "  \(Terminal.safe(detail))" }
                print(line)
            }
            if let verified = output.verified {
                if verified {
                    print("chain intact: \(output.checkedRows ?? 0) rows, last hash \(output.lastHash ?? "-")")
                }
            }
        }
        if let id = output.firstBrokenRow {
            throw CLIFailure(
                .failure, "the audit log was tampered with at row \(id): \(output.problem ?? "")",
                hint: "the rows from \(id) on cannot be trusted")
        }
    }
}
