import CompanionAPI
import HTTPTypes
import Hummingbird

/// For routes open to everyone that a paired device may also call signed (`GET /companion/status`): a request
/// without signature headers passes as before; a request with any of them must verify like on a protected
/// route (401 otherwise), and then counts as the device being seen. A paired companion learns this way, on an
/// open route, whether the sidecar still trusts it.
struct OptionalSignatureMiddleware: RouterMiddleware {
    typealias Context = SidecarRequestContext

    let signed: SignedRequestMiddleware

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard SignedRequestFields.anyPresent(in: request.headers) else { return try await next(request, context) }
        return try await signed.handle(request, context: context, next: next)
    }
}
