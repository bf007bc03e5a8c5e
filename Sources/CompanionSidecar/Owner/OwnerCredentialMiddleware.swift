import Hummingbird

/// Serves only connections whose peer runs as `ownerUserID` (the sidecar's own user): anything else, or a
/// connection whose credentials cannot be read, is refused with 403 before any route runs. The peer's credentials
/// are kept in the context, for the routes that check its process ancestry (``PeerAncestry``).
struct OwnerCredentialMiddleware: RouterMiddleware {
    typealias Context = OwnerRequestContext

    let ownerUserID: UInt32

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard let peer = await OwnerSocket.peerCredentials(of: context.channel), peer.uid == ownerUserID else {
            throw SidecarError.forbidden("only the user running the sidecar may use its owner socket")
        }
        var context = context
        context.peer = peer
        return try await next(request, context)
    }
}
