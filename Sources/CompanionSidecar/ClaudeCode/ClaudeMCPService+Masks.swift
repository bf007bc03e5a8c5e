import CompanionAPI
import CompanionClaudeCode
import Foundation

/// Masked MCP values sent back in `PUT /api/v1/mcp/{name}` (issue 29, finding 6): the stored secret goes back
/// only to the program or address it was stored for.
extension ClaudeMCPService {
    /// Puts the stored env and header values back where `definition` holds their masks. Refused (403) when the
    /// command, args or url changed, unless `mayRestoreElsewhere`: then audited as a reveal first.
    func restoreMasks(
        in definition: inout MCPServerDefinition, from existing: MCPServerDefinition, requester: AuditRequester,
        mayRestoreElsewhere: Bool
    ) async throws(SidecarError) {
        let masked = (Array(definition.env.values) + Array(definition.headers.values)).filter {
            $0.hasPrefix(MCPSecretMask.prefix)
        }
        if !masked.isEmpty,
            definition.command != existing.command || definition.args != existing.args || definition.url != existing.url
        {
            guard mayRestoreElsewhere else {
                throw .forbidden(
                    "the request keeps masked env or header values of \(existing.name) while changing its command, "
                        + "args or url, which would hand the stored secrets to another program or address; send the "
                        + "real values, or keep command, args and url (restoring them elsewhere needs the 'admin' "
                        + "scope)")
            }
            try await context.audited(
                AuditEntry(
                    at: Date(), event: .mcpSecretRevealed, deviceId: requester.deviceId, peer: requester.peer,
                    detail: "\(existing.scope.rawValue) MCP server \(existing.name): \(masked.count) masked "
                        + "values kept with a new command, args or url"),
                nothing: "is changed")
        }
        do {
            definition.env = try secretMask.restore(definition.env, existing: existing.env)
            definition.headers = try secretMask.restore(definition.headers, existing: existing.headers)
        } catch { throw Self.sidecarError(error) }
    }
}
