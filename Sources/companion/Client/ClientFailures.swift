import CompanionAPI
import CompanionClient
import CompanionPairing
import Foundation

/// Maps library errors to one-line ``CLIFailure``s with documented exit codes.
enum ClientFailures {
    /// Server error codes that mean the pairing itself failed (exit `pairing`).
    static let pairingCodes: Set<String> = [
        "wrong_code", "wrong_token", "invalid_code_format", "pairing_expired", "pairing_used", "pairing_burned",
        "no_active_pairing",
    ]

    /// The CLI failure for `error`; errors of unknown kinds pass through unchanged to the top-level handler.
    static func failure(for error: any Error) -> any Error {
        switch error {
        case let failure as CLIFailure: failure
        case let error as CompanionClientError: failure(for: error)
        case let error as PairingFailure: failure(for: error)
        case let convertible as any CLIFailureConvertible: convertible.cliFailure
        default: error
        }
    }

    static func failure(for error: CompanionClientError) -> CLIFailure {
        switch error {
        case .network: return CLIFailure(.network, error.description, hint: error.retryGuidance)
        case .server(let status, let code, _):
            if let code, pairingCodes.contains(code) {
                return CLIFailure(.pairing, error.description, hint: error.retryGuidance)
            }
            if status == 401 || code == "unauthorized" {
                return CLIFailure(.notPaired, error.description, hint: "this device is not trusted: pair it again")
            }
            return CLIFailure(.server, error.description, hint: error.retryGuidance)
        case .validation(let failure): return CLIFailure(.usage, failure.description, hint: failure.hint)
        case .malformedResponse: return CLIFailure(.server, error.description, hint: error.retryGuidance)
        }
    }

    static func failure(for error: PairingFailure) -> CLIFailure {
        switch error {
        case .invalidCode: CLIFailure(.usage, error.description, hint: ValidationFailure.invalidCode.hint)
        case .invalidDeviceName: CLIFailure(.usage, error.description, hint: ValidationFailure.invalidDeviceName.hint)
        case .invalidPayload(let payloadError):
            CLIFailure(
                .pairing, "not a pairing QR code: \(payloadError)",
                hint: "scan the QR code that `companion sidecar pair` shows on the workstation")
        case .notConnected:
            CLIFailure(
                .pairing, error.description, hint: "try again; if it persists, start a new pairing on the workstation")
        case .rejected(let code, _):
            CLIFailure(code.map { pairingCodes.contains($0) } == true ? .pairing : .server, error.description)
        case .unreachable: CLIFailure(.network, error.description, hint: NetworkFailure.refused.retryGuidance)
        case .malformedResponse: CLIFailure(.server, error.description)
        }
    }

    /// The failure for a code whose time is up.
    static func expired(_ ticket: PairingTicket?) -> CLIFailure {
        let when = ticket?.expiresAt.map { " at \(Timestamp.string(from: $0))" } ?? ""
        return CLIFailure(
            .pairing, "the pairing code has expired\(when)",
            hint: "start a new pairing on the workstation (companion sidecar pair) and retry with the new code")
    }

    /// A short stable name for an exit status (its case name, e.g. `notPaired`), used in `--json` error output.
    static func name(of status: ExitStatus) -> String {
        String(describing: status)
    }
}
