import CompanionAPI
import Foundation

/// Skills: list, read, search the registered sources, install from git, remove; and the search sources.
extension ClaudeCodeClient {
    /// The installed skills (the user's, the project's when `projectPath` is given, the plugins').
    public func skills(projectPath: String? = nil) async throws(CompanionClientError) -> ListResponse<Skill> {
        try await get(.skills(projectPath: projectPath))
    }

    /// One skill with its content.
    public func skill(name: String, projectPath: String? = nil) async throws(CompanionClientError) -> Skill {
        try await get(.skill(name: name, projectPath: projectPath))
    }

    /// Offline search of the registered sources (never GitHub).
    public func searchSkills(query: String) async throws(CompanionClientError) -> SkillSearchResponse {
        try await get(.searchSkills(query: query))
    }

    /// Clones and installs a skill on the workstation.
    public func installSkill(_ request: SkillInstallRequest) async throws(CompanionClientError) -> Skill {
        try await send(.installSkill, body: request)
    }

    /// Removes one of the user's skills.
    public func deleteSkill(name: String) async throws(CompanionClientError) -> DeletedResponse {
        try await get(.deleteSkill(name: name))
    }

    /// The registered search sources.
    public func skillSources() async throws(CompanionClientError) -> ListResponse<SkillSearchSourceInfo> {
        try await get(.skillSources)
    }

    /// Registers a directory on the workstation for search.
    public func addSkillSource(_ request: AddSkillSourceRequest) async throws(CompanionClientError)
        -> SkillSearchSourceInfo
    {
        try await send(.addSkillSource, body: request)
    }

    /// Unregisters a search source.
    public func removeSkillSource(name: String) async throws(CompanionClientError) -> DeletedResponse {
        try await get(.removeSkillSource(name: name))
    }
}
