import CompanionAPI
import CompanionClient
import CompanionPairing
import CompanionQR
import CompanionVault

/// How the errors of the lower modules become ``CompanionError``s: one place decides which server codes
/// mean a failed pairing, which mean "not trusted", and what to do next.
extension CompanionError {
    /// Server error codes that mean the pairing itself failed.
    public static let pairingCodes: Set<String> = [
        "wrong_code", "wrong_token", "invalid_code_format", "pairing_expired", "pairing_used", "pairing_burned",
        "no_active_pairing",
    ]

    /// The failure `error` stands for; errors of unknown types become ``Kind/failure`` with a fixed message.
    public static func from(_ error: any Error) -> CompanionError {
        switch error {
        case let error as CompanionError: error
        case let error as CompanionClientError: from(error)
        case let error as PairingFailure: from(error)
        case let error as VaultError: from(error)
        case let error as QRDecodeError: from(error)
        case let error as PairingTransitionError:
            CompanionError(.failure, error.description, hint: "please report this with what you did")
        default:
            CompanionError(.failure, "unexpected error: \(error)", hint: "please report this with what you did")
        }
    }

    /// A client error: network, server (pairing codes and 401 singled out), invalid input, malformed answer.
    public static func from(_ error: CompanionClientError) -> CompanionError {
        switch error {
        case .network:
            return CompanionError(.network, error.description, hint: error.retryGuidance, clientError: error)
        case .server(let status, let code, _):
            if let code, pairingCodes.contains(code) {
                return CompanionError(.pairing, error.description, hint: error.retryGuidance, clientError: error)
            }
            if code == APIErrorCode.tlsKeyMismatch.rawValue {
                return CompanionError(
                    .trust, error.description,
                    hint: "someone between this device and the workstation presented another TLS certificate: pair on "
                        + "a network you trust, or scan the workstation's QR code (companion pair scan)",
                    clientError: error)
            }
            if status == 401 || code == "unauthorized" {
                return CompanionError(
                    .notPaired, error.description, hint: "this device is not trusted: pair it again",
                    clientError: error)
            }
            return CompanionError(.server, error.description, hint: error.retryGuidance, clientError: error)
        case .validation(let failure):
            return CompanionError(.invalidInput, failure.description, hint: failure.hint, clientError: error)
        case .malformedResponse:
            return CompanionError(.server, error.description, hint: error.retryGuidance, clientError: error)
        case .trust:
            return CompanionError(.trust, error.description, hint: error.retryGuidance, clientError: error)
        }
    }

    /// A pairing state machine failure.
    public static func from(_ error: PairingFailure) -> CompanionError {
        switch error {
        case .invalidCode:
            CompanionError(.invalidInput, error.description, hint: ValidationFailure.invalidCode.hint)
        case .invalidDeviceName:
            CompanionError(.invalidInput, error.description, hint: ValidationFailure.invalidDeviceName.hint)
        case .invalidPayload(let payloadError):
            CompanionError(
                .pairing, "not a pairing QR code: \(payloadError)",
                hint: "scan the QR code that `companion sidecar pair` shows on the workstation")
        case .notConnected:
            CompanionError(
                .pairing, error.description, hint: "try again; if it persists, start a new pairing on the workstation")
        case .rejected(let code, _):
            CompanionError(code.map { pairingCodes.contains($0) } == true ? .pairing : .server, error.description)
        case .unreachable: CompanionError(.network, error.description, hint: NetworkFailure.refused.retryGuidance)
        case .malformedResponse: CompanionError(.server, error.description)
        }
    }

    /// A vault failure; a bad profile or item name is invalid input.
    public static func from(_ error: VaultError) -> CompanionError {
        switch error {
        case .invalidProfile, .invalidItemName: CompanionError(.invalidInput, error.message, hint: error.hint)
        default: CompanionError(.vault, error.message, hint: error.hint)
        }
    }

    /// A QR image that could not be decoded.
    public static func from(_ error: QRDecodeError) -> CompanionError {
        let kind: Kind =
            switch error {
            case .notFound: .qrNotFound
            case .tooLarge, .fileTooLarge: .imageTooLarge
            case .unreadable, .empty, .notAnImage, .unsupported, .truncated, .corrupt, .zeroSize: .badImage
            case .libraryUnavailable: .failure
            }
        return CompanionError(kind, error.description, hint: error.hint)
    }

    /// The failure for a pairing code whose time is up.
    public static func expired(_ ticket: PairingTicket?) -> CompanionError {
        let when = ticket?.expiresAt.map { " at \(Timestamp.string(from: $0))" } ?? ""
        return CompanionError(
            .pairing, "the pairing code has expired\(when)",
            hint: "start a new pairing on the workstation (companion sidecar pair) and retry with the new code")
    }

    /// The failure for a code sent while the sidecar has no pairing open (none started, or it was cancelled,
    /// completed or replaced): not an expiry.
    public static let noActivePairing = CompanionError(
        .pairing, "the sidecar has no pairing in progress (none was started, or it was cancelled or already used)",
        hint: "start one on the workstation (companion sidecar pair) and use the code it shows")

    /// The failure for a command that needs a sidecar URL when none is given or stored.
    static let noSidecar = CompanionError(
        .notPaired, "no sidecar configured for this companion",
        hint: "run `companion connect URL` or pair with `companion pair scan IMAGE`, or pass --url")
}
