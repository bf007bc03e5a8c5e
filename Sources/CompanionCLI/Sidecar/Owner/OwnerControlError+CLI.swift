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

extension AuditKeyMissing: CLIFailureConvertible {
    /// Exit 3 (the vault): the key is in the sidecar's vault profile.
    var cliFailure: CLIFailure {
        CLIFailure(
            .vault, "the audit log is keyed and the sidecar's audit key could not be read, so nothing was changed",
            hint: "start the sidecar (the change then goes through it), or unlock its vault profile "
                + "(COMPANION_SIDECAR_PROFILE, default \"sidecar\") and try again")
    }
}
