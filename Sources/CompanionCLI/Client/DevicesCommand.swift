import ArgumentParser

/// `companion devices`: the trusted devices screen.
struct DevicesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: "List the devices the sidecar trusts, or revoke one.",
        subcommands: [DevicesListCommand.self, DevicesRevokeCommand.self])
}
