import CompanionAPI
import CompanionCrypto
import CompanionPairing
import Foundation

/// How the sidecar's identity was established at pairing time.
public enum SidecarVerification: Sendable, Equatable {
    /// The QR code named the sidecar's key fingerprint and the sidecar proved it holds that key.
    case pinnedByQRCode(fingerprint: String)
    /// Manual path: both sides showed this verification code and it was confirmed.
    case verificationCode(String)
    /// Pairing v2: the sidecar proved it knows the code (CPace key confirmation) and holds this key (its
    /// signature over the exchange); no verification code is needed.
    case codeExchange(fingerprint: String)
    /// The sidecar has no identity key, so nothing could be verified (a sidecar that is not CompanionKit's).
    case unverified
}

/// Decides whether to trust the sidecar that answered `pairing/complete` (see SECURITY.md), the defence
/// against a man in the middle:
/// - QR path: the answer must carry a pairing proof that verifies for this device and whose key has the
///   fingerprint scanned from the QR code; otherwise the pairing is refused.
/// - Manual path: both sides show a verification code derived from both keys; it must be confirmed (by the
///   person, or by the code the workstation showed, given in advance).
struct SidecarTrust {
    let verification: VerificationCheck

    /// The verified key (nil for a sidecar without identity on the manual path) and how it was verified.
    func verify(
        _ proof: PairingProof?, device: CompanionDevice, ticket: PairingTicket, deviceKey: Ed25519PublicKey
    ) async throws(CompanionError) -> (key: Ed25519PublicKey?, verification: SidecarVerification) {
        let verified = proof?.verify(deviceID: device.id, devicePublicKey: deviceKey.base64)
        if let pinned = ticket.fingerprint {
            guard let key = verified else {
                throw Self.refusal("the sidecar did not prove its identity (missing or invalid pairing proof)")
            }
            guard let scanned = Fingerprint(parsing: pinned), scanned.matches(key.fingerprint) else {
                throw Self.refusal(
                    "the sidecar that answered is not the one in the QR code (its key is \(key.fingerprint), "
                        + "the QR code names \(pinned.prefix(60)))")
            }
            return (key, .pinnedByQRCode(fingerprint: key.fingerprint.description))
        }
        guard let key = verified else {
            if proof != nil { throw Self.refusal("the sidecar's pairing proof does not verify") }
            return (nil, .unverified)
        }
        let code = VerificationCode.make(devicePublicKey: deviceKey, sidecarPublicKey: key)
        try await confirm(code)
        return (key, .verificationCode(code))
    }

    private func confirm(_ code: String) async throws(CompanionError) {
        switch verification {
        case .expected(let expected):
            guard Self.normalized(expected) == Self.normalized(code) else {
                throw Self.refusal("the verification code does not match the workstation's (\(code) here)")
            }
        case .ask(let ask):
            guard await ask(code) else {
                throw CompanionError(
                    .trust, "pairing not confirmed: the verification code was not accepted",
                    hint: "if the codes differ, someone may be in the middle: revoke this device on the workstation "
                        + "(companion sidecar devices revoke ID) and pair again; in scripts pass --verification-code CODE"
                )
            }
        }
    }

    /// Upper case, letters and digits only: `ab12-cd34` and `AB12CD34` are the same code.
    static func normalized(_ code: String) -> String {
        code.uppercased().filter { $0.isLetter || $0.isNumber }
    }

    static func refusal(_ message: String) -> CompanionError {
        CompanionError(
            .trust, "refusing to trust this pairing: \(message)",
            hint: "someone may be impersonating the workstation; on the workstation, revoke the device it just "
                + "registered (companion sidecar devices list, then revoke ID) and start a new pairing")
    }
}
