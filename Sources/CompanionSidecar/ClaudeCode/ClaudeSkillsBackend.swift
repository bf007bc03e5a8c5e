import CompanionAPI
import Foundation

/// What the skill routes (`/api/v1/skills…`, matrix rows 15–19, and CompanionKit's `skills/sources`) ask of
/// Claude Code on the workstation, in the API's types. Expected failures are ``SidecarError``s: 400 for bad names,
/// addresses and paths, 404 for unknown skills, 409 for a skill installed already, 413 for a repository over the
/// size limit, 503 when git timed out or the files cannot be changed.
package protocol ClaudeSkillsBackend: Sendable {
    /// The user's skills, the project's (when `projectPath` is given) and the installed plugins'.
    func skills(projectPath: String?) async throws(SidecarError) -> [Skill]
    /// One skill with its content.
    func skill(name: String, projectPath: String?) async throws(SidecarError) -> Skill
    /// Offline search over the registered sources.
    func searchSkills(query: String) async throws(SidecarError) -> SkillSearchResponse
    /// Clones and installs a skill into the user's skills directory.
    func installSkill(_ request: SkillInstallRequest) async throws(SidecarError) -> Skill
    /// Removes one of the user's skills.
    func deleteSkill(name: String) async throws(SidecarError)
    /// The registered search sources.
    func skillSources() async throws(SidecarError) -> [SkillSearchSourceInfo]
    /// Registers a directory on the workstation as a search source.
    func addSkillSource(_ request: AddSkillSourceRequest) async throws(SidecarError) -> SkillSearchSourceInfo
    /// Unregisters a search source (its directory is not touched).
    func removeSkillSource(name: String) async throws(SidecarError)
}
