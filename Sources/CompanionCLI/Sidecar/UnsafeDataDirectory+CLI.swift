import CompanionSidecar

extension UnsafeDataDirectory: CLIFailureConvertible {
    /// Exit status 13 with the library's message and fix.
    var cliFailure: CLIFailure { CLIFailure(.unsafeDataDirectory, message, hint: hint) }
}
