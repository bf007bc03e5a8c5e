import CompanionAPI
import Foundation
import Hummingbird

/// The MCP server routes under `/api/v1` in the ILS app's contract (endpoint matrix rows 20–24, the ILS backend's
/// `MCPController` paths), answered by a ``ClaudeMCPBackend``: `GET/POST /mcp`, `GET/PUT/DELETE /mcp/:name`,
/// `GET /mcp/:name/health`, `POST /mcp/:name/reveal` (ours: the only answer with env values). `scope` and
/// `projectPath` are query parameters (and body fields of `POST`/`PUT`).
struct ClaudeMCPRoutes {
    let backend: any ClaudeMCPBackend

    /// Registers the routes on `api` (the `/api/v1` group, with its envelope and authentication).
    func register(on api: RouterGroup<SidecarRequestContext>) {
        api.get("mcp") { request, _ in
            let servers = try await backend.mcpServers(
                scope: try Self.scope(request), projectPath: try Self.projectPath(request))
            return try Envelope.success(ListResponse(items: servers))
        }
        api.post("mcp") { request, _ in
            let body = try await Envelope.decode(
                CreateMCPRequest.self, from: request, limit: ClaudeCodeRoutes.maxBodyBytes)!
            return try Envelope.success(try await backend.addMCPServer(body))
        }
        api.get("mcp/:name/health") { request, context in
            try Envelope.success(
                try await backend.mcpHealth(
                    name: try context.parameters.require("name"), scope: try Self.scope(request),
                    projectPath: try Self.projectPath(request)))
        }
        api.post("mcp/:name/reveal") { request, context in
            try Envelope.success(
                try await backend.revealMCPServer(
                    name: try context.parameters.require("name"), scope: try Self.scope(request),
                    projectPath: try Self.projectPath(request),
                    requester: AuditRequester(deviceId: context.authenticatedDeviceID, peer: context.peerDescription)))
        }
        api.get("mcp/:name") { request, context in
            try Envelope.success(
                try await backend.mcpServer(
                    name: try context.parameters.require("name"), scope: try Self.scope(request),
                    projectPath: try Self.projectPath(request)))
        }
        api.put("mcp/:name") { request, context in
            let body = try await Envelope.decode(
                CreateMCPRequest.self, from: request, limit: ClaudeCodeRoutes.maxBodyBytes)!
            return try Envelope.success(
                try await backend.updateMCPServer(
                    name: try context.parameters.require("name"), body,
                    requester: AuditRequester(deviceId: context.authenticatedDeviceID, peer: context.peerDescription),
                    mayRestoreElsewhere: context.authenticatedScopes.contains(.admin)))
        }
        api.delete("mcp/:name") { request, context in
            try await backend.deleteMCPServer(
                name: try context.parameters.require("name"), scope: try Self.scope(request),
                projectPath: try Self.projectPath(request))
            return try Envelope.success(DeletedResponse())
        }
    }

    /// `scope=user|project|local`, or nil.
    static func scope(_ request: Request) throws(SidecarError) -> MCPScope? {
        guard let text = request.uri.queryParameters["scope"].map(String.init), !text.isEmpty else { return nil }
        guard let scope = MCPScope(rawValue: text) else {
            throw .badRequest("scope must be user, project or local")
        }
        return scope
    }

    /// `projectPath=<absolute path>`, or nil.
    static func projectPath(_ request: Request) throws(SidecarError) -> String? {
        guard let text = request.uri.queryParameters["projectPath"].map(String.init), !text.isEmpty else {
            return nil
        }
        guard text.hasPrefix("/") else { throw .badRequest("projectPath must be an absolute path") }
        return text
    }
}
