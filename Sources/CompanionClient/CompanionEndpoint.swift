import Foundation

/// One endpoint of the sidecar's API: method, path and query, and how it authenticates. Every client path
/// (``CompanionAPIClient``, ``TaskClient``, the log WebSocket) takes its endpoints from this table.
public struct CompanionEndpoint: Sendable, Equatable, CustomStringConvertible {
    /// How an endpoint authenticates.
    public enum Auth: Sendable, Equatable {
        /// Nothing: `/health`, pairing, the open status.
        case none
        /// A signed request from a paired device.
        case signature
        /// A signed request or the API key (`X-API-Key`): the task endpoints.
        case signatureOrAPIKey
        /// A signed request or the API key as `Authorization: Bearer` (the ILS app's scheme): the Claude Code
        /// endpoints under `/api/v1`.
        case signatureOrBearer
    }

    /// HTTP method, e.g. `GET`.
    public let method: String
    /// Path below the base URL, percent-encoded, e.g. `/companion/status`.
    public let path: String
    /// Query items, in order (percent-encoded when sent).
    public let query: [URLQueryItem]
    /// How the request authenticates.
    public let auth: Auth

    public init(method: String, path: String, query: [URLQueryItem] = [], auth: Auth) {
        self.method = method
        self.path = path
        self.query = query
        self.auth = auth
    }

    /// True when the request carries a signature (when a signer is available).
    public var requiresSignature: Bool { auth != .none }

    /// Path and query as sent (and signed), below the base URL.
    public var pathAndQuery: String {
        guard !query.isEmpty else { return path }
        var components = URLComponents()
        components.queryItems = query
        return path + "?" + (components.percentEncodedQuery ?? "")
    }

    public var description: String { "\(method) \(path)" }

    // MARK: The companion endpoints of the pairing brief

    /// `GET /health`.
    public static let health = CompanionEndpoint(method: "GET", path: "/health", auth: .none)
    /// `POST /companion/pairing/start` (the workstation only).
    public static let pairingStart = CompanionEndpoint(method: "POST", path: "/companion/pairing/start", auth: .none)
    /// `POST /companion/pairing/complete`.
    public static let pairingComplete = CompanionEndpoint(
        method: "POST", path: "/companion/pairing/complete", auth: .none)
    /// `GET /companion/pairing/last` (the workstation only): the last completed pairing and its verification code.
    public static let pairingLast = CompanionEndpoint(method: "GET", path: "/companion/pairing/last", auth: .none)
    /// `POST /companion/pairing/cancel` (the workstation only): cancels the pairing whose token is given.
    public static let pairingCancel = CompanionEndpoint(
        method: "POST", path: "/companion/pairing/cancel", auth: .none)
    /// `GET /companion/pairing/v2/offer`: the active pairing's id and the sidecar's key, for a v2 exchange.
    public static let pairingOffer = CompanionEndpoint(method: "GET", path: "/companion/pairing/v2/offer", auth: .none)
    /// `POST /companion/pairing/v2/exchange`: the companion's CPace message.
    public static let pairingExchange = CompanionEndpoint(
        method: "POST", path: "/companion/pairing/v2/exchange", auth: .none)
    /// `POST /companion/pairing/v2/confirm`: the companion's key confirmation.
    public static let pairingConfirm = CompanionEndpoint(
        method: "POST", path: "/companion/pairing/v2/confirm", auth: .none)
    /// `GET /companion/status`.
    public static let status = CompanionEndpoint(method: "GET", path: "/companion/status", auth: .none)
    /// `GET /companion/status`, signed: the sidecar checks the signature (401 once this device is no longer
    /// trusted) and records the device as seen.
    public static let signedStatus = CompanionEndpoint(method: "GET", path: "/companion/status", auth: .signature)
    /// `GET /companion/tls`: the TLS key pin served now and an announced next one (signed).
    public static let tlsStatus = CompanionEndpoint(method: "GET", path: "/companion/tls", auth: .signature)
    /// `GET /companion/status?auditSince=ID`, signed: the answer also carries the hash of row `ID` of the audit log.
    public static func signedStatus(auditSince id: Int64) -> CompanionEndpoint {
        CompanionEndpoint(
            method: "GET", path: "/companion/status", query: [URLQueryItem(name: "auditSince", value: String(id))],
            auth: .signature)
    }
    /// `POST /companion/disconnect`.
    public static let disconnect = CompanionEndpoint(method: "POST", path: "/companion/disconnect", auth: .signature)
    /// `GET /companion/devices`.
    public static let devices = CompanionEndpoint(method: "GET", path: "/companion/devices", auth: .signature)

