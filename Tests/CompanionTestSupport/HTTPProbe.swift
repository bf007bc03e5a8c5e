import CompanionAPI
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One answer: status, headers, body, and helpers to decode it.
public struct HTTPReply: Sendable {
    public let status: Int
    public let headers: [String: String]
    public let body: Data

    public init(status: Int, headers: [String: String], body: Data) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    public func decode<T: Decodable>(_ type: T.Type) throws -> T { try CompanionJSON.decode(type, from: body) }

    /// `error.code` of an error body, nil when the body is not one.
    public var errorCode: String? { (try? decode(APIErrorResponse.self))?.error.code }

    public func header(_ name: String) -> String? {
        headers.first { $0.key.lowercased() == name.lowercased() }?.value
    }
}

/// A real HTTP client (URLSession) against a live sidecar.
///
/// Never cancel a task while it awaits this probe: on Linux, cancelling URLSession's async API can deadlock.
public struct HTTPProbe: Sendable {
    public let baseURL: URL

    public init(baseURL: URL) { self.baseURL = baseURL }
    /// One session for all probes (no cookies, no cache).
    public static let session = URLSession(configuration: .ephemeral)

    public func send(
        _ method: String, _ path: String, body: Data? = nil, headers: [String: String] = [:]
    ) async throws -> HTTPReply {
        var request = URLRequest(url: URL(string: baseURL.absoluteString + path)!)
        request.httpMethod = method
        request.timeoutInterval = TestDeadline.seconds
        request.httpBody = body
        if body != nil { request.setValue("application/json", forHTTPHeaderField: "Content-Type") }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await Self.session.data(for: request)
        let http = response as! HTTPURLResponse
        var fields: [String: String] = [:]
        for (key, value) in http.allHeaderFields { fields["\(key)"] = "\(value)" }
        return HTTPReply(status: http.statusCode, headers: fields, body: data)
    }

    public func get(_ path: String, headers: [String: String] = [:]) async throws -> HTTPReply {
        try await send("GET", path, headers: headers)
    }

    public func post(_ path: String, _ body: Data? = nil, headers: [String: String] = [:]) async throws -> HTTPReply {
        try await send("POST", path, body: body, headers: headers)
    }

    /// Starts a pairing and returns the answer (the probe runs on loopback, so it is allowed).
    public func startPairing(ttl: Int? = nil) async throws -> PairingStartResponse {
        let reply = try await post(
            "/companion/pairing/start", try CompanionJSON.encode(PairingStartRequest(ttlSeconds: ttl)))
        guard reply.status == 200 else {
            throw APIErrorResponse(code: .internalError, message: "start answered \(reply.status)")
        }
        return try reply.decode(PairingStartResponse.self)
    }
}
