import CompanionAPI
import CompanionClaudeCode
import Foundation

/// Skills (``ClaudeSkillsBackend``): read from Claude Code's own directories on every request, installed with
/// git under the sidecar's clone policy (https, ssh, scp-style, GitHub `owner/repo`, local repositories only
/// under the clone roots), searched offline in the registered sources.
extension ClaudeCodeService: ClaudeSkillsBackend {
    var skillCatalog: SkillCatalog { SkillCatalog(directories: directories) }
    var skillSourceRegistry: SkillSourceRegistry {
        SkillSourceRegistry(
            file: stateDirectory.deletingLastPathComponent().appendingPathComponent("skill-sources.json"))
    }

    public func skills(projectPath: String?) async throws(SidecarError) -> [Skill] {
        let projectPath = try await knownProject(projectPath)
        return skillCatalog.list(projectPath: projectPath).map { ClaudeExtensionsMapping.skill($0, withContent: false) }
    }

    public func skill(name: String, projectPath: String?) async throws(SidecarError) -> Skill {
        let projectPath = try await knownProject(projectPath)
        do {
            let found = try skillCatalog.skill(
                named: name, projectPath: projectPath, previewCharacters: ClaudeExtensionsMapping.detailCharacters)
            return ClaudeExtensionsMapping.skill(found, withContent: true)
        } catch { throw ClaudeExtensionsMapping.error(error) }
    }

    public func searchSkills(query: String) async throws(SidecarError) -> SkillSearchResponse {
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

    public func installSkill(_ request: SkillInstallRequest) async throws(SidecarError) -> Skill {
        let source = try cloneSource(request.repository)
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
            skill.source = Self.isGitHub(source) ? .github : .local
            return skill
        } catch { throw ClaudeExtensionsMapping.error(error) }
    }

    public func deleteSkill(name: String) async throws(SidecarError) {
        do { try skillCatalog.remove(named: name) } catch { throw ClaudeExtensionsMapping.error(error) }
        logger.notice("skill removed", metadata: ["skill": "\(name)"])
    }

    public func skillSources() async throws(SidecarError) -> [SkillSearchSourceInfo] {
        do { return try skillSourceRegistry.list().map(ClaudeExtensionsMapping.source) } catch {
            throw ClaudeExtensionsMapping.error(error)
        }
    }

    public func addSkillSource(_ request: AddSkillSourceRequest) async throws(SidecarError) -> SkillSearchSourceInfo {
        do {
            return ClaudeExtensionsMapping.source(try skillSourceRegistry.add(path: request.path, name: request.name))
        } catch { throw ClaudeExtensionsMapping.error(error) }
    }

    public func removeSkillSource(name: String) async throws(SidecarError) {
        do { try skillSourceRegistry.remove(name: name) } catch { throw ClaudeExtensionsMapping.error(error) }
    }

    /// What git clones for `repository`: GitHub `owner/repo` as its https URL, everything else through the
    /// sidecar's ``ClonePolicy`` (which refuses `ext::`/`fd::`, `-…`, http, credentials, local paths outside the
    /// clone roots).
    func cloneSource(_ repository: String) throws(SidecarError) -> String {
        if let shorthand = Self.gitHubShorthand(repository) { return "https://github.com/\(shorthand).git" }
        do {
            return try ClonePolicy(roots: settings.cloneRoots).source(for: repository)
        } catch {
            throw .badRequest(
                error.description.replacingOccurrences(of: "repo_url", with: "repository")
                    .replacingOccurrences(
                        of: "--clone-root DIR` (none)", with: "--clone-root DIR` (none); or GitHub owner/repo"))
        }
    }

    /// True when git clones `source` from github.com (`https://github.com/…`, `ssh://git@github.com/…`,
    /// `git@github.com:…`).
    static func isGitHub(_ source: String) -> Bool {
        let lowered = source.lowercased()
        return lowered.hasPrefix("https://github.com/") || lowered.hasPrefix("ssh://git@github.com/")
            || lowered.hasPrefix("git@github.com:")
    }

    /// `owner/repo` (GitHub's short form): two names of letters, digits, `.`, `_`, `-`, neither starting with `.`
    /// or `-`.
    static func gitHubShorthand(_ text: String) -> String? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2,
            parts.allSatisfy({ part in
                !part.isEmpty && part.count <= 100 && !part.hasPrefix(".") && !part.hasPrefix("-")
                    && part.unicodeScalars.allSatisfy {
                        $0.isASCII
                            && ($0.properties.isAlphabetic || ("0"..."9").contains($0)
                                || "._-".unicodeScalars.contains($0))
                    }
            })
        else { return nil }
        return text
    }
}
