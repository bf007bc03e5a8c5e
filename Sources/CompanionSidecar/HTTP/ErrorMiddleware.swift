import CompanionAPI
import Hummingbird
import Logging

/// Turns every error into the API's JSON error body, so clients never see an empty or HTML error.
///
/// ``SidecarError`` keeps its code and status; Hummingbird's own errors (unknown route, body limit) are mapped;
/// anything else is a 500 `internal_error`, logged by type only.
struct ErrorMiddleware: RouterMiddleware {
    typealias Context = SidecarRequestContext

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as SidecarError {
            return try Self.response(for: error)
        } catch let error as HTTPError {
            return try Self.response(for: SidecarError.from(httpError: error))
        } catch let error as any HTTPResponseError {
            return try Self.response(for: SidecarError.from(httpError: HTTPError(error.status)))
        } catch {
            context.logger.error("unexpected error answering a request", metadata: ["error.type": "\(type(of: error))"])
            return try Self.response(for: SidecarError(.internalError, "internal error; see the sidecar's log"))
        }
    }

    static func response(for error: SidecarError) throws -> Response {
        try JSONBody.response(error.body, status: HTTPResponse.Status(code: error.status))
    }
}
