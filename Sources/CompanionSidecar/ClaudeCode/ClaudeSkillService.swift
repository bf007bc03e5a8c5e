import CompanionAPI
import CompanionClaudeCode
import Foundation
import Logging

/// Skills (``ClaudeSkillsBackend``, ``ClaudeSkillRoutes``): read from Claude Code's own directories on every request, installed with
/// git under the sidecar's clone policy (https, ssh, scp-style, GitHub `owner/repo`, local repositories only
/// under the clone roots), searched offline in the registered sources.
actor ClaudeSkillService: ClaudeSkillsBackend {
    let context: ClaudeCodeContext

    var settings: ClaudeCodeSettings { context.settings }
    var logger: Logger { context.logger }
    var skillCatalog: SkillCatalog { SkillCatalog(directories: context.directories) }
    var skillSourceRegistry: SkillSourceRegistry {
        SkillSourceRegistry(file: context.dataDirectory.appendingPathComponent("skill-sources.json"))
    }

    init(context: ClaudeCodeContext) { self.context = context }

    func skills(projectPath: String?) async throws(SidecarError) -> [Skill] {
        let projectPath = try await context.knownProject(projectPath)
        return skillCatalog.list(projectPath: projectPath).map { ClaudeExtensionsMapping.skill($0, withContent: false) }
    }

    func skill(name: String, projectPath: String?) async throws(SidecarError) -> Skill {
        let projectPath = try await context.knownProject(projectPath)
        do {
            let found = try skillCatalog.skill(
                named: name, projectPath: projectPath, previewCharacters: ClaudeExtensionsMapping.detailCharacters)
            return ClaudeExtensionsMapping.skill(found, withContent: true)
        } catch { throw ClaudeExtensionsMapping.error(error) }
    }

    func searchSkills(query: String) async throws(SidecarError) -> SkillSearchResponse {
        let sources: [SkillSearchSource]
        do { sources = try skillSourceRegistry.list() } catch { throw ClaudeExtensionsMapping.error(error) }
        let hits = SkillSearch.search(query, in: sources)
        let note =
            sources.isEmpty
            ? "No skill sources are registered, so nothing was searched: this search is offline and never searches "
                + "GitHub. Clone a skills repository on the workstation and register it (POST /api/v1/skills/sources, "
                + "`companion skills sources add PATH`)."
            : "Searched \(sources.count) registered source(s) offline; GitHub is not searched."
        return SkillSearchResponse(
            items: hits.map(ClaudeExtensionsMapping.searchResult), sources: sources.map(\.name), note: note)
    }

    func installSkill(_ request: SkillInstallRequest) async throws(SidecarError) -> Skill {
        let source = try ClaudeCloneSource.source(for: request.repository, roots: settings.cloneRoots)
        let policy = ClonePolicy(roots: settings.cloneRoots)
        let clone = GitClone(
            source: source, environment: policy.gitEnvironment(settings.environment),
            timeLimit: settings.skillCloneTimeLimit, sizeLimitBytes: settings.skillSizeLimitBytes)
        do {
            let installed = try await SkillInstaller(catalog: skillCatalog).install(
                from: clone, skillPath: request.skillPath, name: request.name)
            logger.notice("skill installed", metadata: ["skill": "\(installed.name)"])
            var skill = ClaudeExtensionsMapping.skill(installed, withContent: true)
            // Where it was installed from: GitHub only when the address is GitHub's; any other repository's skill
            // is a local one (as every later listing reports it).
            skill.source = ClaudeCloneSource.isGitHub(source) ? .github : .local
            return skill
        } catch { throw ClaudeExtensionsMapping.error(error) }
    }

    func deleteSkill(name: String) async throws(SidecarError) {
        do { try skillCatalog.remove(named: name) } catch { throw ClaudeExtensionsMapping.error(error) }
        logger.notice("skill removed", metadata: ["skill": "\(name)"])
    }

    func skillSources() async throws(SidecarError) -> [SkillSearchSourceInfo] {
        do { return try skillSourceRegistry.list().map(ClaudeExtensionsMapping.source) } catch {
            throw ClaudeExtensionsMapping.error(error)
        }
    }

    func addSkillSource(_ request: AddSkillSourceRequest) async throws(SidecarError) -> SkillSearchSourceInfo {
        do {
            return ClaudeExtensionsMapping.source(try skillSourceRegistry.add(path: request.path, name: request.name))
        } catch { throw ClaudeExtensionsMapping.error(error) }
    }

    func removeSkillSource(name: String) async throws(SidecarError) {
        do { try skillSourceRegistry.remove(name: name) } catch { throw ClaudeExtensionsMapping.error(error) }
    }
}
