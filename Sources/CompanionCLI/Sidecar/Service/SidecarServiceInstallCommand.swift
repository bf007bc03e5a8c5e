import ArgumentParser
import CompanionSidecar
import Foundation

/// `companion sidecar service install`.
struct SidecarServiceInstallCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "install", abstract: "Write the systemd user unit, then enable and start it.",
        discussion: """
            Examples:
              companion sidecar service install --passphrase-file ~/.config/companionkit/passphrase
              companion sidecar service install --host 127.0.0.1 --host 192.168.1.20 --passphrase-file ~/.config/companionkit/passphrase
              systemd-creds encrypt --user --name=vault-passphrase plain.txt ~/.config/companionkit/passphrase.cred
              companion sidecar service install --encrypted-credential ~/.config/companionkit/passphrase.cred
              companion sidecar service install --vault secret-service --no-start

            The vault, profile and passphrase file come from the options, else the environment (COMPANION_VAULT, \
            COMPANION_PROFILE, COMPANION_VAULT_PASSPHRASE_FILE), else the settings file (vault, profile, \
            passphrase-file), else the file vault of the default profile. A service has no desktop session, so \
            `auto` means the file vault here.
            """)

    @Option(help: "Address the service listens on, repeatable (default 127.0.0.1: this machine only; HTTPS elsewhere).")
    var host: [String] = []
    @Option(help: "Port the service binds (default 7878).")
    var port: Int?
    @Option(name: .customLong("data-dir"), help: "The sidecar's data directory.", completion: .directory)
    var dataDir: String?
    @Option(name: .customLong("public-url"), help: "Base URL phones reach the sidecar at (put in the QR code).")
    var publicURL: String?
    @Option(
        name: .customLong("passphrase-file"),
        help:
            "A 0600 file holding the file vault's passphrase (default: $COMPANION_VAULT_PASSPHRASE_FILE, the settings file's passphrase-file).",
        completion: .file())
    var passphraseFile: String?
    @Option(
        name: .customLong("encrypted-credential"), help: "The passphrase encrypted by `systemd-creds encrypt`.",
        completion: .file())
    var encryptedCredential: String?
    @Option(
        help: ArgumentHelp(
            "The vault the service reads its identity from (default: $COMPANION_VAULT, the settings file's vault, else file).",
            valueName: "file|secret-service"),
        completion: .list(["file", "secret-service"]))
    var vault: String?
    @Option(help: "The vault profile (default: $COMPANION_PROFILE, the settings file's profile, else \"default\").")
    var profile: String?
    @Flag(name: .customLong("no-start"), help: "Only write the unit file; do not enable or start it.")
    var noStart = false
    @Flag(help: "Print JSON (errors too).") var json = false

    func execute() async throws {
        try await ClientRun.run(json: json) {
            let settings = try CLISettings.resolution()
            // The service's default is the file vault (a service has no desktop session to unlock a keyring in).
            let chosenVault = settings.resolve(.vault, option: self.vault, optionName: "--vault", default: "file").value
            let vault = chosenVault == "auto" ? "file" : chosenVault
            guard vault == "file" || vault == "secret-service" else {
                throw CLIFailure(
                    .usage, "the service's vault must be file or secret-service (got \"\(Terminal.safe(vault))\")",
                    hint: "pass --vault file or --vault secret-service (the default is file)")
            }
            let profile = settings.resolve(.profile, option: self.profile, optionName: "--profile")?.value
            // An encrypted credential given on the command line beats a passphrase file from elsewhere.
            let passphraseFile =
                self.passphraseFile
                ?? (encryptedCredential == nil ? settings.resolve(.passphraseFile)?.value : nil)
            guard passphraseFile == nil || encryptedCredential == nil else {
                throw CLIFailure(
                    .usage, "give --passphrase-file or --encrypted-credential, not both", hint: "pick one")
            }
            if vault == "file", passphraseFile == nil, encryptedCredential == nil {
                throw CLIFailure(
                    .usage, "a service has no terminal to ask the file vault's passphrase on",
                    hint:
                        "pass --passphrase-file FILE (mode 0600) or --encrypted-credential FILE (systemd-creds), or set "
                        + "passphrase-file in the settings file")
            }
            var arguments: [String] = []
            for host in host { arguments += ["--host", host] }
            if let port { arguments += ["--port", String(port)] }
            if let dataDir { arguments += ["--data-dir", Self.absolute(dataDir)] }
            if let publicURL { arguments += ["--public-url", publicURL] }
            let passphrase: SidecarUnit.PassphraseFile? =
                passphraseFile.map { .plain(Self.absolute($0)) }
                ?? encryptedCredential.map { .encrypted(Self.absolute($0)) }
            let unit = SidecarUnit(
                executable: Self.executablePath(), serveArguments: arguments, vault: vault, profile: profile,
                passphrase: passphrase)
            let status = try await SidecarService().install(unit, start: !noStart)
            if json { return try OutputFormatter.printJSON(status) }
            ClientText.print(SidecarServiceStatusCommand.lines(status))
        }
    }

    static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: (path as NSString).expandingTildeInPath).standardizedFileURL.path
    }

    /// This executable's absolute path (`/proc/self/exe`), so the unit runs the same `companion`.
    static func executablePath() -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }
}
