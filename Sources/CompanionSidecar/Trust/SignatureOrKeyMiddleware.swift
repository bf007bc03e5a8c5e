import CompanionAPI
import HTTPTypes
import Hummingbird

/// A request signed by a paired device, exactly as the device routes require, or the sidecar's API key,
/// compared in constant time: the guard of the task routes (key in `X-API-Key`, the orchestrator brief's) and of
/// the Claude Code API (key as `Authorization: Bearer`, the ILS app's).
///
/// A valid signature admits the request (and updates the device's `lastSeenAt`) whatever key it also carries; a
/// missing or failing signature is refused unless the key matches. Refusals are 401 with a message that says
/// which credentials the routes take, in the same words whether or not this sidecar has a key, so an
/// unauthenticated caller does not learn its configuration.
struct SignatureOrKeyMiddleware: RouterMiddleware {
    typealias Context = SidecarRequestContext

    /// Where a request carries the key, and how the routes are named in a refusal.
    enum Presentation: Sendable {
        /// `X-API-Key: <key>`: the task endpoints.
        case apiKeyHeader
        /// `Authorization: Bearer <key>`: the Claude Code API.
        case bearer
    }

    let signed: SignedRequestMiddleware
    let apiKey: TaskAPIKey?
    let presentation: Presentation

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var request = request
        let failure: AuthenticationFailure
        switch try await signed.authenticate(&request) {
        case .success(let deviceID):
            return try await next(request, try await signed.admit(deviceID, context, method: request.method))
        case .failure(let reason) where reason.isServerSide:
            throw SidecarError(.unavailable, reason.message)
        case .failure(let reason):
            failure = reason
        }
        let presented = presentation.key(in: request.headers)
        if let apiKey, apiKey.matches(presented) {
            try ScopeCheck.require(method: request.method, context: context, scopes: apiKey.scopes, deviceID: nil)
            var context = context
            context.authenticatedScopes = apiKey.scopes
            return try await next(request, context)
        }
        throw SidecarError(.unauthorized, presentation.message(failure, keyPresented: presented != nil))
    }
}

extension SignatureOrKeyMiddleware.Presentation {
    /// The key a request presents this way, or nil.
    func key(in headers: HTTPFields) -> String? {
        switch self {
        case .apiKeyHeader: headers[HTTPField.Name(TaskAPIKey.headerName)!]
        case .bearer: Self.bearerToken(headers[.authorization])
        }
    }

    /// The token of an `Authorization: Bearer <token>` field (scheme case-insensitive), or nil.
    static func bearerToken(_ field: String?) -> String? {
        guard let field, field.count > 7, field.prefix(7).lowercased() == "bearer " else { return nil }
        let token = field.dropFirst(7).trimmingCharacters(in: .whitespaces)
        return token.isEmpty ? nil : token
    }

    /// What went wrong, and which credentials these routes take.
    func message(_ failure: AuthenticationFailure, keyPresented: Bool) -> String {
        if failure != .missingHeaders { return failure.message }
        switch self {
        case .apiKeyHeader:
            let accepted =
                "the task endpoints need a request signed by a paired device (X-Companion-Device, -Timestamp, "
                + "-Nonce, -Signature; pair first) or the sidecar's \(TaskAPIKey.headerName), when it has one"
            return keyPresented ? "the \(TaskAPIKey.headerName) header was not accepted; " + accepted : accepted
        case .bearer:
            let accepted =
                "the Claude Code API needs a request signed by a paired device (pair first) or "
                + "Authorization: Bearer with the sidecar's API key, when it has one"
            return keyPresented ? "the bearer token was not accepted; " + accepted : accepted
        }
    }
}
