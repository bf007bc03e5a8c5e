import Foundation

/// One rule of Claude Code's permission settings: a tool, and what of it (`Bash(npm test:*)`; the whole tool when
/// `ruleContent` is nil).
package struct PermissionRule: Sendable, Equatable {
    /// Longest `ruleContent` kept (a suggestion longer than this is not offered).
    static let maxContentLength = 4096

    package var toolName: String
    package var ruleContent: String?

    package init(toolName: String, ruleContent: String? = nil) {
        self.toolName = toolName
        self.ruleContent = ruleContent
    }

    /// `Tool(content)`, or `Tool` for the whole tool: how Claude Code's settings write it.
    package var text: String { ruleContent.map { "\(toolName)(\($0))" } ?? toolName }

    /// The allow rules Claude Code suggests for a permission request of `tool` (`permission_suggestions` of the
    /// PermissionRequest hook input: `addRules` updates with behavior `allow`), for that tool only. `allow always`
    /// keeps exactly these for the session; with none, there is nothing narrower than the whole tool to keep.
    static func suggested(in suggestions: Any?, tool: String?) -> [PermissionRule] {
        guard let tool, let updates = suggestions as? [[String: Any]] else { return [] }
        var rules: [PermissionRule] = []
        for update in updates where update["type"] as? String == "addRules" && update["behavior"] as? String == "allow"
        {
            for rule in update["rules"] as? [[String: Any]] ?? [] {
                guard rule["toolName"] as? String == tool else { continue }
                let content = rule["ruleContent"] as? String
                if let content, content.isEmpty || content.count > maxContentLength { continue }
                let candidate = PermissionRule(toolName: tool, ruleContent: content)
                if !rules.contains(candidate) { rules.append(candidate) }
            }
        }
        return rules
    }

    /// The rule as Claude Code's `updatedPermissions` takes it.
    var json: [String: Any] {
        var object: [String: Any] = ["toolName": toolName]
        if let ruleContent { object["ruleContent"] = ruleContent }
        return object
    }
}
