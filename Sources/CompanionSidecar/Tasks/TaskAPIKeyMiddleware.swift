import CompanionAPI
import HTTPTypes
import Hummingbird

/// Requires the configured `X-API-Key` on the routes it wraps; does nothing when no key is configured.
///
/// This is the check of a ``TaskService`` served on its own. The full sidecar guards the task routes with
/// `TaskAuthenticationMiddleware` instead, which accepts a signed request or this key.
public struct TaskAPIKeyMiddleware<Context: RequestContext>: RouterMiddleware {
    let key: TaskAPIKey?

    public init(key: TaskAPIKey?) {
        self.key = key
    }

    public func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard let key else { return try await next(request, context) }
        let header = HTTPField.Name(TaskAPIKey.headerName)!
        guard key.matches(request.headers[header]) else {
            throw TaskAPIError(.unauthorized, "missing or wrong \(TaskAPIKey.headerName) header")
        }
        return try await next(request, context)
    }
}
