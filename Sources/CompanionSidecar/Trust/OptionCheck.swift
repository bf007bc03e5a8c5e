import CompanionAPI

/// Applies ``RouteScopes/optionRules`` to a request body, before anything is changed or started: 403 naming the
/// scope and the field when the caller lacks the scope of a row its body matches. A field no row names needs
/// `control` (fail closed; `OptionScopeTests` keeps every field named).
enum OptionCheck {
    /// What a body field holds, as far as the rows' conditions care.
    enum FieldValue: Equatable {
        case empty
        case present
        case mode(String)
    }

    /// `POST /api/v1/chat/stream`: the message's options.
    static func require(_ request: ChatStreamRequest, scopes: Set<DeviceScope>, deviceID: String?)
        throws(SidecarError)
    {
        guard let options = request.options else { return }
        try require(fields(of: options, prefix: "options."), route: RouteScopes.chatStream, scopes, deviceID)
    }

    /// `POST /api/v1/sessions`: the options the new session stores.
    static func require(_ request: CreateSessionRequest, scopes: Set<DeviceScope>, deviceID: String?)
        throws(SidecarError)
    {
        try require(fields(of: request, prefix: ""), route: RouteScopes.createSession, scopes, deviceID)
    }

    /// `POST /api/v1/chat/stream` in a stored session: the permission mode the session keeps and this message
    /// does not override.
    static func requireStoredMode(_ mode: String?, scopes: Set<DeviceScope>, deviceID: String?) throws(SidecarError) {
        guard let mode else { return }
        try require(["session.permissionMode": .mode(mode)], route: RouteScopes.chatStream, scopes, deviceID)
    }

    /// `PUT /api/v1/config`: the top-level settings keys the request sets or removes.
    static func require(settingsKeys keys: [String], scopes: Set<DeviceScope>, deviceID: String?)
        throws(SidecarError)
    {
        var fields: [String: FieldValue] = [:]
        for key in keys { fields["content.\(key)"] = .present }
        try require(fields, route: RouteScopes.putConfig, scopes, deviceID)
    }

    private static func require(
        _ fields: [String: FieldValue], route: String, _ scopes: Set<DeviceScope>, _ deviceID: String?
    ) throws(SidecarError) {
        let rules = RouteScopes.optionRules(of: route)
        for (field, value) in fields.sorted(by: { $0.key < $1.key }) {
            let named = rules.filter { $0.field == field }
            let matching = named.isEmpty ? rules.filter { $0.condition == .anyOtherKey } : named
            let needed: (scope: DeviceScope, reason: String)
            if let rule = matching.first(where: { applies($0.condition, value) }) {
                needed = (rule.scope, rule.reason)
            } else if named.isEmpty {
                needed = (.control, "no rule names it, so it needs control")
            } else {
                continue
            }
            guard !scopes.contains(needed.scope) else { continue }
            throw refusal(needed.scope, field: field, route: route, reason: needed.reason, scopes, deviceID)
        }
    }

    static func applies(_ condition: RouteScopes.OptionCondition, _ value: FieldValue) -> Bool {
        switch condition {
        case .present, .anyOtherKey: return true
        case .nonEmpty: return value != .empty
        case .widensPermissionMode:
            guard case .mode(let mode) = value else { return false }
            return mode != PermissionMode.default.rawValue && mode != PermissionMode.plan.rawValue
        }
    }

    /// Every non-nil stored property of `value` by name (through `Mirror`, so a new field is seen at once).
    static func fields(of value: Any, prefix: String) -> [String: FieldValue] {
        var fields: [String: FieldValue] = [:]
        for child in Mirror(reflecting: value).children {
            guard let label = child.label, let field = fieldValue(child.value) else { continue }
            fields[prefix + label] = field
        }
        return fields
    }

    private static func fieldValue(_ value: Any) -> FieldValue? {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            guard let wrapped = mirror.children.first else { return nil }
            return fieldValue(wrapped.value)
        }
        if let mode = value as? PermissionMode { return .mode(mode.rawValue) }
        if mirror.displayStyle == .collection { return mirror.children.isEmpty ? .empty : .present }
        return .present
    }

    private static func refusal(
        _ scope: DeviceScope, field: String, route: String, reason: String, _ scopes: Set<DeviceScope>,
        _ deviceID: String?
    ) -> SidecarError {
        let wider = DeviceScope.text(scopes.union([scope]))
        let what = "the '\(scope.rawValue)' scope that \(field) needs on \(route) (\(reason)); nothing was changed"
        guard let deviceID else {
            return .forbidden(
                "the API key lacks \(what). Send the request without \(field), or the workstation owner can grant "
                    + "it (companion sidecar serve --api-key-scopes \(wider))")
        }
        return .forbidden(
            "this device lacks \(what). Send the request without \(field), or the workstation owner can grant it "
                + "(companion sidecar devices scope \(deviceID) \(wider))")
    }
}
