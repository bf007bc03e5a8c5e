import CompanionAPI
import Foundation

/// The MCP server and configuration endpoints under `/api/v1` (endpoint matrix rows 20–24 and 34–36).
extension CompanionEndpoint {
    private static func mcpAPI(_ method: String, _ path: String, _ query: [URLQueryItem] = []) -> CompanionEndpoint {
        CompanionEndpoint(method: method, path: "/api/v1" + path, query: query, auth: .signatureOrBearer)
    }

    private static func placement(_ scope: MCPScope?, _ projectPath: String?) -> [URLQueryItem] {
        var items: [URLQueryItem] = []
        if let scope { items.append(URLQueryItem(name: "scope", value: scope.rawValue)) }
        if let projectPath { items.append(URLQueryItem(name: "projectPath", value: projectPath)) }
        return items
    }

    /// `GET /api/v1/mcp`.
    public static func mcpServers(scope: MCPScope? = nil, projectPath: String? = nil) -> CompanionEndpoint {
        mcpAPI("GET", "/mcp", placement(scope, projectPath))
    }
    /// `GET /api/v1/mcp/:name`.
    public static func mcpServer(name: String, scope: MCPScope? = nil, projectPath: String? = nil)
        -> CompanionEndpoint
    {
        mcpAPI("GET", "/mcp/\(segment(name))", placement(scope, projectPath))
    }
    /// `POST /api/v1/mcp`.
    public static let addMCPServer = mcpAPI("POST", "/mcp")
    /// `PUT /api/v1/mcp/:name`.
    public static func updateMCPServer(name: String) -> CompanionEndpoint { mcpAPI("PUT", "/mcp/\(segment(name))") }
    /// `DELETE /api/v1/mcp/:name`.
    public static func deleteMCPServer(name: String, scope: MCPScope? = nil, projectPath: String? = nil)
        -> CompanionEndpoint
    {
        mcpAPI("DELETE", "/mcp/\(segment(name))", placement(scope, projectPath))
    }
    /// `GET /api/v1/mcp/:name/health`.
    public static func mcpHealth(name: String, scope: MCPScope? = nil, projectPath: String? = nil)
        -> CompanionEndpoint
    {
        mcpAPI("GET", "/mcp/\(segment(name))/health", placement(scope, projectPath))
    }
    /// `POST /api/v1/mcp/:name/reveal`: the env and header values (audited by the sidecar).
    public static func revealMCPServer(name: String, scope: MCPScope? = nil, projectPath: String? = nil)
        -> CompanionEndpoint
    {
        mcpAPI("POST", "/mcp/\(segment(name))/reveal", placement(scope, projectPath))
    }
    /// `GET /api/v1/config?scope=`.
    public static func config(scope: String, projectPath: String? = nil) -> CompanionEndpoint {
        var items = [URLQueryItem(name: "scope", value: scope)]
        if let projectPath { items.append(URLQueryItem(name: "projectPath", value: projectPath)) }
        return mcpAPI("GET", "/config", items)
    }
    /// `PUT /api/v1/config`.
    public static let updateConfig = mcpAPI("PUT", "/config")
}
