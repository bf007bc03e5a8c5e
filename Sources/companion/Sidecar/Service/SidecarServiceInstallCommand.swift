import ArgumentParser
import CompanionSidecar
import Foundation

/// `companion sidecar service install`.
struct SidecarServiceInstallCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "install", abstract: "Write the systemd user unit, then enable and start it.",
        discussion: """
            Examples:
              companion sidecar service install --passphrase-file ~/.config/companion/passphrase
              companion sidecar service install --host 0.0.0.0 --passphrase-file ~/.config/companion/passphrase
              systemd-creds encrypt --user --name=vault-passphrase plain.txt ~/.config/companion/passphrase.cred
              companion sidecar service install --encrypted-credential ~/.config/companion/passphrase.cred
              companion sidecar service install --vault secret-service --no-start
            """)

    @Option(help: "Address the service binds (default 127.0.0.1: this machine only).")
    var host: String?
    @Option(help: "Port the service binds (default 7878).")
    var port: Int?
    @Option(name: .customLong("data-dir"), help: "The sidecar's data directory.", completion: .directory)
    var dataDir: String?
    @Option(name: .customLong("public-url"), help: "Base URL phones reach the sidecar at (put in the QR code).")
    var publicURL: String?
    @Option(
        name: .customLong("passphrase-file"), help: "A 0600 file holding the file vault's passphrase.",
        completion: .file())
    var passphraseFile: String?
    @Option(
        name: .customLong("encrypted-credential"), help: "The passphrase encrypted by `systemd-creds encrypt`.",
        completion: .file())
    var encryptedCredential: String?
    @Option(
        help: ArgumentHelp("The vault the service reads its identity from.", valueName: "file|secret-service"),
        completion: .list(["file", "secret-service"]))
    var vault = "file"
    @Option(help: "The vault profile (default: \"default\").")
    var profile: String?
    @Flag(name: .customLong("no-start"), help: "Only write the unit file; do not enable or start it.")
    var noStart = false
    @Flag(help: "Print JSON (errors too).") var json = false

    func execute() async throws {
        try await ClientRun.run(json: json) {
            guard vault == "file" || vault == "secret-service" else {
                throw CLIFailure(.usage, "--vault must be file or secret-service", hint: "the default is file")
            }
            guard passphraseFile == nil || encryptedCredential == nil else {
                throw CLIFailure(
                    .usage, "give --passphrase-file or --encrypted-credential, not both", hint: "pick one")
            }
            if vault == "file", passphraseFile == nil, encryptedCredential == nil {
                throw CLIFailure(
                    .usage, "a service has no terminal to ask the file vault's passphrase on",
                    hint: "pass --passphrase-file FILE (mode 0600) or --encrypted-credential FILE (systemd-creds)")
            }
            var arguments: [String] = []
            if let host { arguments += ["--host", host] }
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
            if json { return try Terminal.printJSON(status) }
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
