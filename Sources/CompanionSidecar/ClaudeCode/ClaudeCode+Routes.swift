import Hummingbird

extension ClaudeCode {
    /// Registers `/api/v1` (the Claude Code API in the ILS app's contract) on `router`: one route file per
    /// resource, each answered by its own service, all behind the envelope and `authentication` (a signed request
    /// or the Bearer API key). `streamRefusal` says why an open chat stream must end now.
    func register(
        on router: Router<SidecarRequestContext>, authentication: SignatureOrKeyMiddleware,
        streamRefusal: @escaping @Sendable (SidecarRequestContext) async -> String?
    ) {
        let api = router.group("api/v1").add(middleware: EnvelopeErrorMiddleware()).add(middleware: authentication)
        ClaudeSkillRoutes(backend: skills).register(on: api)
        ClaudePluginRoutes(backend: plugins).register(on: api)
        ClaudeCodeRoutes(backend: sessions, streamRefusal: streamRefusal).register(on: api)
        ClaudeMCPRoutes(backend: mcp).register(on: api)
        ClaudeConfigRoutes(backend: config).register(on: api)
    }
}
