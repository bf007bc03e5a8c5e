import ArgumentParser

/// `--json`, shared by every client command.
struct OutputOptions: ParsableArguments {
    @Flag(name: .long, help: "Print machine-readable JSON on standard output (shapes in docs/cli.md).")
    var json = false
}

/// How to reach the sidecar, shared by the commands that talk to it.
struct SidecarOptions: ParsableArguments {
    @Option(
        name: .long,
        help: "Sidecar base URL, e.g. http://192.168.1.20:7878 (default: $COMPANION_SIDECAR_URL, else the stored one).")
    var url: String?

    @Option(
        name: .customLong("timeout"),
        help: "Seconds to wait for each answer from the sidecar (default 10, or `timeout` in the settings file).")
    var timeoutOption: Double?

    /// The parsed options as a plain value, which does the work.
    var selection: SidecarSelection { SidecarSelection(url: url, timeoutOption: timeoutOption) }

    /// The URL chosen for this run (``SidecarSelection/given``).
    var given: String? { selection.given }

    /// The timeout for each answer (``SidecarSelection/timeout``).
    var timeout: Double { selection.timeout }

    func validate() throws {
        if let timeoutOption, !(timeoutOption > 0 && timeoutOption <= 300) {
            throw ValidationError("--timeout must be between 0 and 300 seconds")
        }
    }
}