    /// `DELETE /companion/devices/:id`, with the id percent-encoded as one path segment.
    public static func revokeDevice(id: String) -> CompanionEndpoint {
        CompanionEndpoint(method: "DELETE", path: "/companion/devices/\(segment(id))", auth: .signature)
    }

    // MARK: The task endpoints of the orchestrator brief

    /// `GET /v1/tasks`, newest first, optionally only the newest `limit`.
    public static func tasks(limit: Int? = nil) -> CompanionEndpoint {
        CompanionEndpoint(
            method: "GET", path: "/v1/tasks",
            query: limit.map { [URLQueryItem(name: "limit", value: String($0))] } ?? [],
            auth: .signatureOrAPIKey)
    }
    /// `POST /v1/tasks`.
    public static let createTask = CompanionEndpoint(method: "POST", path: "/v1/tasks", auth: .signatureOrAPIKey)
    /// `GET /v1/tasks/:id`.
    public static func task(id: String) -> CompanionEndpoint {
        CompanionEndpoint(method: "GET", path: "/v1/tasks/\(segment(id))", auth: .signatureOrAPIKey)
    }
    /// `POST /v1/tasks/:id/start`.
    public static func startTask(id: String) -> CompanionEndpoint {
        CompanionEndpoint(method: "POST", path: "/v1/tasks/\(segment(id))/start", auth: .signatureOrAPIKey)
    }
    /// `POST /v1/tasks/:id/cancel`.
    public static func cancelTask(id: String) -> CompanionEndpoint {
        CompanionEndpoint(method: "POST", path: "/v1/tasks/\(segment(id))/cancel", auth: .signatureOrAPIKey)
    }
    /// `GET /v1/tasks/:id/logs/tail`: the lines after `after`, or the last `lines` lines.
    public static func taskLogTail(id: String, after: Int? = nil, lines: Int? = nil, limit: Int? = nil)
        -> CompanionEndpoint
    {
        var query: [URLQueryItem] = []
        if let after { query.append(URLQueryItem(name: "after", value: String(after))) }
        if let lines { query.append(URLQueryItem(name: "lines", value: String(lines))) }
        if let limit { query.append(URLQueryItem(name: "limit", value: String(limit))) }
        return CompanionEndpoint(
            method: "GET", path: "/v1/tasks/\(segment(id))/logs/tail", query: query, auth: .signatureOrAPIKey)
    }
    /// `GET /v1/tasks/:id/logs` upgraded to a WebSocket, resuming after `after`.
    public static func taskLogSocket(id: String, after: Int) -> CompanionEndpoint {
        CompanionEndpoint(
            method: "GET", path: "/v1/tasks/\(segment(id))/logs",
            query: [URLQueryItem(name: "after", value: String(after))], auth: .signatureOrAPIKey)
    }

    /// `text` as one path segment: everything but unreserved characters percent-encoded.
    static func segment(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}

/// A request as a signer sees it: everything a signature may cover.
public struct SignableRequest: Sendable, Equatable {
    /// HTTP method, upper case.
    public let method: String
    /// Path and query as sent, percent-encoded, including any base-URL prefix.
    public let pathAndQuery: String
    /// The exact body bytes sent (empty when there is none).
    public let body: Data

    public init(method: String, pathAndQuery: String, body: Data) {
        self.method = method
        self.pathAndQuery = pathAndQuery
        self.body = body
    }
}

/// Adds authentication headers to requests of endpoints that take a signature.
///
/// This is the seam for signed requests: the transport calls it for every such request and never for
/// `/health`, pairing or the unsigned status. Throwing aborts the request before anything is sent.
public protocol RequestSigning: Sendable {
    /// Header fields to add to `request`.
    func headers(for request: SignableRequest) throws -> [String: String]
}
