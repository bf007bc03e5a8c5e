import Foundation

/// One endpoint of the companion contract: method, path, and whether it carries a request signature.
public struct CompanionEndpoint: Sendable, Equatable, CustomStringConvertible {
    /// HTTP method, e.g. `GET`.
    public let method: String
    /// Path below the base URL, percent-encoded, e.g. `/companion/status`.
    public let path: String
    /// True when the request is signed (every endpoint except `/health`, pairing and the unsigned status).
    public let requiresSignature: Bool

    /// `GET /health`.
    public static let health = CompanionEndpoint(method: "GET", path: "/health", requiresSignature: false)
    /// `POST /companion/pairing/start` (the workstation only).
    public static let pairingStart = CompanionEndpoint(
        method: "POST", path: "/companion/pairing/start", requiresSignature: false)
    /// `POST /companion/pairing/complete`.
    public static let pairingComplete = CompanionEndpoint(
        method: "POST", path: "/companion/pairing/complete", requiresSignature: false)
    /// `GET /companion/status`.
    public static let status = CompanionEndpoint(method: "GET", path: "/companion/status", requiresSignature: false)
    /// `GET /companion/status`, signed: the sidecar checks the signature (401 once this device is no longer
    /// trusted) and records the device as seen.
    public static let signedStatus = CompanionEndpoint(
        method: "GET", path: "/companion/status", requiresSignature: true)
    /// `POST /companion/disconnect`.
    public static let disconnect = CompanionEndpoint(
        method: "POST", path: "/companion/disconnect", requiresSignature: true)
    /// `GET /companion/devices`.
    public static let devices = CompanionEndpoint(method: "GET", path: "/companion/devices", requiresSignature: true)

    /// `DELETE /companion/devices/:id`, with the id percent-encoded as one path segment.
    public static func revokeDevice(id: String) -> CompanionEndpoint {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/;?#%")
        let segment = id.addingPercentEncoding(withAllowedCharacters: allowed) ?? id
        return CompanionEndpoint(method: "DELETE", path: "/companion/devices/\(segment)", requiresSignature: true)
    }

    public var description: String { "\(method) \(path)" }
}

/// A request as a signer sees it: everything a signature may cover.
public struct SignableRequest: Sendable, Equatable {
    /// HTTP method, upper case.
    public let method: String
    /// Path and query as sent, percent-encoded, including any base-URL prefix.
    public let pathAndQuery: String
    /// The exact body bytes sent (empty when there is none).
    public let body: Data
}

/// Adds authentication headers to requests of endpoints with ``CompanionEndpoint/requiresSignature``.
///
/// This is the seam for signed requests: the client calls it for every such request and never for `/health`,
/// pairing or the unsigned status. Throwing aborts the request before anything is sent.
public protocol RequestSigning: Sendable {
    /// Header fields to add to `request`.
    func headers(for request: SignableRequest) throws -> [String: String]
}
