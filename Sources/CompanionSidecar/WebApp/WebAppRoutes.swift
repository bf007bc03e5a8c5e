import HTTPTypes
import Hummingbird

/// `GET /app/…` (and `HEAD`): the phone web app, from the files embedded in the binary (``WebAppResponses``).
///
/// `/app` redirects to `/app/` (the service worker's scope and the base of the app's relative URLs); `/app/`
/// is `index.html`. Open like `/health`: the files hold no data, every data call the app makes is signed.
/// Lookups are by exact name in the embedded table, so no path reaches the file system.
struct WebAppRoutes {
    let responses: WebAppResponses

    func register(on router: Router<SidecarRequestContext>) {
        for headOnly in [false, true] {
            let method: HTTPRequest.Method = headOnly ? .head : .get
            router.on("app", method: method) { request, _ in
                if !request.uri.path.hasSuffix("/") {
                    var headers = WebAppHeaders.common
                    headers[.location] = "/app/"
                    return Response(status: .movedPermanently, headers: headers, body: .init())
                }
                return try serve("", request: request, headOnly: headOnly)
            }
            router.on("app/**", method: method) { request, context in
                let path = context.parameters.getCatchAll().joined(separator: "/")
                return try serve(path, request: request, headOnly: headOnly)
            }
        }
    }

    private func serve(_ path: String, request: Request, headOnly: Bool) throws -> Response {
        guard
            let response = responses.response(
                for: path, ifNoneMatch: request.headers[.ifNoneMatch], headOnly: headOnly)
        else { throw SidecarError.notFound("no file \(path.prefix(100)) in the web app: open /app/") }
        return response
    }
}
