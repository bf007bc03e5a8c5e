import CompanionAPI
import HTTPTypes
import Hummingbird

/// The guard of the Claude Code API (`/api/v1`): a request signed by a paired device, exactly as the device
/// routes require, or the sidecar's API key as `Authorization: Bearer <key>` (the ILS app's scheme), compared in
/// constant time. Nothing under `/api/v1` is served without one of them, whatever
/// ``SidecarConfiguration/requireSignedRequests`` says: these routes run Claude Code on the workstation.
struct ClaudeAPIAuthenticationMiddleware: RouterMiddleware {
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
        let bearer = Self.bearerToken(request.headers[.authorization])
        if let apiKey, apiKey.matches(bearer) {
            return try await next(request, context)
        }
        throw SidecarError(.unauthorized, Self.message(failure, keyPresented: bearer != nil))
    }

    /// The token of an `Authorization: Bearer <token>` field (scheme case-insensitive), or nil.
    static func bearerToken(_ field: String?) -> String? {
        guard let field, field.count > 7, field.prefix(7).lowercased() == "bearer " else { return nil }
        let token = field.dropFirst(7).trimmingCharacters(in: .whitespaces)
        return token.isEmpty ? nil : token
    }

    /// What went wrong and which credentials `/api/v1` takes; the same words whether or not this sidecar has an
    /// API key, so an unauthenticated caller does not learn its configuration.
    static func message(_ failure: AuthenticationFailure, keyPresented: Bool) -> String {
        if failure != .missingHeaders { return failure.message }
        let accepted =
            "the Claude Code API needs a request signed by a paired device (pair first) or "
            + "Authorization: Bearer with the sidecar's API key, when it has one"
        return keyPresented ? "the bearer token was not accepted; " + accepted : accepted
    }
}
