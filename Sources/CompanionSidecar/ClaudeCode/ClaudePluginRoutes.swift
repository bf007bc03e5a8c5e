import CompanionAPI
import CompanionClaudeCode
import Foundation
import Hummingbird

/// `/api/v1/plugins…` in the ILS app's contract (matrix rows 25–31), plus CompanionKit's `DELETE
/// /plugins/marketplaces/:name`. `:name` is `plugin@marketplace` or a bare plugin name.
struct ClaudePluginRoutes {
    let backend: any ClaudePluginsBackend

    func register(on api: RouterGroup<SidecarRequestContext>) {
        api.get("plugins") { _, _ in try Envelope.success(ListResponse(items: try await backend.plugins())) }
        api.get("plugins/marketplace") { _, _ in try Envelope.success(try await backend.pluginMarketplaces()) }
        // The ILS app's marketplace search (`GET /plugins/search?q=`, `ListResponse<PluginInfo>`), AC-8.7.
        api.get("plugins/search") { request, _ in
            let query = request.uri.queryParameters["q"].map(String.init)?.trimmingCharacters(in: .whitespaces) ?? ""
            guard PluginSearch.isValidQuery(query) else {
                throw SidecarError.badRequest(
                    "q (1 to \(PluginSearch.maximumQueryLength) characters, no control characters) is required: the "
                        + "words to search the marketplaces' plugins for")
            }
            return try Envelope.success(ListResponse(items: try await backend.searchMarketplacePlugins(query: query)))
        }
        api.post("plugins/marketplaces") { request, _ in
            let body = try await Envelope.decode(
                AddMarketplaceRequest.self, from: request, limit: ClaudeCodeRoutes.maxBodyBytes)!
            return try Envelope.success(try await backend.addMarketplace(body))
        }
        api.delete("plugins/marketplaces/:name") { _, context in
            try await backend.removeMarketplace(name: try ClaudeSkillRoutes.name(context))
            return try Envelope.success(DeletedResponse())
        }
        api.post("plugins/install") { request, _ in
            let body = try await Envelope.decode(
                InstallPluginRequest.self, from: request, limit: ClaudeCodeRoutes.maxBodyBytes)!
            return try Envelope.success(try await backend.installPlugin(body))
        }
        api.post("plugins/:name/enable") { _, context in
            try Envelope.success(
                try await backend.setPluginEnabled(name: try ClaudeSkillRoutes.name(context), enabled: true))
        }
        api.post("plugins/:name/disable") { _, context in
            try Envelope.success(
                try await backend.setPluginEnabled(name: try ClaudeSkillRoutes.name(context), enabled: false))
        }
        api.delete("plugins/:name") { _, context in
            try await backend.uninstallPlugin(name: try ClaudeSkillRoutes.name(context))
            return try Envelope.success(DeletedResponse())
        }
    }
}
