import CompanionAPI
import Foundation
import Hummingbird

/// An error the sidecar answers with `{ "ok": false, "error": { "code", "message" } }` and the code's HTTP status.
///
/// The one error type of every route, the task routes included: handlers throw these for every expected failure;
/// ``ErrorMiddleware`` turns them into responses, and so does Hummingbird's own error handling where a route
/// group is served without it (``HTTPResponseError``), so the answer has the same shape either way.
/// Messages are for people and never contain a pairing code, a token or a key.
package struct SidecarError: HTTPResponseError, Sendable, Equatable, CustomStringConvertible {
    package var code: APIErrorCode
    package var message: String
    /// HTTP status, normally the code's own; differs only for statuses without a code of their own (e.g. 405).
    package var statusCode: Int

    package init(_ code: APIErrorCode, _ message: String, status: Int? = nil) {
        self.code = code
        self.message = message
        self.statusCode = status ?? code.httpStatus
    }

    package var description: String { "\(statusCode) \(code.rawValue): \(message)" }

    /// The JSON error body.
    package var body: APIErrorResponse { APIErrorResponse(code: code, message: message) }

    package var status: HTTPResponse.Status { HTTPResponse.Status(code: statusCode) }

    package func response(from request: Request, context: some RequestContext) throws -> Response {
        try JSONBody.response(body, status: status)
    }

    static func badRequest(_ message: String) -> SidecarError { SidecarError(.badRequest, message) }
    static func forbidden(_ message: String) -> SidecarError { SidecarError(.forbidden, message) }
    static func notFound(_ message: String) -> SidecarError { SidecarError(.notFound, message) }
    static func noSuchTask(_ id: String) -> SidecarError { .notFound("no task with id \(id.prefix(64))") }
    static func tooLarge(limit: Int) -> SidecarError {
        SidecarError(.payloadTooLarge, "the request body is larger than the limit of \(limit) bytes")
    }

    /// Maps an error raised by Hummingbird itself (unknown route, body limit…) to a sidecar error.
    static func from(httpError error: HTTPError) -> SidecarError {
        let status = Int(error.status.code)
        switch status {
        case 404: return SidecarError(.notFound, "no such endpoint")
        case 405: return SidecarError(.badRequest, "method not allowed on this endpoint", status: 405)
        case 413: return SidecarError(.payloadTooLarge, "the request body is too large")
        case 400..<500:
            let code = APIErrorCode.allCases.first { $0.httpStatus == status } ?? .badRequest
            return SidecarError(code, error.body ?? "bad request", status: status)
        default: return SidecarError(.internalError, "internal error", status: status)
        }
    }
}
