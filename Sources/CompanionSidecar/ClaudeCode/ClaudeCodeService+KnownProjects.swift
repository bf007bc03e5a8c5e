import CompanionClaudeCode
import Foundation

/// The project paths a device may name (`projectPath=` of the skill, MCP and configuration routes): only those
/// Claude Code knows, as a project of the transcript index or of `~/.claude.json` (where Claude Code records each
/// directory it was opened in). Any other directory (`/`, the user's home, another user's files) is refused
/// before anything under it is read; the files read there must then really lie in it (``ContainedFile``).
extension ClaudeCodeService {
    /// `path` itself when it is a known project (or nil); 400 otherwise.
    func knownProject(_ path: String?) async throws(SidecarError) -> String? {
        guard let path else { return nil }
        var known = Set(((try? await index.projects()) ?? []).map(\.path))
        let state = (try? ClaudeJSONFile(url: configLocations.stateFile).read().object) ?? [:]
        known.formUnion(((state["projects"] as? [String: Any]) ?? [:]).keys)
        let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        guard known.contains(trimmed) else {
            throw .badRequest(
                "projectPath \(path.prefix(200)) is not a project Claude Code knows on the workstation; open it with "
                    + "`claude` there first")
        }
        return trimmed
    }
}
