import CompanionAPI
import Foundation
import Hummingbird

/// `GET /companion/pairing/last`: the workstation itself only (``LocalOnlyGate``). What the workstation shows once a device paired: its
/// id and name, and the verification code the person compares with the companion's (manual-code path).
struct PairingResultRoute {
    let pairing: PairingManager
    let gate: LocalOnlyGate

    func register(on group: RouterGroup<SidecarRequestContext>) {
        group.get("last") { request, context in
            try gate.check(request, context: context, action: "the pairing result is shown")
            let completed = await pairing.lastCompleted.map {
                CompletedPairing(
                    deviceId: $0.device.id, deviceName: $0.device.name, pairedAt: $0.device.lastSeenAt,
                    verificationCode: $0.verificationCode)
            }
            return try JSONBody.response(LastPairingResponse(pairing: completed))
        }
    }
}
