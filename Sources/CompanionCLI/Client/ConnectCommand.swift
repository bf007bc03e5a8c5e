import ArgumentParser
import CompanionAPI
import CompanionKit
import Foundation

/// `companion connect URL`: the onboarding screen's "Check Mac Status", then remembering the URL.
struct ConnectCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "connect",
        abstract: "Check a sidecar (GET /health, GET /companion/status) and store its URL in the vault.",
        discussion: """
            Plain http:// is accepted for loopback and private-network addresses (10/8, 172.16/12, 192.168/16, \
            169.254/16, fc00::/7, fe80::/10, localhost, *.local); anything else needs https://. Without a URL, the \
            URL in $COMPANION_SIDECAR_URL, else the settings file's sidecar-url, else the one workstation advertising \
            a sidecar on this network (discovery; several: a numbered question on a terminal, else the list and exit 64).

            Examples:
              companion connect http://192.168.1.20:7878
              companion connect http://127.0.0.1:7878 --json
              companion connect
              companion connect http://192.168.1.30:7878 --yes

            Replacing a stored URL with a different one asks first, on the terminal (y or yes); --yes answers
            for you. Nothing is stored when the answer is no (exit 1), nor without a terminal to ask on and
            without --yes (exit 64).
            """)

    @Argument(
        help:
            "The sidecar's base URL, e.g. http://192.168.1.20:7878 (default: $COMPANION_SIDECAR_URL, the settings file's sidecar-url, else discovered on the LAN)."
    )
    var url: String?

    @Option(
        name: .long,
        help: "Seconds to wait for each answer from the sidecar (default 10, or `timeout` in the settings file).")
    var timeout: Double?

    @Flag(help: "Replace the stored workstation URL with a different one without asking.") var yes = false

    @OptionGroup var output: OutputOptions
    @OptionGroup var vault: VaultOptions

    /// The `--json` shape.
    struct Output: Encodable {
        var ok = true
        var sidecarURL: String
        var health: HealthResponse?
        var status: CompanionStatusResponse
        var saved = true

        private enum CodingKeys: String, CodingKey { case ok, sidecarURL, health, status, saved }

        /// Absent values are written as `null`, so the shape never changes.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(ok, forKey: .ok)
            try container.encode(sidecarURL, forKey: .sidecarURL)
            try container.encode(health, forKey: .health)
            try container.encode(status, forKey: .status)
            try container.encode(saved, forKey: .saved)
        }
    }

    func execute() async throws {
        try await ClientRun.run(json: output.json) {
            let settings = try CLISettings.resolution()
            let companion = Companion(vault: try vault.open(), timeout: SidecarSelection.timeout(option: timeout))
            var target = settings.resolve(.sidecarURL, option: url, optionName: "--url")?.value
            if target == nil {
                target = try await Companion.discoverOne(
                    timeout: 3, choose: WorkstationChooser.onTerminal(json: output.json)
                ).url
            }
            try confirmReplacing(try companion.store.sidecarURL(), with: try Companion.normalizedURL(target ?? ""))
            let report = try await companion.connect(target ?? "")
            if let health = report.health, !report.isCompanionSidecar {
                Terminal.printWarning(
                    "this server calls itself '\(Terminal.safe(health.service))', not a CompanionKit sidecar")
            }
            if output.json {
                try OutputFormatter.printJSON(
                    Output(sidecarURL: report.sidecarURL, health: report.health, status: report.status.response))
                return
            }
            var lines: [String] = []
            if let health = report.health {
                lines.append(
                    "Sidecar reachable: \(Terminal.safe(health.service)) \(Terminal.safe(health.version)), "
                        + "protocol \(Terminal.safe(health.protocol)) v\(health.protocolVersion)")
            }
            lines += ClientText.statusLines(report.status)
            lines.append(
                "Saved as this companion's sidecar. Next: companion pair scan IMAGE, or companion pair code CODE")
            ClientText.print(lines)
        }
    }

    /// AC-12.7: a stored URL is only replaced by a different one when the person says so (or `--yes`). Without a
    /// terminal to ask on (standard input or standard error not a terminal) nobody can say so: refused with
    /// exit 64, nothing changed, as `--yes` is then the only way.
    private func confirmReplacing(_ stored: String?, with target: String) throws {
        guard let stored, stored != target, !yes else { return }
        guard CommandContext.current.input.isTerminal, Terminal.stderrIsTTY else {
            throw CLIFailure(
                .usage,
                "the stored workstation URL (\(Terminal.safe(stored))) was not changed: replacing it needs a "
                    + "confirmation, and there is no terminal to ask on",
                hint: "run `companion connect \(Terminal.safe(target)) --yes` to replace it")
        }
        let question =
            "This companion's workstation is \(Terminal.safe(stored)).\n"
            + "Replace it with \(Terminal.safe(target))? [y/N] "
        writeStandardError(question)
        let answer = CommandContext.current.input.readLine(true)?.trimmingCharacters(in: .whitespaces).lowercased()
        guard answer == "y" || answer == "yes" else {
            throw CLIFailure(
                .failure, "the stored workstation URL was not changed (still \(Terminal.safe(stored)))",
                hint: "run `companion connect \(Terminal.safe(target)) --yes` to replace it")
        }
    }
}
