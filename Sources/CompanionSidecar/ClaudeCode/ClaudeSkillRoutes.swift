import CompanionAPI
import Foundation
import Hummingbird

/// `/api/v1/skills…` in the ILS app's contract (matrix rows 15–19), plus CompanionKit's `skills/sources`
/// (register the directories search looks in).
struct ClaudeSkillRoutes {
    let backend: any ClaudeSkillsBackend

    /// Registers the routes on `api` (the `/api/v1` group, with its envelope and authentication).
    func register(on api: RouterGroup<SidecarRequestContext>) {
        api.get("skills") { request, _ in
            let project = try Self.projectPath(request)
            var skills = try await backend.skills(projectPath: project)
            if let search = request.uri.queryParameters["search"].map(String.init)?.lowercased(), !search.isEmpty {
                skills = skills.filter { skill in
                    ([skill.name, skill.description ?? ""] + skill.tags).contains { $0.lowercased().contains(search) }
                }
            }
            return try Envelope.success(ListResponse(items: skills))
        }
        api.get("skills/search") { request, _ in
            let query = request.uri.queryParameters["q"].map(String.init)?.trimmingCharacters(in: .whitespaces) ?? ""
            guard !query.isEmpty, query.count <= 200 else {
                throw SidecarError.badRequest("q (1 to 200 characters) is required: the words to search for")
            }
            return try Envelope.success(try await backend.searchSkills(query: query))
        }
        api.post("skills/install") { request, _ in
            let body = try await Envelope.decode(
                SkillInstallRequest.self, from: request, limit: ClaudeCodeRoutes.maxBodyBytes)!
            return try Envelope.success(try await backend.installSkill(body))
        }
        api.get("skills/sources") { _, _ in try Envelope.success(ListResponse(items: try await backend.skillSources()))
        }
        api.post("skills/sources") { request, _ in
            let body = try await Envelope.decode(
                AddSkillSourceRequest.self, from: request, limit: ClaudeCodeRoutes.maxBodyBytes)!
            return try Envelope.success(try await backend.addSkillSource(body))
        }
        api.delete("skills/sources/:name") { _, context in
            try await backend.removeSkillSource(name: try Self.name(context))
            return try Envelope.success(DeletedResponse())
        }
        api.get("skills/:name") { request, context in
            try Envelope.success(
                try await backend.skill(
                    name: try Self.name(context), projectPath: try Self.projectPath(request)))
        }
        api.delete("skills/:name") { _, context in
            try await backend.deleteSkill(name: try Self.name(context))
            return try Envelope.success(DeletedResponse())
        }
    }

    /// The `:name` path parameter, percent-decoded (clients encode `@`, spaces and the like); 400 when it does
    /// not decode.
    static func name(_ context: SidecarRequestContext) throws -> String {
        let raw = try context.parameters.require("name")
        guard let decoded = raw.removingPercentEncoding else {
            throw SidecarError.badRequest("the name in the path is not valid percent-encoded text")
        }
        return decoded
    }

    /// `projectPath=` (an absolute path), when given.
    static func projectPath(_ request: Request) throws -> String? {
        guard let text = request.uri.queryParameters["projectPath"].map(String.init), !text.isEmpty else { return nil }
        guard text.hasPrefix("/"), text.count <= 4096 else {
            throw SidecarError.badRequest("projectPath must be an absolute path on the workstation")
        }
        return text
    }
}
