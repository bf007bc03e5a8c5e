import Hummingbird

/// Registers everything of the agent sessions on the sidecar's router, with the guards of ``Sidecar``.
enum AgentsRoutes {
    static func register(_ agents: AgentsService, on router: Router<SidecarRequestContext>, sidecar: Sidecar) {
        let authentication = SignatureOrKeyMiddleware(
            signed: sidecar.signedRequests(bodyLimit: AgentRoutes.maxBodyBytes),
            apiKey: sidecar.configuration.taskAPIKey, presentation: .bearer)
        AgentRoutes(service: agents).register(on: router, authentication: authentication)
        AgentSocket(service: agents).register(
            on: router, authentication: authentication, stillAuthorized: sidecar.taskStreamStillAuthorized,
            scopes: sidecar.currentScopes)
    }
}
