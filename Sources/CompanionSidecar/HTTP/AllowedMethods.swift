import Hummingbird
import Synchronization

/// The methods each route of the router answers, so that a known path asked with another method gets
/// `405 Method Not Allowed` with an `Allow` header (RFC 9110 §15.5.6) instead of a 404.
///
/// Filled from the finished router (``load(_:)``), once every route is registered; read by ``ErrorMiddleware``.
final class AllowedMethods: Sendable {
    private struct Route {
        let components: [Substring]
        let methods: Set<String>
    }

    private let routes = Mutex<[Route]>([])

    /// Takes the routes of a finished router.
    func load(_ descriptions: [Router<SidecarRequestContext>.RouteDescription]) {
        var byPath: [String: Set<String>] = [:]
        for route in descriptions { byPath[route.path.description, default: []].insert(route.method.rawValue) }
        let loaded = byPath.map { path, methods in
            Route(components: path.split(separator: "/"), methods: methods)
        }
        routes.withLock { $0 = loaded }
    }

    /// The methods some route answers at `path` (its query ignored), sorted; empty when no route has this path.
    /// `HEAD` is listed where the route has it.
    func methods(forPath path: String) -> [String] {
        let segments = (path.split(separator: "?", maxSplits: 1).first ?? "").split(separator: "/")
        let matching = routes.withLock { routes in
            routes.filter { Self.matches($0.components, segments) }.reduce(into: Set<String>()) {
                $0.formUnion($1.methods)
            }
        }
        return matching.sorted()
    }

    /// True when a route's components match the request's path segments (`{name}` and `*` match one segment,
    /// `**` the rest).
    private static func matches(_ components: [Substring], _ segments: [Substring]) -> Bool {
        var index = 0
        for component in components {
            if component == "**" { return true }
            guard index < segments.count else { return false }
            let isCapture = component.hasPrefix("{") && component.hasSuffix("}")
            guard isCapture || component == "*" || component == segments[index] else { return false }
            index += 1
        }
        return index == segments.count
    }
}
