import CompanionSidecar

extension SidecarServiceError: CLIFailureConvertible {
    var cliFailure: CLIFailure { CLIFailure(.failure, message, hint: hint) }
}
