import CompanionAPI
import Hummingbird

extension Sidecar {
    /// The signed-request check of this sidecar (its authenticator, registry, clock), reading bodies up to
    /// `bodyLimit` (default: the configured limit of the companion routes).
    func signedRequests(bodyLimit: Int? = nil) -> SignedRequestMiddleware {
        SignedRequestMiddleware(
            authenticator: authenticator, registry: registry, bodyLimit: bodyLimit ?? configuration.maxBodyBytes,
            now: now)
    }

    /// `group` with signed-request authentication in front of every route added to it afterwards,
    /// unless the configuration turns it off (tests of the brief's unauthenticated MVP shapes only).
    func protectedGroup(_ group: RouterGroup<SidecarRequestContext>) -> RouterGroup<SidecarRequestContext> {
        guard configuration.requireSignedRequests else { return group }
        return group.add(middleware: signedRequests())
    }

    /// `group` where a request may be signed (and is then checked) or not: `GET /companion/status`.
    func optionallySignedGroup(_ group: RouterGroup<SidecarRequestContext>) -> RouterGroup<SidecarRequestContext> {
        guard configuration.requireSignedRequests else { return group }
        return group.add(middleware: OptionalSignatureMiddleware(signed: signedRequests()))
    }

    /// The guard of the task routes: a signed request or the configured `X-API-Key`
    /// (``SignatureOrKeyMiddleware``), whatever ``SidecarConfiguration/requireSignedRequests`` says: the
    /// task routes run shell commands and are never open.
    var taskRouteGuard: TaskRouteGuard<SidecarRequestContext> {
        // Task bodies (a description up to 64 KiB) are larger than the companion routes allow; the create route
        // enforces its own limit after this.
        let limit = max(configuration.maxBodyBytes, TaskService.maxCreateBodyBytes)
        return TaskRouteGuard(
            SignatureOrKeyMiddleware(
                signed: signedRequests(bodyLimit: limit), apiKey: configuration.taskAPIKey,
                presentation: .apiKeyHeader))
    }

    /// Whether an open task log stream may go on: its device (when it came signed) is still trusted. Streams
    /// opened with the API key are not tied to a device and go on. Answered from memory.
    var taskStreamStillAuthorized: @Sendable (SidecarRequestContext) async -> Bool {
        let registry = registry
        return { context in
            guard let deviceID = context.authenticatedDeviceID else { return true }
            return (try? await registry.trustedKey(deviceID: deviceID)) != nil
        }
    }

    /// The scopes a request's device has now (the owner may have changed them since the request was admitted); the
    /// request's own for one made with the API key; none for a device no longer trusted. Answered from memory.
    var currentScopes: @Sendable (SidecarRequestContext) async -> Set<DeviceScope> {
        let registry = registry
        return { context in
            guard let deviceID = context.authenticatedDeviceID else { return context.authenticatedScopes }
            return ((try? await registry.scopes(deviceID: deviceID)) ?? nil) ?? []
        }
    }

    /// Why an open stream that needs `scope` must end now (its device was revoked, or lost `scope`), nil while it
    /// may go on: the chat stream (`chat`) and the task log WebSocket (`read`) ask it while open, as `/ws` does.
    /// Streams opened with the API key keep the key's scopes. Answered from memory.
    func streamRefusal(needing scope: DeviceScope) -> @Sendable (SidecarRequestContext) async -> String? {
        let trusted = taskStreamStillAuthorized
        let scopes = currentScopes
        return { context in
            guard await trusted(context) else { return "this device is no longer trusted (revoked); pair again" }
            // A WebSocket close reason holds at most 123 bytes: kept short.
            guard await scopes(context).contains(scope) else {
                return "this device no longer has the '\(scope.rawValue)' scope this stream needs; ask the owner"
            }
            return nil
        }
    }
}
