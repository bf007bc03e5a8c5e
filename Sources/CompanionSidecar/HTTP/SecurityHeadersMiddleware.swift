import HTTPTypes
import Hummingbird

/// The headers every answer of the sidecar carries, so that nothing it sends can be rendered, sniffed or framed
/// by a browser as a page: JSON, event streams, errors and the 404 of an unknown path alike. A response that set
/// its own (the phone web app's files: ``WebAppHeaders``) keeps them.
///
/// - `Content-Security-Policy: default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`:
///   an API answer opened as a document loads and runs nothing and cannot be framed.
/// - `X-Content-Type-Options: nosniff`, `X-Frame-Options: DENY`, `Referrer-Policy: no-referrer`.
struct SecurityHeadersMiddleware: RouterMiddleware {
    typealias Context = SidecarRequestContext

    static let contentSecurityPolicy = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var response = try await next(request, context)
        Self.apply(to: &response.headers)
        return response
    }

    /// Sets each header `headers` does not have yet.
    static func apply(to headers: inout HTTPFields) {
        if headers[.contentSecurityPolicy] == nil { headers[.contentSecurityPolicy] = contentSecurityPolicy }
        if headers[.xContentTypeOptions] == nil { headers[.xContentTypeOptions] = "nosniff" }
        if headers[.xFrameOptions] == nil { headers[.xFrameOptions] = "DENY" }
        if headers[.referrerPolicy] == nil { headers[.referrerPolicy] = "no-referrer" }
    }
}
