import ArgumentParser

/// `companion sidecar devices`: the workstation owner's view of the trusted devices, without pairing.
struct SidecarDevicesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: "List, revoke or scope the devices this workstation's sidecar trusts (no pairing needed).",
        discussion: """
            Works through the running sidecar's owner socket (owner.sock in its data directory, mode 0600, \
            only your user: the kernel's peer credentials are checked), so a revocation takes effect at once. \
            When no sidecar runs, the registry is changed directly, under the data directory's lock.
            """,
        subcommands: [
            SidecarDevicesListCommand.self, SidecarDevicesRevokeCommand.self, SidecarDevicesScopeCommand.self,
        ])
}
