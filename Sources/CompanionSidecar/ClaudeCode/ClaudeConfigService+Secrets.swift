import CompanionAPI
import CompanionAgents
import CompanionClaudeCode
import CompanionCrypto
import Foundation

/// The secrets of `settings.json` in `GET`/`PUT /api/v1/config` (issue 29, finding 9): shown masked as MCP env
/// values are (``MCPSecretMask``: `••••` and a fingerprint), and put back when a form sends a mask back unchanged.
/// Masked: every text value of `env` (variables Claude Code sets, often API keys) and every value of a hook's
/// `headers` (HTTP hooks carry tokens there; the companion's own hooks are commands that reach the owner socket and
/// carry no secret, so the sidecar writes none into the settings). Only `POST /api/v1/config/reveal` (admin,
/// audited) shows `env`.
extension ClaudeConfigService {
    /// `settings` with its secret values masked.
    func maskingSecrets(_ settings: [String: Any]) -> [String: Any] {
        var masked: [String: Any] = [:]
        for (key, value) in settings {
            masked[key] = mask(value, everyText: key == "env", inHooks: key == "hooks")
        }
        return masked
    }

    private func mask(_ value: Any, everyText: Bool, inHooks: Bool) -> Any {
        switch value {
        case let text as String:
            return everyText ? secretMask.mask(text) : text
        case let object as [String: Any]:
            var result: [String: Any] = [:]
            for (key, member) in object {
                result[key] = mask(member, everyText: everyText || (inHooks && key == "headers"), inHooks: inHooks)
            }
            return result
        case let array as [Any]:
            return array.map { mask($0, everyText: everyText, inHooks: inHooks) }
        default:
            return value
        }
    }

    /// True when `value` holds a masked text anywhere.
    static func holdsMask(_ value: Any) -> Bool {
        switch value {
        case let text as String: return text.hasPrefix(MCPSecretMask.prefix)
        case let object as [String: Any]: return object.values.contains(where: holdsMask)
        case let array as [Any]: return array.contains(where: holdsMask)
        default: return false
        }
    }

    /// `changes` with every masked text that is the mask of a text stored under the same top-level key put back
    /// to that stored text; a masked text that matches nothing stored there is refused (400), never written.
    func restoringSecrets(_ changes: [String: Any], stored: [String: Any]) throws(SidecarError) -> [String: Any] {
        var result: [String: Any] = [:]
        for (key, value) in changes {
            var known: [String: String] = [:]
            for text in Self.texts(in: stored[key] as Any) { known[secretMask.mask(text)] = text }
            guard let restored = Self.restore(value, known: known) else {
                throw .badRequest(
                    "\(key) holds a masked value that is not a stored one; send the real value or the mask the "
                        + "sidecar showed")
            }
            result[key] = restored
        }
        return result
    }

    private static func restore(_ value: Any, known: [String: String]) -> Any? {
        switch value {
        case let text as String:
            guard text.hasPrefix(MCPSecretMask.prefix) else { return text }
            return known.first { ConstantTime.equals(Array($0.key.utf8), Array(text.utf8)) }?.value
        case let object as [String: Any]:
            var result: [String: Any] = [:]
            for (key, member) in object {
                guard let restored = restore(member, known: known) else { return nil }
                result[key] = restored
            }
            return result
        case let array as [Any]:
            var result: [Any] = []
            for member in array {
                guard let restored = restore(member, known: known) else { return nil }
                result.append(restored)
            }
            return result
        default:
            return value
        }
    }

    private static func texts(in value: Any) -> [String] {
        switch value {
        case let text as String: return [text]
        case let object as [String: Any]: return object.values.flatMap(texts)
        case let array as [Any]: return array.flatMap(texts)
        default: return []
        }
    }
}
