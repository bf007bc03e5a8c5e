import Hummingbird

extension Sidecar {
    /// `group` with signed-request authentication in front of every route added to it afterwards,
    /// unless the configuration turns it off (tests of the brief's unauthenticated MVP shapes only).
    func protectedGroup(_ group: RouterGroup<SidecarRequestContext>) -> RouterGroup<SidecarRequestContext> {
        guard configuration.requireSignedRequests else { return group }
        return group.add(
            middleware: SignedRequestMiddleware(
                authenticator: authenticator, registry: registry, bodyLimit: configuration.maxBodyBytes, now: now))
    }
}
