import CompanionAPI
import Foundation
import Hummingbird

/// An error answer of the task endpoints, in the API's error body shape (`{ "ok": false, "error": {…} }`).
public struct TaskAPIError: HTTPResponseError, Equatable {
    public var code: APIErrorCode
    public var message: String
    /// Overrides the status that goes with `code` (e.g. 503 for an unconfigured sidecar).
    public var statusOverride: HTTPResponse.Status?

    public init(_ code: APIErrorCode, _ message: String, status: HTTPResponse.Status? = nil) {
        self.code = code
        self.message = message
        self.statusOverride = status
    }

    public var status: HTTPResponse.Status { statusOverride ?? .init(code: code.httpStatus) }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        try JSONAnswer.response(APIErrorResponse(code: code, message: message), status: status)
    }

    static func noSuchTask(_ id: String) -> TaskAPIError {
        TaskAPIError(.notFound, "no task with id \(id.prefix(64))")
    }
}

/// JSON answers written with the API's coders.
enum JSONAnswer {
    static func response<T: Encodable>(_ value: T, status: HTTPResponse.Status = .ok) throws -> Response {
        let data = try CompanionJSON.encode(value)
        return Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
