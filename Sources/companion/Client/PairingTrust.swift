import CompanionAPI
import CompanionCrypto
import CompanionPairing
import Foundation

/// Decides whether to trust the sidecar that answered `pairing/complete` (see SECURITY.md):
/// - QR path: the answer must carry a pairing proof that verifies for this device and whose key has the
///   fingerprint scanned from the QR code; otherwise the pairing is refused.
/// - Manual path: both sides show a verification code derived from both keys; the person confirms they match
///   (or passes the workstation's code with `--verification-code`).
struct PairingTrust {
    let json: Bool
    /// The code the workstation showed, given on the command line; nil asks the person.
    let expectedCode: String?

    /// Returns the verified sidecar key, or nil for a sidecar without an identity (manual path only).
    func verify(
        _ proof: PairingProof?, device: CompanionDevice, ticket: PairingTicket, deviceKey: Ed25519PublicKey
    ) throws -> Ed25519PublicKey? {
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
            return key
        }
        guard let key = verified else {
            if proof != nil { throw Self.refusal("the sidecar's pairing proof does not verify") }
            Terminal.printWarning(
                "this sidecar has no identity key: it cannot be verified; pair by QR code with a CompanionKit sidecar")
            return nil
        }
        try confirm(VerificationCode.make(devicePublicKey: deviceKey, sidecarPublicKey: key))
        return key
    }

    private func confirm(_ code: String) throws {
        if let expectedCode {
            guard Self.normalized(expectedCode) == Self.normalized(code) else {
                throw Self.refusal("the verification code does not match the workstation's (\(code) here)")
            }
            return
        }
        let question = "Verification code: \(code)\nDoes the workstation show the same code? [y/N] "
        FileHandle.standardError.write(Data(question.utf8))
        let answer = readLine(strippingNewline: true)?.trimmingCharacters(in: .whitespaces).lowercased()
        guard answer == "y" || answer == "yes" else {
            throw CLIFailure(
                .trust, "pairing not confirmed: the verification code was not accepted",
                hint: "if the codes differ, someone may be in the middle: revoke this device on the workstation "
                    + "(companion devices revoke) and pair again; in scripts pass --verification-code CODE")
        }
    }

    static func normalized(_ code: String) -> String {
        code.uppercased().filter { $0.isLetter || $0.isNumber }
    }

    static func refusal(_ message: String) -> CLIFailure {
        CLIFailure(
            .trust, "refusing to trust this pairing: \(message)",
            hint: "someone may be impersonating the workstation; on the workstation, revoke the device it just "
                + "registered (companion devices list / revoke) and start a new pairing")
    }
}
