import CompanionSidecar

extension OwnerControlError: CLIFailureConvertible {
    /// The documented exit status of each kind (docs/exit-codes.md).
    var cliFailure: CLIFailure {
        let status: ExitStatus =
            switch kind {
            case .noDataDirectory: .failure
            case .unreachable: .network
            case .refused, .notFound, .badAnswer: .server
            case .invalidInput: .usage
            }
        return CLIFailure(status, message, hint: hint)
    }
}
