import CompanionAPI
import Foundation
import Hummingbird
import Logging

/// Errors under `/api/v1` in the ILS app's envelope: `{"success":false,"error":{"code":"NOT_FOUND","message":…}}`
/// with the same HTTP status the rest of the API would use. The codes are the sidecar's own in upper case
/// (`BAD_REQUEST`, `UNAUTHORIZED`, `NOT_FOUND`, `CONFLICT`, `PAYLOAD_TOO_LARGE`, `UNAVAILABLE`,
/// `INTERNAL_ERROR`).
struct EnvelopeErrorMiddleware: RouterMiddleware {
    typealias Context = SidecarRequestContext

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as SidecarError {
            return try Envelope.failure(error)
        } catch let error as HTTPError {
            return try Envelope.failure(SidecarError.from(httpError: error))
        } catch let error as any HTTPResponseError {
            return try Envelope.failure(SidecarError.from(httpError: HTTPError(error.status)))
        } catch {
            context.logger.error("unexpected error answering a request", metadata: ["error.type": "\(type(of: error))"])
            return try Envelope.failure(SidecarError(.internalError, "internal error; see the sidecar's log"))
        }
    }
}

/// Answers of the `/api/v1` routes: the `APIResponse` envelope, encoded with ``ClaudeAPIJSON``.
enum Envelope {
    /// `{"success":true,"data":…}` with status 200 (or the one given).
    static func success<T: Codable & Sendable>(_ value: T, status: HTTPResponse.Status = .ok) throws -> Response {
        JSONBody.response(encoded: Array(try ClaudeAPIJSON.encode(APIResponse(data: value))), status: status)
    }

    /// The envelope of an error, with the error's status.
    static func failure(_ error: SidecarError) throws -> Response {
        let body = APIResponse<DeletedResponse>(error: APIResponseError(error.code, message: error.message))
        return JSONBody.response(encoded: Array(try ClaudeAPIJSON.encode(body)), status: error.status)
    }

    /// Decodes a bounded JSON request body with the API's date rules; a 400 that names the field otherwise.
    static func decode<T: Decodable>(_ type: T.Type, from request: Request, limit: Int, optional: Bool = false)
        async throws(SidecarError) -> T?
    {
        let bytes = try await JSONBody.collect(request, limit: limit)
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            if optional { return nil }
            throw .badRequest("the request body is empty; a JSON object is expected")
        }
        do {
            return try ClaudeAPIJSON.decode(T.self, from: Data(bytes))
        } catch let error as DecodingError {
            throw .badRequest(JSONBody.describe(error))
        } catch {
            throw .badRequest("the request body is not valid JSON")
        }
    }
}
