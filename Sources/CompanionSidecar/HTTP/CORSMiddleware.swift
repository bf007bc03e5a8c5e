import HTTPTypes
import Hummingbird

/// CORS for the configured development origins (see ``OriginPolicy``), and refusal of cross-origin state changes.
///
/// - The pairing routes (`/companion/pairing/…`) never get CORS headers: no browser page, whatever its origin,
///   may read a pairing code, a pairing result or a pairing answer, and their preflights are refused.
/// - Preflight (`OPTIONS` with `Access-Control-Request-Method`) from an allowed origin: 204 with the CORS headers;
///   from another origin: 403.
/// - Other requests from an allowed origin get `Access-Control-Allow-Origin` on their answer, errors included.
/// - A non-GET request whose `Origin` is not allowed is refused with 403 before it reaches a route: browsers
///   send the request even when they hide the answer, so CORS alone would not stop it.
/// - The sidecar's own origin (``OwnOrigin``: the phone web app it serves under `/app/`) is admitted for signed
///   requests (the route's guard then verifies the signature) and for `POST /companion/pairing/complete` (whose
///   credential is the pairing code): nothing else. It gets no CORS headers (a same-origin page needs none), and
///   `pairing/start`, `cancel` and `last` stay refused to it like to any page.
struct DevCORSMiddleware: RouterMiddleware {
    typealias Context = SidecarRequestContext

    let policy: OriginPolicy
    /// The sidecar's own origin; nil admits none (routers in tests).
    var ownOrigin: OwnOrigin?
    /// Request headers a browser client may send (signed-request headers are added here when they exist).
    static let allowedHeaders = "Content-Type, Accept, X-API-Key"
    static let allowedMethods = "GET, POST, DELETE, OPTIONS"

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard let origin = request.headers[.origin] else { return try await next(request, context) }
        if let ownOrigin, ownOrigin.matches(origin, authority: request.head.authority, localPort: context.localPort),
            Self.isSigned(request) || (request.method == .post && Self.isPairingCompletion(request.uri.path))
        {
            return try await next(request, context)
        }
        let allowed = policy.allows(origin) && !Self.isPairing(request.uri.path)
        if request.method == .options, request.headers[.accessControlRequestMethod] != nil {
            guard allowed else {
                return try ErrorMiddleware.response(for: .forbidden("origin not allowed: \(origin.prefix(100))"))
            }
            var response = Response(status: .noContent)
            addHeaders(to: &response, origin: origin)
            response.headers[.accessControlAllowMethods] = Self.allowedMethods
            response.headers[.accessControlAllowHeaders] = Self.allowedHeaders
            response.headers[.accessControlMaxAge] = "600"
            return response
        }
        if !allowed && request.method != .get && request.method != .head {
            return try ErrorMiddleware.response(
                for: .forbidden("cross-origin request from \(origin.prefix(100)) refused"))
        }
        var response = try await next(request, context)
        if allowed { addHeaders(to: &response, origin: origin) }
        return response
    }

    /// True for `/companion/pairing` and everything under it, however the path is spelled: the router drops empty
    /// segments (`//companion//pairing/start` reaches `pairing/start`), so the path is compared by its segments,
    /// percent-decoded and lowercased.
    static func isPairing(_ path: String) -> Bool {
        let segments = (path.removingPercentEncoding ?? path).lowercased().split(separator: "/")
        return segments.count >= 2 && segments[0] == "companion" && segments[1] == "pairing"
    }

    /// True for `/companion/pairing/complete`, spelled as ``isPairing(_:)`` compares.
    static func isPairingCompletion(_ path: String) -> Bool {
        let segments = (path.removingPercentEncoding ?? path).lowercased().split(separator: "/")
        return segments == ["companion", "pairing", "complete"]
    }

    /// True when the request carries a device signature (verified later by the route's guard).
    static func isSigned(_ request: Request) -> Bool {
        request.headers[SignedRequestFields.signature] != nil
    }

    private func addHeaders(to response: inout Response, origin: String) {
        response.headers[.accessControlAllowOrigin] = origin
        response.headers[.vary] = "Origin"
    }
}
