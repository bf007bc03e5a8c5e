import ArgumentParser
import CompanionSidecar

/// `companion sidecar service uninstall`.
struct SidecarServiceUninstallCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "uninstall", abstract: "Stop and disable the service and remove its unit file.",
        discussion: """
            The data directory (devices, audit log) and the vault are kept.

            Examples:
              companion sidecar service uninstall
            """)

    @Flag(help: "Print JSON (errors too).") var json = false

    struct Output: Encodable {
        var ok = true
        var removed: Bool
        var unitPath: String
    }

    func execute() async throws {
        try await ClientRun.run(json: json) {
            let service = SidecarService()
            let removed = try await service.uninstall()
            if json { return try OutputFormatter.printJSON(Output(removed: removed, unitPath: service.unitPath.path)) }
            ClientText.print([
                removed ? "Removed \(service.unitPath.path); the service is stopped." : "No service was installed."
            ])
        }
    }
}
