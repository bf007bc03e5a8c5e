import ArgumentParser
import CompanionSidecar

/// `companion sidecar service status`.
struct SidecarServiceStatusCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "status", abstract: "Show whether the service is installed, enabled and running.",
        discussion: """
            Examples:
              companion sidecar service status
              companion sidecar service status --json
              journalctl --user -u companion-sidecar     # its log
            """)

    @Flag(help: "Print JSON.") var json = false

    func execute() async throws {
        try await ClientRun.run(json: json) {
            let status = await SidecarService().status()
            if json { return try OutputFormatter.printJSON(status) }
            ClientText.print(Self.lines(status))
        }
    }

    static func lines(_ status: SidecarService.Status) -> [String] {
        var lines = ["unit     \(status.unitPath) (\(status.installed ? "installed" : "not installed"))"]
        if let problem = status.managerProblem {
            lines.append("manager  not reachable: \(Terminal.safe(problem))")
            lines.append(
                "         (log in, or run `loginctl enable-linger $USER` once, then `systemctl --user daemon-reload`)")
        } else {
            lines.append("enabled  \(status.enabled ?? "-")")
            var state = "\(status.activeState ?? "-") (\(status.subState ?? "-"))"
            if let pid = status.mainPID { state += ", pid \(pid)" }
            lines.append("state    \(state)")
        }
        return lines
    }
}
