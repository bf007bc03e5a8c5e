import ArgumentParser
import CompanionAPI
import Foundation

/// `companion sidecar devices revoke ID`.
struct SidecarDevicesRevokeCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "revoke", abstract: "Stop trusting a device at once (its next request is refused).",
        discussion: """
            Examples:
              companion sidecar devices revoke 3f2a9c1d77b0e5134f2a9c1d77b0e513
              companion sidecar devices revoke "$ID" --json
            """)

    @Argument(help: "The device's id (see `companion sidecar devices list`).")
    var id: String

    @OptionGroup var owner: OwnerOptions

    func execute() async throws {
        try await ClientRun.run(json: owner.json) {
            let answer = try await owner.control.revoke(id: id)
            if owner.json { return try OutputFormatter.printJSON(answer) }
            ClientText.print(["Revoked \(Terminal.safe(answer.revoked)): its requests are refused from now on."])
        }
    }
}
