import Foundation

/// What a paired device (or an API key) may do on the sidecar. Every route needs one scope (see the sidecar's
/// route table); a request lacking it is refused with 403 naming the scope.
public enum DeviceScope: String, Codable, Sendable, CaseIterable, Comparable {
    /// Status, devices, tasks and their logs, sessions, projects and transcripts.
    case read
    /// Create, start and cancel tasks.
    case tasks
    /// Prompt the agent: create, fork and delete sessions, stream and cancel chats, with options that do not widen
    /// what runs without a prompt (those, and changing MCP servers, skills, plugins and most settings, are
    /// `control`'s).
    case chat
    /// Agent sessions: terminal input, starting and removing agents, answering permission requests; and whatever
    /// makes Claude Code run something without a prompt (allowed tools, permission modes, added directories, MCP
    /// servers, skills, plugins, settings keys beyond the model and output style).
    case control
    /// Devices and secrets: revoking other devices, revealing MCP server env values.
    case admin

    /// The scopes a new pairing grants unless the workstation chooses others: read, tasks and chat. `control`
    /// and `admin` must be granted explicitly (`--scopes`).
    public static let pairingDefault: Set<DeviceScope> = [.read, .tasks, .chat]

    /// Every scope: devices paired before scopes existed.
    public static let all = Set(allCases)

    public static func < (a: DeviceScope, b: DeviceScope) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }

    /// `read,tasks,chat`: the scopes in their canonical order, comma-separated (how the registry stores them).
    public static func text(_ scopes: Set<DeviceScope>) -> String {
        scopes.sorted().map(\.rawValue).joined(separator: ",")
    }

    /// Parses `read,tasks` (white space around names ignored). Throws ``DeviceScopeError`` naming the first
    /// unknown scope; an empty list is refused too (a device that can do nothing should be revoked instead).
    public static func parse(_ text: String) throws(DeviceScopeError) -> Set<DeviceScope> {
        var scopes = Set<DeviceScope>()
        for name in text.split(separator: ",", omittingEmptySubsequences: false) {
            let trimmed = name.trimmingCharacters(in: .whitespaces)
            guard let scope = DeviceScope(rawValue: trimmed) else { throw .unknown(String(trimmed.prefix(40))) }
            scopes.insert(scope)
        }
        if scopes.isEmpty { throw .empty }
        return scopes
    }
}

/// A scope list that cannot be used.
public enum DeviceScopeError: Error, Sendable, Equatable, CustomStringConvertible {
    case unknown(String)
    case empty

    public var description: String {
        let known = DeviceScope.allCases.map(\.rawValue).joined(separator: ", ")
        switch self {
        case .unknown(let name): return "unknown scope '\(name)'; the scopes are \(known)"
        case .empty: return "give at least one scope (\(known))"
        }
    }
}
