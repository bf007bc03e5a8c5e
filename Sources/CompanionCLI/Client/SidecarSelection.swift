/// How to reach the sidecar, as given on the command line (`nil` when not given): the values of ``SidecarOptions``
/// without ArgumentParser, so that a command run directly (``DirectCommand``) reaches the same sidecar.
struct SidecarSelection {
    var url: String?
    var timeoutOption: Double?

    /// The URL chosen for this run: `--url`, else `$COMPANION_SIDECAR_URL`; nil leaves the stored one (and, where a
    /// command has one, its fallback).
    var given: String? { url ?? CLISettings.environment("COMPANION_SIDECAR_URL") }

    /// `--timeout`, else the settings file's `timeout`, else 10 seconds.
    var timeout: Double { timeoutOption ?? CLISettings.checked.timeout ?? 10 }
}
