import CompanionAPI
import Hummingbird
import Logging

/// Turns every error into the API's JSON error body, so clients never see an empty or HTML error.
///
/// ``SidecarError`` keeps its code and status; Hummingbird's own errors (unknown route, body limit) are mapped;
/// anything else is a 500 `internal_error`, logged by type only. A known path asked with a method it does not
/// answer is a 405 with an `Allow` header, not a 404.
struct ErrorMiddleware: RouterMiddleware {
    typealias Context = SidecarRequestContext

    let allowedMethods: AllowedMethods

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let response = try await answer(request, context: context, next: next)
        // An answer to HEAD never has a body, errors included: a body would be read as the start of the next answer.
        guard request.method == .head, response.body.contentLength != 0 else { return response }
        var headers = response.headers
        if let length = response.body.contentLength, headers[.contentLength] == nil {
            headers[.contentLength] = String(length)
        }
        return Response(status: response.status, headers: headers, body: .init())
    }

    private func answer(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as SidecarError {
            return try Self.response(for: error)
        } catch let error as HTTPError where error.status == .notFound {
            let allowed = allowedMethods.methods(forPath: request.uri.path)
            guard !allowed.isEmpty, !allowed.contains(request.method.rawValue) else {
                return try Self.response(for: SidecarError.from(httpError: error))
            }
            var response = try Self.response(
                for: SidecarError(
                    .badRequest,
                    "method \(request.method.rawValue) not allowed here; this endpoint answers "
                        + allowed.joined(separator: ", "), status: 405))
            response.headers[.allow] = allowed.joined(separator: ", ")
            return response
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
        try JSONBody.response(error.body, status: error.status)
    }
}
