import CompanionAPI

/// The one table of what every route needs: nothing (open routes: health, pairing, the open status) or a
/// ``DeviceScope`` of the device that signed the request (or of the API key). Routes are named as the router
/// names them (`METHOD /path/{parameter}`). A route missing from the table is refused to everyone (403), and
/// `RouteScopeTests` fails for it, so a new route cannot ship without a decision.
package enum RouteScopes {
    /// What a route requires.
    package enum Requirement: Sendable, Equatable {
        /// No credential (the route does its own checks, e.g. loopback-only `pairing/start`).
        case open
        /// A device (or API key) with this scope. With `orSelf`, a device may also act on itself: the path
        /// parameter of that name equals its own id (a device may always revoke itself).
        case scope(DeviceScope, orSelf: String? = nil)
    }

    /// Every route of the sidecar.
    package static let table: [String: Requirement] = [
        "GET /health": .open, "HEAD /health": .open, "GET /openapi.yaml": .open, "HEAD /openapi.yaml": .open,
        // The phone web app's files (embedded, no data: every call the app makes is signed).
        "GET /app": .open, "HEAD /app": .open, "GET /app/**": .open, "HEAD /app/**": .open,
        "POST /companion/pairing/start": .open, "POST /companion/pairing/complete": .open,
        "GET /companion/pairing/last": .open, "GET /companion/pairing/v2/offer": .open,
        "POST /companion/pairing/v2/exchange": .open, "POST /companion/pairing/v2/confirm": .open,
        "GET /companion/status": .open,
        "POST /companion/disconnect": .scope(.read),
        "GET /companion/devices": .scope(.read), "GET /companion/tls": .scope(.read),
        "DELETE /companion/devices/{id}": .scope(.admin, orSelf: "id"),
        // Web Push: a device that can see attention and tasks (`read`) may be told about them. Deleting another
        // device's subscription also needs `admin` (checked by the route: the owner or an admin).
        "GET /companion/push/vapid": .scope(.read), "POST /companion/push/subscriptions": .scope(.read),
        "DELETE /companion/push/subscriptions/{id}": .scope(.read),
        "GET /v1/tasks": .scope(.read), "GET /v1/tasks/{id}": .scope(.read),
        "GET /v1/tasks/{id}/logs/tail": .scope(.read), "GET /v1/tasks/{id}/logs": .scope(.read),
        "POST /v1/tasks": .scope(.tasks), "POST /v1/tasks/{id}/start": .scope(.tasks),
        "POST /v1/tasks/{id}/cancel": .scope(.tasks),
        "GET /api/v1/projects": .scope(.read), "GET /api/v1/projects/{id}": .scope(.read),
        "GET /api/v1/projects/{id}/sessions": .scope(.read), "GET /api/v1/sessions": .scope(.read),
        "GET /api/v1/sessions/scan": .scope(.read),
        "GET /api/v1/sessions/transcript/{encodedProjectPath}/{sessionId}": .scope(.read),
        "GET /api/v1/sessions/{id}": .scope(.read), "GET /api/v1/sessions/{id}/messages": .scope(.read),
        "GET /api/v1/stats": .scope(.read), "GET /api/v1/stats/recent": .scope(.read),
        // Chat: `chat`, with the options that widen what runs unprompted needing `control`
        // (`RouteScopes.optionRules`, checked by `OptionCheck`).
        "POST /api/v1/sessions": .scope(.chat), "DELETE /api/v1/sessions/{id}": .scope(.chat),
        "POST /api/v1/sessions/{id}/fork": .scope(.chat), "POST /api/v1/chat/stream": .scope(.chat),
        "POST /api/v1/chat/cancel/{sessionId}": .scope(.chat),
        "POST /companion/pairing/cancel": .open,  // loopback only, with the pairing's token
        // Claude Code's configuration: reading it is `read`. Whatever changes what Claude Code runs without a
        // prompt is `control` (a device without it can never make anything run unprompted): MCP servers (the
        // health check starts the server's command), skills (installing clones an address the caller chose, and a
        // skill's `allowed-tools` run unprompted), plugins and marketplaces (a plugin brings hooks and MCP servers;
        // disabling one can remove a guard). `PUT /config` is `chat` for the keys `RouteScopes.optionRules` allows
        // and `control` for every other key. Revealing MCP or settings `env` secrets is `admin`.
        "GET /api/v1/mcp": .scope(.read), "GET /api/v1/mcp/{name}": .scope(.read),
        "GET /api/v1/mcp/{name}/health": .scope(.control), "POST /api/v1/mcp/{name}/reveal": .scope(.admin),
        "POST /api/v1/mcp": .scope(.control), "PUT /api/v1/mcp/{name}": .scope(.control),
        "DELETE /api/v1/mcp/{name}": .scope(.control),
        "GET /api/v1/config": .scope(.read), "PUT /api/v1/config": .scope(.chat),
        "POST /api/v1/config/reveal": .scope(.admin),
        "GET /api/v1/skills": .scope(.read), "GET /api/v1/skills/search": .scope(.read),
        "GET /api/v1/skills/sources": .scope(.read), "GET /api/v1/skills/{name}": .scope(.read),
        "POST /api/v1/skills/install": .scope(.control), "POST /api/v1/skills/sources": .scope(.control),
        "DELETE /api/v1/skills/sources/{name}": .scope(.control), "DELETE /api/v1/skills/{name}": .scope(.control),
        "GET /api/v1/plugins": .scope(.read), "GET /api/v1/plugins/marketplace": .scope(.read),
        "GET /api/v1/plugins/search": .scope(.read),
        "POST /api/v1/plugins/marketplaces": .scope(.control),
        "DELETE /api/v1/plugins/marketplaces/{name}": .scope(.control),
        "POST /api/v1/plugins/install": .scope(.control), "POST /api/v1/plugins/{name}/enable": .scope(.control),
        "POST /api/v1/plugins/{name}/disable": .scope(.control), "DELETE /api/v1/plugins/{name}": .scope(.control),
        // Agent sessions: watching is `read`; typing, starting, removing and answering permission requests is
        // `control` (send_input over /ws is checked the same way).
        "GET /api/groups": .scope(.read), "GET /api/sessions": .scope(.read), "GET /api/sessions/{id}": .scope(.read),
        "GET /api/sessions/{id}/terminal": .scope(.read), "GET /api/attention": .scope(.read),
        "GET /ws": .scope(.read),
        "POST /api/sessions": .scope(.control), "POST /api/sessions/{id}/input": .scope(.control),
        "DELETE /api/sessions/{id}": .scope(.control), "POST /api/approvals/{id}/approve": .scope(.control),
        "POST /api/approvals/{id}/deny": .scope(.control),
    ]

    /// The requirement of `method` on the route `path` (as the router names it); nil when the table has none.
    package static func requirement(method: String, path: String) -> Requirement? {
        table["\(method) \(path)"]
    }
}
