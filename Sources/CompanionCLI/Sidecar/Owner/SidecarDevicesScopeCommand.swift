import ArgumentParser
import CompanionAPI
import Foundation

/// `companion sidecar devices scope ID LIST`.
struct SidecarDevicesScopeCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "scope", abstract: "Set what a paired device may do (replaces its scopes; applies at once).",
        discussion: """
            Scopes: read (look), tasks (run tasks), chat (drive Claude Code and change its configuration), \
            control (agent sessions: type, start, remove, approve tool use), admin (revoke other devices, \
            reveal MCP secrets).

            Examples:
              companion sidecar devices scope 3f2a9c1d77b0e5134f2a9c1d77b0e513 read
              companion sidecar devices scope "$ID" read,tasks,chat,control --json
            """)

    @Argument(help: "The device's id (see `companion sidecar devices list`).")
    var id: String

    @Argument(
        help: "Comma-separated scopes: read, tasks, chat, control, admin.",
        completion: .list(DeviceScope.completionValues))
    var scopes: String

    @OptionGroup var owner: OwnerOptions

    func execute() async throws {
        try await ClientRun.run(json: owner.json) {
            let parsed: Set<DeviceScope>
            do { parsed = try DeviceScope.parse(scopes) } catch {
                throw CLIFailure(.usage, "\(error)", hint: "scopes: read, tasks, chat, control, admin")
            }
            let answer = try await owner.control.setScopes(parsed, id: id)
            if owner.json { return try OutputFormatter.printJSON(answer) }
            ClientText.print(["\(Terminal.safe(answer.device)) may now: \(Terminal.safe(answer.scopes))."])
        }
    }
}
