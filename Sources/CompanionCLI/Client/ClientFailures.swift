import CompanionAPI
import CompanionKit
import CompanionPairing
import CompanionQR
import CompanionVault

/// Maps library errors to one-line ``CLIFailure``s with documented exit codes. The decisions (which server
/// codes mean a failed pairing, what to do next) are the library's (``CompanionError``); this only picks
/// the exit code of each kind.
enum ClientFailures {
    /// The CLI failure for `error`; errors of unknown kinds pass through unchanged to the top-level handler.
    static func failure(for error: any Error) -> any Error {
        switch error {
        case let failure as CLIFailure: failure
        case let convertible as any CLIFailureConvertible: convertible.cliFailure
        case is PairingFailure, is PairingTransitionError:
            CompanionError.from(error).cliFailure
        default: error
        }
    }

    /// A short stable name for an exit status (its case name, e.g. `notPaired`), used in `--json` error output.
    static func name(of status: ExitStatus) -> String {
        status.name
    }
}

extension CompanionError: CLIFailureConvertible {
    /// The documented exit status of each kind.
    var exitStatus: ExitStatus {
        switch kind {
        case .failure: .failure
        case .vault: .vault
        case .network: .network
        case .server: .server
        case .pairing: .pairing
        case .notPaired: .notPaired
        case .trust: .trust
        case .invalidInput: .usage
        case .qrNotFound: .qrNotFound
        case .badImage: .badImage
        case .imageTooLarge: .imageTooLarge
        }
    }

    var cliFailure: CLIFailure { CLIFailure(exitStatus, message, hint: hint) }
}
