import Hummingbird

/// What guards the task routes, which run shell commands: a required argument of
/// ``TaskService/addRoutes(to:guard:)`` and ``TaskService/addWebSocketRoutes(to:guard:refusal:)``.
///
/// There is no guard that lets everyone in: a ``TaskService`` served on its own requires its `X-API-Key`
/// (``apiKey(_:)``); the full sidecar accepts a request signed by a paired device or that key
/// (`SignatureOrKeyMiddleware`).
package struct TaskRouteGuard<Context: RequestContext> {
    let middleware: any MiddlewareProtocol<Request, Response, Context>

    init(_ middleware: any MiddlewareProtocol<Request, Response, Context>) {
        self.middleware = middleware
    }

    /// Only requests carrying `key` in the `X-API-Key` header.
    package static func apiKey(_ key: TaskAPIKey) -> TaskRouteGuard {
        TaskRouteGuard(TaskAPIKeyMiddleware<Context>(key: key))
    }
}
