import CompanionAPI
import HTTPTypes
import Hummingbird

/// The guard of the task endpoints (`/v1/tasks…`, including the log WebSocket's upgrade request): a request
/// signed by a paired device, exactly as the device routes require, or the orchestrator brief's `X-API-Key`
/// when the sidecar is configured with one.
///
/// A valid signature admits the request (and updates the device's `lastSeenAt`) whatever key it also carries;
/// a missing or failing signature is refused unless the API key matches. Refusals are 401 with a JSON error
/// that says which credential to use.
struct TaskAuthenticationMiddleware: RouterMiddleware {
    typealias Context = SidecarRequestContext

    let signed: SignedRequestMiddleware
    let apiKey: TaskAPIKey?

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var request = request
        let failure: AuthenticationFailure
        switch try await signed.authenticate(&request) {
        case .success(let deviceID):
            return try await next(request, try await signed.admit(deviceID, context))
        case .failure(let reason) where reason.isServerSide:
            throw SidecarError(.unavailable, reason.message)
        case .failure(let reason):
            failure = reason
        }
        let presented = request.headers[HTTPField.Name(TaskAPIKey.headerName)!]
        if let apiKey, apiKey.matches(presented) {
            return try await next(request, context)
        }
        throw SidecarError(.unauthorized, Self.message(failure, keyPresented: presented))
    }

    /// What went wrong, and which credentials the task endpoints take. The same words whether or not this
    /// sidecar has an API key, so an unauthenticated caller does not learn its configuration.
    static func message(_ failure: AuthenticationFailure, keyPresented: String?) -> String {
        if failure != .missingHeaders { return failure.message }
        let accepted =
            "the task endpoints need a request signed by a paired device (X-Companion-Device, -Timestamp, -Nonce, "
            + "-Signature; pair first) or the sidecar's \(TaskAPIKey.headerName), when it has one"
        return keyPresented == nil ? accepted : "the \(TaskAPIKey.headerName) header was not accepted; " + accepted
    }
}
