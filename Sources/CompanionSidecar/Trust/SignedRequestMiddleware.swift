import CompanionAPI
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Accepts a request only when it is signed by a paired, not revoked device (see SECURITY.md):
/// timestamp within the window, nonce unseen, Ed25519 signature over the canonical request valid.
/// Refusals answer 401 with the JSON error body; success records the device in the context and
/// updates its `lastSeenAt`.
struct SignedRequestMiddleware: RouterMiddleware {
    typealias Context = SidecarRequestContext

    let authenticator: RequestAuthenticator
    let registry: Registry
    let bodyLimit: Int
    let now: @Sendable () -> Date

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var request = request
        switch try await authenticate(&request) {
        case .failure(let failure):
            throw SidecarError(failure.isServerSide ? .unavailable : .unauthorized, failure.message)
        case .success(let deviceID):
            return try await next(request, try await admit(deviceID, context, method: request.method))
        }
    }

    /// Checks the request's signature headers. The body is collected (up to the limit) because it is signed;
    /// `request` keeps it for the handler. Consumes the nonce when the signature verifies.
    func authenticate(_ request: inout Request) async throws -> Result<String, AuthenticationFailure> {
        let body: ByteBuffer
        do { body = try await request.collectBody(upTo: bodyLimit) } catch {
            throw SidecarError.tooLarge(limit: bodyLimit)
        }
        let head = request.head
        return await authenticator.authenticate(
            method: head.method.rawValue, pathAndQuery: head.path ?? "/", body: Array(buffer: body)
        ) { name in
            SignedRequestFields.value(name, in: head.headerFields)
        }
    }

    /// The context of an authenticated device's request, once its scopes allow the route (``RouteScopes``);
    /// records the device as seen now.
    func admit(_ deviceID: String, _ context: Context, method: HTTPRequest.Method) async throws -> Context {
        let scopes = try await registry.scopes(deviceID: deviceID) ?? []
        try ScopeCheck.require(method: method, context: context, scopes: scopes, deviceID: deviceID)
        var context = context
        context.authenticatedDeviceID = deviceID
        context.authenticatedScopes = scopes
        try await registry.touch(deviceID: deviceID, at: now())
        return context
    }
}
