import CompanionAPI
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// REST client of the sidecar's task endpoints (`/v1/tasks…`).
public struct TaskClient: Sendable {
    /// Authentication headers for a request (e.g. the signed-request headers of ``RequestSigner``), from its
    /// method, path with query, and body. Applied to REST requests and to the WebSocket upgrade.
    public typealias HeaderSigner =
        @Sendable (_ method: String, _ pathAndQuery: String, _ body: [UInt8]) throws -> [String: String]

    /// The sidecar's base URL, e.g. `http://127.0.0.1:7878`.
    public let baseURL: URL
    /// Sent as `X-API-Key` when set.
    public let apiKey: String?
    let sign: HeaderSigner?
    let session: URLSession
    let timeout: TimeInterval

    public init(baseURL: URL, apiKey: String? = nil, timeout: TimeInterval = 10, sign: HeaderSigner? = nil) {
        self.baseURL = baseURL
        self.apiKey = apiKey
        self.sign = sign
        self.timeout = timeout
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        self.session = URLSession(configuration: configuration)
    }

    /// Every task, newest first (`limit` keeps the newest only).
    public func list(limit: Int? = nil) async throws -> [AgentTask] {
        let query = limit.map { [URLQueryItem(name: "limit", value: String($0))] } ?? []
        return try await send("GET", path: "v1/tasks", query: query, as: TaskListResponse.self).tasks
    }

    /// One task with its steps.
    public func task(id: String) async throws -> AgentTask {
        try await send("GET", path: "v1/tasks/\(Self.escape(id))", taskID: id, as: TaskResponse.self).task
    }

    /// Creates a queued task.
    public func create(_ request: CreateTaskRequest) async throws -> AgentTask {
        let body = try CompanionJSON.encode(request)
        return try await send("POST", path: "v1/tasks", body: body, as: TaskResponse.self).task
    }

    /// Starts a queued task.
    public func start(id: String) async throws -> AgentTask {
        try await send("POST", path: "v1/tasks/\(Self.escape(id))/start", taskID: id, as: TaskResponse.self).task
    }

    /// Cancels a queued or running task; answers once the task has ended.
    public func cancel(id: String) async throws -> AgentTask {
        try await send("POST", path: "v1/tasks/\(Self.escape(id))/cancel", taskID: id, as: TaskResponse.self).task
    }

    /// The log lines after `after`, or the last `lines` lines when `after` is nil.
    public func tail(id: String, after: Int? = nil, lines: Int? = nil, limit: Int? = nil) async throws
        -> TaskLogTailResponse
    {
        var query: [URLQueryItem] = []
        if let after { query.append(URLQueryItem(name: "after", value: String(after))) }
        if let lines { query.append(URLQueryItem(name: "lines", value: String(lines))) }
        if let limit { query.append(URLQueryItem(name: "limit", value: String(limit))) }
        return try await send(
            "GET", path: "v1/tasks/\(Self.escape(id))/logs/tail", query: query, taskID: id,
            as: TaskLogTailResponse.self)
    }

    /// A path segment with everything but unreserved characters percent-encoded.
    static func escape(_ segment: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return segment.addingPercentEncoding(withAllowedCharacters: allowed) ?? segment
    }

    /// Every authentication header for a request to `url`: the API key and the signature headers.
    func authenticationHeaders(method: String, url: URL, body: [UInt8]) throws -> [String: String] {
        var headers: [String: String] = [:]
        if let apiKey { headers["X-API-Key"] = apiKey }
        if let sign {
            let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
            var pathAndQuery = components?.percentEncodedPath ?? url.path
            if let query = components?.percentEncodedQuery { pathAndQuery += "?" + query }
            headers.merge(try sign(method, pathAndQuery.isEmpty ? "/" : pathAndQuery, body)) { $1 }
        }
        return headers
    }

    /// The URL of an endpoint, with an optional query.
    func url(path: String, query: [URLQueryItem] = []) throws -> URL {
        let base = baseURL.absoluteString.hasSuffix("/") ? baseURL.absoluteString : baseURL.absoluteString + "/"
        guard var components = URLComponents(string: base + path) else {
            throw TaskClientError.transport("invalid sidecar URL \(baseURL.absoluteString)")
        }
        if !query.isEmpty { components.queryItems = query }
        guard let url = components.url else { throw TaskClientError.transport("invalid URL for \(path)") }
        return url
    }
}
