import ArgumentParser
import CompanionSidecar
import Foundation

/// Options of the owner commands (`companion sidecar devices …`, `companion sidecar audit`).
struct OwnerOptions: ParsableArguments {
    @Option(
        name: .customLong("data-dir"),
        help:
            "The sidecar's data directory (default: [sidecar] data-dir in the settings file, else ~/.local/share/companionkit/sidecar).",
        completion: .directory)
    var dataDir: String?

    @Flag(help: "Print JSON on standard output (errors too).")
    var json = false

    /// Control of the sidecar serving (or last served) from the data directory: `--data-dir`, else the settings
    /// file's `[sidecar] data-dir`, else the default; an invalid settings file is a usage failure.
    var control: OwnerControl {
        get throws { try Self.control(dataDir: dataDir) }
    }

    /// The owner control of the data directory `dataDir` (an option's value), resolved as ``control`` says; shared
    /// with `companion sidecar pair`, whose pairings with control or admin go through the owner socket.
    static func control(dataDir: String?) throws -> OwnerControl {
        let directory = try CLISettings.resolution().resolve(.sidecarDataDirectory, option: dataDir)?.value
        return OwnerControl(
            dataDirectory: directory.map { URL(fileURLWithPath: $0) } ?? SidecarConfiguration.defaultDataDirectory(),
            auditKey: { SidecarIdentity.ownerAuditKey() })
    }
}
