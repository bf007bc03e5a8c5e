import ArgumentParser

/// `companion sidecar service`: the sidecar as a systemd user service.
struct SidecarServiceCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "service",
        abstract: "Run the sidecar as a systemd user service (install, uninstall, status).",
        discussion: """
            The unit is ~/.config/systemd/user/companion-sidecar.service. It runs with no desktop session: the \
            identity key comes from the encrypted file vault, whose passphrase systemd hands over as a credential \
            (a 0600 file, or one encrypted with systemd-creds). To keep it running without a login session, run \
            `loginctl enable-linger $USER` once.
            """,
        subcommands: [
            SidecarServiceInstallCommand.self, SidecarServiceUninstallCommand.self, SidecarServiceStatusCommand.self,
        ])
}
