import Hummingbird

/// Refuses (403) requests whose TCP peer is not on this machine. Guards the task routes of a sidecar whose
/// signed requests are turned off (tests of the brief's MVP shapes) and that has no `X-API-Key`: a sidecar
/// bound to the LAN must never let strangers start agent commands.
struct LoopbackOnlyMiddleware: RouterMiddleware {
    typealias Context = SidecarRequestContext

    let what: String

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard context.peerIsLoopback else {
            throw SidecarError.forbidden(
                "\(what) are only served to this machine unless the sidecar has an API key (--api-key-file)")
        }
        return try await next(request, context)
    }
}
