import CompanionAPI
import Hummingbird

/// Assembles the router: middleware first (they wrap only routes added after them), then one group per feature.
///
/// Order of middleware, outermost first: request log, CORS/origin check, JSON errors. Feature groups:
/// - `/health`, `/openapi.yaml`, `/app/…` (the phone web app, ``WebAppRoutes``): open.
/// - `/companion/pairing/*`: open (the pairing code is the credential); `start`, `cancel` and `last` are for the
///   workstation itself only (``LocalOnlyGate``).
/// - `/companion/status`: open (onboarding calls it before pairing); a signed request is checked and counts as
///   the device being seen.
/// - `/companion/disconnect`, `/companion/devices…`, `/companion/tls`, `/companion/push…`: the device group, where request
///   authentication (signed requests) is added as a group middleware.
/// - `/v1/tasks…`, `WS /v1/tasks/{id}/logs`: the task groups (``TaskService``), guarded by
///   ``SignatureOrKeyMiddleware`` (signed requests, or the `X-API-Key` when configured); the same router
///   serves the WebSocket upgrades.
/// - `/api/v1…`: the Claude Code API (``ClaudeCodeRoutes``) when configured, guarded by
///   ``SignatureOrKeyMiddleware`` (signed requests, or the API key as `Authorization: Bearer`).
/// - `/api/sessions…`, `/api/groups`, `/api/attention`, `/api/approvals…`, `WS /ws`: agent sessions (``AgentRoutes``,
///   ``AgentSocket``), same guard. Claude Code's hooks arrive over the owner socket, never over TCP.
enum SidecarRouter {
    static func build(_ sidecar: Sidecar) -> Router<SidecarRequestContext> {
        let router = Router(context: SidecarRequestContext.self)
        router.add(middleware: RequestLogMiddleware())
        router.add(middleware: SecurityHeadersMiddleware())
        router.add(
            middleware: DevCORSMiddleware(
                policy: sidecar.configuration.originPolicy, ownOrigin: OwnOrigin(hostPolicy: sidecar.hostPolicy)))
        router.add(middleware: BrowserSignedUpgrade())
        let allowedMethods = AllowedMethods()
        router.add(middleware: ErrorMiddleware(allowedMethods: allowedMethods))

        HealthRoutes(
            version: sidecar.configuration.version, openAPIDocument: sidecar.openAPIDocument,
            claudeCode: sidecar.claudeCode?.runtime, push: sidecar.push,
            insecureHTTP: sidecar.configuration.servesInsecureHTTP,
            pairingVersion: sidecar.configuration.identity == nil ? 1 : PairingProtocolV2.version
        ).register(on: router)
        // `/app/…`: the phone web app (embedded files, open like /health; its data calls are signed).
        WebAppRoutes(responses: WebAppResponses()).register(on: router)
        let companion = router.group("companion")
        PairingRoutes(
            pairing: sidecar.pairing,
            gate: sidecar.localOnlyGate(), bodyLimit: sidecar.configuration.maxBodyBytes
        ).register(on: companion.group("pairing"))
        PairingResultRoute(pairing: sidecar.pairing, gate: sidecar.localOnlyGate()).register(
            on: companion.group("pairing"))
        PairingV2Routes(pairing: sidecar.pairing, bodyLimit: sidecar.configuration.maxBodyBytes)
            .register(on: companion.group("pairing/v2"))
        let routes = CompanionRoutes(registry: sidecar.registry, now: sidecar.now)
        routes.registerStatus(on: sidecar.optionallySignedGroup(companion.group()))
        routes.registerDeviceRoutes(on: sidecar.protectedGroup(companion.group()))
        // `GET /companion/tls`: the TLS pins, for paired devices to learn a rotation before it happens.
        TLSRoutes(tls: sidecar.tls).register(on: sidecar.protectedGroup(companion.group()))
        // `/companion/push…`: the VAPID key and the device's Web Push subscriptions.
        if let push = sidecar.push {
            PushRoutes(push: push, registry: sidecar.registry, bodyLimit: sidecar.configuration.maxBodyBytes)
                .register(on: sidecar.protectedGroup(companion.group("push")))
        }
        // `/v1/tasks…` (orchestrator): their own group, signed requests or the configured `X-API-Key`.
        sidecar.tasks.addRoutes(to: router, guard: sidecar.taskRouteGuard)
        sidecar.tasks.addWebSocketRoutes(
            to: router, guard: sidecar.taskRouteGuard, refusal: sidecar.streamRefusal(needing: .read))
        // `/api/v1…` (Claude Code, the ILS app's contract): signed requests or the Bearer API key.
        if let claudeCode = sidecar.claudeCode {
            claudeCode.register(
                on: router,
                authentication: SignatureOrKeyMiddleware(
                    signed: sidecar.signedRequests(bodyLimit: ClaudeCodeRoutes.maxChatBodyBytes),
                    apiKey: sidecar.configuration.taskAPIKey, presentation: .bearer),
                streamRefusal: sidecar.streamRefusal(needing: .chat))
        }
        // Agent sessions (`/api/sessions…`, `/api/attention`, approvals, `WS /ws`).
        if let agents = sidecar.agents { AgentsRoutes.register(agents, on: router, sidecar: sidecar) }
        allowedMethods.load(router.routes)
        return router
    }
}

extension Sidecar {
    /// The check of the routes only the workstation itself may call, with this sidecar's names and address.
    func localOnlyGate(refusesConnectionClose: Bool = true) -> LocalOnlyGate {
        LocalOnlyGate(hostPolicy: hostPolicy, refusesConnectionClose: refusesConnectionClose)
    }

    /// The names and addresses of this machine that this sidecar answers under.
    var hostPolicy: HostPolicy {
        HostPolicy(
            hostName: configuration.hostName, publicURL: configuration.publicURL, bindAddresses: configuration.hosts)
    }
}
