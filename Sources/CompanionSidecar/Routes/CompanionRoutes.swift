import CompanionAPI
import Foundation
import Hummingbird

/// `GET /companion/status`, `POST /companion/disconnect`, `GET /companion/devices`, `DELETE /companion/devices/:id`.
struct CompanionRoutes {
    let registry: Registry
    let now: @Sendable () -> Date

    /// The unauthenticated status route (the onboarding screen calls it before any pairing). Signed by a paired
    /// device, the answer also carries the audit witness (``Registry/auditWitness(since:)``; `?auditSince=ID`).
    func registerStatus(on group: RouterGroup<SidecarRequestContext>) {
        group.get("status") { request, context in
            guard context.authenticatedDeviceID != nil else { return JSONBody.response(encoded: registry.statusJSON) }
            var status = try CompanionJSON.decode(CompanionStatusResponse.self, from: Data(registry.statusJSON))
            let since = request.uri.queryParameters.get("auditSince").flatMap { Int64($0) }
            let witness = try await registry.auditWitness(since: since)
            status.auditHead = witness.head
            status.auditAt = witness.at
            status.auditPrunedThrough = witness.prunedThrough
            return try JSONBody.response(status)
        }
    }

    /// Routes that act on paired devices. Request authentication, when configured, wraps this group.
    func registerDeviceRoutes(on group: RouterGroup<SidecarRequestContext>) {
        group.post("disconnect") { _, context in
            try JSONBody.response(try await registry.disconnect(at: now(), peer: context.peerDescription))
        }
        group.get("devices") { _, _ in
            try JSONBody.response(DevicesListResponse(devices: try await registry.devices().map(\.listed)))
        }
        group.delete("devices/:id") { _, context in
            let id = try context.parameters.require("id")
            guard id.utf8.count <= 128,
                let status = try await registry.revoke(id: id, at: now(), peer: context.peerDescription)
            else { throw SidecarError.notFound("no trusted device has the id \(id.prefix(64))") }
            return try JSONBody.response(status)
        }
    }
}
