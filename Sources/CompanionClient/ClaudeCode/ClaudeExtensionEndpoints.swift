import Foundation

/// The skill and plugin endpoints of the Claude Code API (`/api/v1`, matrix rows 15–19 and 25–31, plus
/// CompanionKit's skill sources and marketplace removal).
extension CompanionEndpoint {
    private static func extensionAPI(_ method: String, _ path: String, _ query: [URLQueryItem] = [])
        -> CompanionEndpoint
    {
        CompanionEndpoint(method: method, path: "/api/v1" + path, query: query, auth: .signatureOrBearer)
    }

    /// `GET /api/v1/skills`, with a project's skills when `projectPath` is given.
    public static func skills(projectPath: String? = nil) -> CompanionEndpoint {
        extensionAPI("GET", "/skills", projectPath.map { [URLQueryItem(name: "projectPath", value: $0)] } ?? [])
    }
    /// `GET /api/v1/skills/:name`.
    public static func skill(name: String, projectPath: String? = nil) -> CompanionEndpoint {
        extensionAPI(
            "GET", "/skills/\(segment(name))", projectPath.map { [URLQueryItem(name: "projectPath", value: $0)] } ?? [])
    }
    /// `GET /api/v1/skills/search?q=`: offline, over the registered sources.
    public static func searchSkills(query: String) -> CompanionEndpoint {
        extensionAPI("GET", "/skills/search", [URLQueryItem(name: "q", value: query)])
    }
    /// `POST /api/v1/skills/install`.
    public static let installSkill = extensionAPI("POST", "/skills/install")
    /// `DELETE /api/v1/skills/:name`.
    public static func deleteSkill(name: String) -> CompanionEndpoint {
        extensionAPI("DELETE", "/skills/\(segment(name))")
    }
    /// `GET /api/v1/skills/sources`.
    public static let skillSources = extensionAPI("GET", "/skills/sources")
    /// `POST /api/v1/skills/sources`.
    public static let addSkillSource = extensionAPI("POST", "/skills/sources")
    /// `DELETE /api/v1/skills/sources/:name`.
    public static func removeSkillSource(name: String) -> CompanionEndpoint {
        extensionAPI("DELETE", "/skills/sources/\(segment(name))")
    }

    /// `GET /api/v1/plugins`.
    public static let plugins = extensionAPI("GET", "/plugins")
    /// `GET /api/v1/plugins/marketplace`.
    public static let pluginMarketplaces = extensionAPI("GET", "/plugins/marketplace")
    /// `GET /api/v1/plugins/search?q=`: the marketplaces' plugins by name and description, offline.
    public static func searchPlugins(query: String) -> CompanionEndpoint {
        extensionAPI("GET", "/plugins/search", [URLQueryItem(name: "q", value: query)])
    }
    /// `POST /api/v1/plugins/marketplaces`.
    public static let addMarketplace = extensionAPI("POST", "/plugins/marketplaces")
    /// `DELETE /api/v1/plugins/marketplaces/:name`.
    public static func removeMarketplace(name: String) -> CompanionEndpoint {
        extensionAPI("DELETE", "/plugins/marketplaces/\(segment(name))")
    }
    /// `POST /api/v1/plugins/install`.
    public static let installPlugin = extensionAPI("POST", "/plugins/install")
    /// `POST /api/v1/plugins/:name/enable` or `/disable`.
    public static func setPluginEnabled(name: String, enabled: Bool) -> CompanionEndpoint {
        extensionAPI("POST", "/plugins/\(segment(name))/\(enabled ? "enable" : "disable")")
    }
    /// `DELETE /api/v1/plugins/:name`.
    public static func uninstallPlugin(name: String) -> CompanionEndpoint {
        extensionAPI("DELETE", "/plugins/\(segment(name))")
    }
}
