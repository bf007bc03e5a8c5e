import CompanionAPI
import Foundation
import Hummingbird

/// `GET /companion/pairing/last`: loopback only. What the workstation shows once a device paired: its
/// id and name, and the verification code the person compares with the companion's (manual-code path).
struct PairingResultRoute {
    let pairing: PairingManager

    /// Body of the answer; `pairing` is null until a device has paired since the sidecar started.
    struct Body: Codable, Sendable {
        struct Completed: Codable, Sendable {
            var deviceId: String
            var deviceName: String
            var pairedAt: Date
            var verificationCode: String?
        }
        var ok = true
        var pairing: Completed?

        private enum CodingKeys: String, CodingKey { case ok, pairing }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(ok, forKey: .ok)
            try container.encode(pairing, forKey: .pairing)
        }
    }

    func register(on group: RouterGroup<SidecarRequestContext>) {
        group.get("last") { _, context in
            guard context.peerIsLoopback else {
                throw SidecarError.forbidden("the pairing result is only shown on the workstation itself (loopback)")
            }
            let completed = await pairing.lastCompleted.map {
                Body.Completed(
                    deviceId: $0.device.id, deviceName: $0.device.name, pairedAt: $0.device.lastSeenAt,
                    verificationCode: $0.verificationCode)
            }
            return try JSONBody.response(Body(pairing: completed))
        }
    }
}
