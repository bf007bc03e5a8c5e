/// How to reach the sidecar, as given on the command line (`nil` when not given): the values of ``SidecarOptions``
/// without ArgumentParser, so that a command run directly (``DirectCommand``) reaches the same sidecar.
struct SidecarSelection {
    var url: String?
    var timeoutOption: Double?

    /// The URL chosen for this run: `--url`, else `$COMPANION_SIDECAR_URL`; nil leaves the stored one (and, where a
    /// command has one, its fallback).
    var given: String? {
        let chosen = CLISettings.checked.resolve(.sidecarURL, option: url, optionName: "--url")
        return chosen?.origin.isGiven == true ? chosen?.value : nil
    }

    /// `--timeout`, else the settings file's `timeout`, else 10 seconds.
    var timeout: Double { Self.timeout(option: timeoutOption) }

    /// The timeout of a command with the `--timeout` option `option`.
    static func timeout(option: Double?) -> Double {
        CLISettings.checked.resolve(.timeout, option: option, optionName: "--timeout", default: 10).value
    }
}
