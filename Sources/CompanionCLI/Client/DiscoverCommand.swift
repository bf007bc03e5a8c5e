import ArgumentParser
import CompanionDiscovery
import CompanionKit

/// `companion discover`: the workstations advertising a sidecar on the LAN (DNS-SD through avahi-daemon).
struct DiscoverCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "discover",
        abstract: "List the workstations whose sidecar advertises itself on this network.",
        discussion: """
            Browses _companion._tcp through avahi-daemon for --timeout seconds. Exits 0 with what was found (also \
            when nothing was), 4 when avahi-daemon cannot be reached.

            Examples:
              companion discover
              companion discover --timeout 5 --json
              companion discover --first
            """)

    @Option(help: "Seconds to listen for answers.")
    var timeout: Double = 3

    @Flag(help: "Stop at the first workstation found.")
    var first = false

    @OptionGroup var output: OutputOptions

    func validate() throws {
        guard timeout > 0, timeout <= 60 else { throw ValidationError("--timeout must be between 0 and 60 seconds") }
    }

    struct Output: Encodable {
        var ok = true
        var workstations: [DiscoveryRecord]
    }

    func execute() async throws {
        try await ClientRun.run(json: output.json) {
            let found = try await Companion.discover(timeout: timeout, firstOnly: first)
            if output.json { return try OutputFormatter.printJSON(Output(workstations: found)) }
            guard !found.isEmpty else { return ClientText.print(["No workstation found (listened \(timeout) s)."]) }
            ClientText.print(
                found.map { record in
                    let name = Terminal.safe(record.workstation ?? record.instance)
                    let version = record.pairingVersion.map { " pairing v\($0)" } ?? ""
                    let key = record.shortFingerprint.map { " key \(Terminal.safe($0))" } ?? ""
                    return "\(name)  \(Terminal.safe(record.url))\(version)\(key)"
                })
        }
    }
}
