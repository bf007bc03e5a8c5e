import Hummingbird

/// Answers ``TaskAPIError``s of the task routes in the API's error shape, whatever error handling the rest of
/// the server uses.
struct TaskErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as TaskAPIError {
            return try error.response(from: request, context: context)
        }
    }
}
