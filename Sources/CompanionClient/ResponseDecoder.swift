import CompanionAPI
import Foundation

/// Turns an HTTP answer into the expected body, a server error, or a malformed-response error.
enum ResponseDecoder {
    static func decode<T: Decodable>(_ type: T.Type, data: Data, status: Int, endpoint: CompanionEndpoint)
        throws(CompanionClientError) -> T
    {
        let name = endpoint.description
        guard data.count <= SidecarTransport.maxBodyBytes else { throw .tooLarge(endpoint, status: status) }
        let errorBody = try? CompanionJSON.decode(APIErrorResponse.self, from: data)
        if let errorBody, !errorBody.ok {
            throw .server(status: status, code: errorBody.error.code, message: clean(errorBody.error.message))
        }
        guard (200..<300).contains(status) else {
            throw .server(status: status, code: nil, message: excerpt(of: data))
        }
        do {
            return try CompanionJSON.decode(T.self, from: data)
        } catch {
            throw .malformedResponse(endpoint: name, status: status, detail: reason(for: error))
        }
    }

    /// The error an answer with a non-2xx `status` stands for: the sidecar's error body (its own or the `/api/v1`
    /// envelope's) when there is one, else an excerpt of the body.
    static func serverError(data: Data, status: Int) -> CompanionClientError {
        if let body = try? CompanionJSON.decode(APIErrorResponse.self, from: data), !body.ok {
            return .server(status: status, code: body.error.code, message: clean(body.error.message))
        }
        if let envelope = try? ClaudeAPIJSON.decode(APIResponse<EmptyData>.self, from: data),
            let error = envelope.error
        {
            return .server(status: status, code: error.code.lowercased(), message: clean(error.message))
        }
        return .server(status: status, code: nil, message: excerpt(of: data))
    }

    /// Decodes an `/api/v1` answer: the envelope's `data` on success, its error otherwise.
    static func decodeEnvelope<T: Codable & Sendable>(
        _ type: T.Type, data: Data, status: Int, endpoint: CompanionEndpoint
    ) throws(CompanionClientError) -> T {
        guard data.count <= SidecarTransport.maxBodyBytes else { throw .tooLarge(endpoint, status: status) }
        guard (200..<300).contains(status) else { throw serverError(data: data, status: status) }
        let envelope: APIResponse<T>
        do {
            envelope = try ClaudeAPIJSON.decode(APIResponse<T>.self, from: data)
        } catch {
            throw .malformedResponse(endpoint: endpoint.description, status: status, detail: reason(for: error))
        }
        guard envelope.success, let value = envelope.data else {
            throw serverError(data: data, status: status)
        }
        return value
    }

    /// An empty `data` (only the envelope's error is read).
    struct EmptyData: Codable, Sendable {}

    /// A short, printable excerpt of a non-JSON answer body.
    static func excerpt(of data: Data) -> String {
        let text = clean(String(decoding: data.prefix(120), as: UTF8.self))
        if text.isEmpty { return "no details (empty body)" }
        // A web page (another server on that port, a proxy's error page) is described, not dumped.
        let start = text.prefix(64).lowercased()
        if start.hasPrefix("<!doctype") || start.hasPrefix("<html") || start.hasPrefix("<?xml") || start.hasPrefix("<")
        {
            return "a web page, not a CompanionKit sidecar's JSON (is this URL another server?)"
        }
        return text
    }

    /// Strips control characters (a hostile server could try to move the cursor) and limits the length.
    static func clean(_ text: String) -> String {
        let scalars = text.unicodeScalars.map { CharacterSet.controlCharacters.contains($0) ? " " : Character($0) }
        return String(String(scalars).prefix(300)).trimmingCharacters(in: .whitespaces)
    }

    private static func reason(for error: any Error) -> String {
        switch error as? DecodingError {
        case .keyNotFound(let key, _): "the field '\(key.stringValue)' is missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            "the field '\(path(context))' has the wrong type"
        case .dataCorrupted(let context):
            context.codingPath.isEmpty ? "the body is not JSON" : "the field '\(path(context))' is invalid"
        default: "the body could not be read"
        }
    }

    private static func path(_ context: DecodingError.Context) -> String {
        context.codingPath.map(\.stringValue).joined(separator: ".")
    }
}
