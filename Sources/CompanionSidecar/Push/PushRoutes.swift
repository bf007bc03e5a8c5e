import CompanionAPI
import Hummingbird

/// `GET /companion/push/vapid`, `POST /companion/push/subscriptions`, `DELETE /companion/push/subscriptions/{id}`:
/// signed device routes (`read`, ``RouteScopes``). A subscription belongs to the device that signed its creation;
/// only that device, or a device with `admin`, deletes it; revoking the device deletes them all.
struct PushRoutes {
    let push: PushService
    let registry: Registry
    let bodyLimit: Int

    func register(on group: RouterGroup<SidecarRequestContext>) {
        group.get("vapid") { _, _ in
            try JSONBody.response(PushVAPIDKeyResponse(publicKey: push.settings.vapidKey.publicKeyBase64URL))
        }
        group.post("subscriptions") { request, context in
            let deviceID = try Self.device(context)
            guard
                let body = try await JSONBody.decode(PushSubscriptionRequest.self, from: request, limit: bodyLimit)
            else { throw SidecarError.badRequest("a push subscription (endpoint, keys) is expected") }
            let id = try await push.subscribe(deviceID: deviceID, body)
            return try JSONBody.response(PushSubscriptionCreated(id: id), status: .created)
        }
        group.delete("subscriptions/:id") { _, context in
            let deviceID = try Self.device(context)
            let id = try context.parameters.require("id")
            guard id.utf8.count <= 64, let owner = try await registry.pushSubscriptionOwner(id: id),
                owner == deviceID || context.authenticatedScopes.contains(.admin)
            else {
                // Another device's subscription is answered as a missing one: its id tells nothing.
                throw SidecarError.notFound("this device has no push subscription with the id \(id.prefix(64))")
            }
            try await registry.removePushSubscription(id: id)
            return Response(status: .noContent)
        }
    }

    /// The signing device: push subscriptions belong to one (an API key has none).
    private static func device(_ context: SidecarRequestContext) throws -> String {
        guard let deviceID = context.authenticatedDeviceID else {
            throw SidecarError(
                .unauthorized, "push subscriptions belong to a paired device: sign the request with the device's key")
        }
        return deviceID
    }
}
