import CompanionAPI
import HTTPTypes
import Hummingbird

/// Requires the configured `X-API-Key` on the routes it wraps; does nothing when no key is configured.
///
/// Request signing (the trust issue) is added by its own middleware on the same route group; a sidecar that
/// has both accepts either (see ``TaskAPIKey/matches(_:)`` for use from that middleware).
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
