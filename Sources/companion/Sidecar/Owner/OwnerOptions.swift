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

    /// Control of the sidecar serving (or last served) from the data directory.
    var control: OwnerControl {
        OwnerControl(
            dataDirectory: (dataDir ?? CLISettings.lenient.sidecar.dataDirectory).map { URL(fileURLWithPath: $0) }
                ?? SidecarConfiguration.defaultDataDirectory())
    }
}
