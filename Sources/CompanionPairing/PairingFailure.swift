import CompanionAPI

/// Why a pairing attempt failed, in terms a person can act on.
public enum PairingFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The typed code is not exactly six digits (refused before any request).
    case invalidCode
    /// The scanned text is not a usable pairing payload (refused before any request).
    case invalidPayload(QRPayloadError)
    /// The chosen device name is not usable (refused before any request).
    case invalidDeviceName
    /// The sidecar answered `connected: false` (or no device): not a pairing, whatever the HTTP status.
    case notConnected
    /// The sidecar refused, with its error code (e.g. `wrong_code`) and message.
    case rejected(code: String?, message: String)
    /// The sidecar could not be reached.
    case unreachable(String)
    /// The sidecar's answer was not the contract's JSON.
    case malformedResponse(String)

    public var description: String {
        switch self {
        case .invalidCode: "the pairing code must be exactly 6 digits"
        case .invalidPayload(let error): error.description
        case .invalidDeviceName:
            "the device name must be 1 to \(DeviceNameRule.maxLength) characters of plain text on one line"
        case .notConnected: "the sidecar did not confirm the pairing (connected: false); this device is not paired"
        case .rejected(let code, let message): code.map { "\(message) (\($0))" } ?? message
        case .unreachable(let detail): detail
        case .malformedResponse(let detail): detail
        }
    }

    /// True when trying again with the same ticket can succeed (the problem was not the ticket).
    public var canRetrySameTicket: Bool {
        switch self {
        case .unreachable, .notConnected, .malformedResponse: true
        case .invalidCode, .invalidPayload, .invalidDeviceName, .rejected: false
        }
    }

    /// Server error codes meaning the code's time is up (the machine moves to ``PairingState/expired(_:)``).
    static let expiryCodes: Set<String> = ["pairing_expired", "no_active_pairing"]
}
