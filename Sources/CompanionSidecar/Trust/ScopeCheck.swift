import CompanionAPI
import HTTPTypes
import Hummingbird

/// Applies ``RouteScopes`` to an authenticated request: 403 with a JSON error naming the missing scope.
enum ScopeCheck {
    static func require(
        method: HTTPRequest.Method, context: SidecarRequestContext, scopes: Set<DeviceScope>, deviceID: String?
    ) throws {
        let route = "\(method.rawValue) \(context.endpointPath ?? "?")"
        guard let requirement = RouteScopes.requirement(method: method.rawValue, path: context.endpointPath ?? "")
        else { throw SidecarError.forbidden("the route \(route) declares no scope, so nobody may call it") }
        guard case .scope(let scope, let selfParameter) = requirement else { return }
        if scopes.contains(scope) { return }
        if let selfParameter, let deviceID, context.parameters.get(selfParameter) == deviceID { return }
        let wider = DeviceScope.text(scopes.union([scope]))
        guard let deviceID else {
            throw SidecarError.forbidden(
                "the API key lacks the '\(scope.rawValue)' scope that \(route) needs; the workstation owner can grant "
                    + "it (companion sidecar serve --api-key-scopes \(wider))")
        }
        throw SidecarError.forbidden(
            "this device lacks the '\(scope.rawValue)' scope that \(route) needs; the workstation owner can grant it "
                + "(companion sidecar devices scope \(deviceID) \(wider))")
    }
}
