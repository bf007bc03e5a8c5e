import CompanionAPI
import Foundation
import Hummingbird

/// Reading request bodies and writing JSON answers with the API's coders.
///
/// Bodies are bounded (413 beyond the limit, checked on `Content-Length` before reading and again while
/// reading); anything that is not valid JSON of the expected shape is a 400, never a 500.
enum JSONBody {
    /// Reads and decodes the body, or returns nil when it is empty and `optional` is true.
    static func decode<T: Decodable>(
        _ type: T.Type, from request: Request, limit: Int, optional: Bool = false
    ) async throws(SidecarError) -> T? {
        let bytes = try await collect(request, limit: limit)
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            if optional { return nil }
            throw .badRequest("the request body is empty; a JSON object is expected")
        }
        do {
            return try CompanionJSON.decode(T.self, from: Data(bytes))
        } catch let error as DecodingError {
            throw .badRequest(describe(error))
        } catch {
            throw .badRequest("the request body is not valid JSON")
        }
    }

    /// Collects at most `limit` bytes of body.
    static func collect(_ request: Request, limit: Int) async throws(SidecarError) -> [UInt8] {
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > limit {
            throw .tooLarge(limit: limit)
        }
        do {
            let buffer = try await request.body.collect(upTo: limit)
            return Array(buffer.readableBytesView)
        } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
            throw .tooLarge(limit: limit)
        } catch {
            throw .badRequest("the request body could not be read")
        }
    }

    /// A JSON response with the given status.
    static func response<T: Encodable>(_ value: T, status: HTTPResponse.Status = .ok) throws -> Response {
        response(encoded: Array(try CompanionJSON.encode(value)), status: status)
    }

    /// A response carrying already encoded JSON.
    static func response(encoded bytes: [UInt8], status: HTTPResponse.Status = .ok) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json; charset=utf-8"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    static func describe(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, _): return "missing field '\(key.stringValue)'"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "field '\(path(context))' has the wrong type"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty
                ? "the request body is not valid JSON" : "field '\(path(context))' is invalid"
        @unknown default: return "the request body is not valid JSON"
        }
    }

    private static func path(_ context: DecodingError.Context) -> String {
        context.codingPath.map(\.stringValue).joined(separator: ".")
    }
}
