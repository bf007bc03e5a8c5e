import ArgumentParser
import CompanionVault
import Foundation

/// `companion keys audit`: every stored item with its metadata and storage, plus warnings.
struct KeysAudit: BlockingCompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit",
        abstract: "Report every stored credential: kind, algorithm, fingerprint, dates, last use, storage, warnings.",
        discussion: """
            Examples:
              companion keys audit
              companion keys audit --rotation-age 180 --json
            """)

    @OptionGroup var vaultOptions: VaultOptions
    @Option(help: "Warn about keys older than this many days.") var rotationAge = 365
    @Flag(help: "Print JSON.") var json = false

    func execute() throws {
        let vault = try vaultOptions.openTracked()
        let report = try VaultAuditReport.build(
            vault: vault, profile: vaultOptions.profileName, rotationAgeDays: rotationAge)
        if json { return try OutputFormatter.printJSON(report) }
        print("Vault: \(report.backend), profile \(report.profile)")
        for line in backendLines(report.vault) { print("  \(line)") }
        print("")
        if report.items.isEmpty {
            print("No items. Run `companion keys init` to create the device identity.")
        } else {
            let rows = report.items.map { item in
                [
                    item.name, item.kind, item.algorithm ?? "-", item.fingerprint ?? "-",
                    AuditFormat.date(item.created),
                    AuditFormat.date(item.modified), AuditFormat.date(item.lastUsed), item.collection,
                    item.locked ? "locked" : "unlocked",
                ]
            }
            let header = [
                "NAME", "KIND", "ALG", "FINGERPRINT", "CREATED", "MODIFIED", "LAST USED", "STORED IN", "STATE",
            ]
            for line in AuditFormat.table(header, rows) { print(line) }
        }
        for retired in report.retiredIdentities {
            print("retired identity \(retired.fingerprint) on \(AuditFormat.date(retired.retired))")
        }
        print("")
        if report.warnings.isEmpty { print("No warnings.") }
        for warning in report.warnings { print(Terminal.styled("warning: ", "33") + warning) }
    }

    private func backendLines(_ facts: VaultReport) -> [String] {
        var lines: [String] = []
        if let algorithm = facts.sessionAlgorithm { lines.append("transfer session: \(algorithm)") }
        if let label = facts.defaultCollection {
            lines.append(
                "default collection: \(label) (\(facts.defaultCollectionLocked == true ? "locked" : "unlocked"))")
        }
        if let file = facts.file {
            lines.append("file: \(file.path)\(file.exists ? "" : " (not created yet)")")
            if let mode = file.fileMode { lines.append("file permissions: \(AuditFormat.mode(mode))") }
            if let mode = file.directoryMode { lines.append("directory permissions: \(AuditFormat.mode(mode))") }
            if let version = file.formatVersion { lines.append("format version: \(version)") }
            let kdf = file.kdfParameters.map { "\($0)" } ?? "unknown"
            lines.append("key derivation: \(file.kdf) \(kdf); cipher: \(file.cipher)")
        }
        return lines
    }
}
