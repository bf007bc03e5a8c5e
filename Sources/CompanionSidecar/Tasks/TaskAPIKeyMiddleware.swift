import CompanionAPI
import HTTPTypes
import Hummingbird

/// Requires the `X-API-Key` on the routes it wraps (``TaskRouteGuard/apiKey(_:)``): the check of a
/// ``TaskService`` served on its own. The full sidecar guards the task routes with `SignatureOrKeyMiddleware`
/// instead, which accepts a signed request or this key.
struct TaskAPIKeyMiddleware<Context: RequestContext>: RouterMiddleware {
    let key: TaskAPIKey

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard key.matches(request.headers[HTTPField.Name(TaskAPIKey.headerName)!]) else {
            throw SidecarError(.unauthorized, "missing or wrong \(TaskAPIKey.headerName) header")
        }
        return try await next(request, context)
    }
}
