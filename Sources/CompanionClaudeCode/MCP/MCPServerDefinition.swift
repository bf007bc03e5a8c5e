import Foundation

/// One MCP server as Claude Code configures it: a local program (`stdio`: command, args, env) or a remote
/// endpoint (`http`/`sse`: url, headers), its name and where it is configured. `env` and `headers` may hold
/// secrets: the sidecar masks them (``MCPSecretMask``) in everything it answers.
package struct MCPServerDefinition: Sendable, Equatable {
    /// The transport types Claude Code knows.
    package enum Kind: String, Sendable, Codable, CaseIterable {
        case stdio, http, sse
    }

    package var name: String
    package var scope: MCPServerScope
    /// The project (real absolute path) of a local- or project-scope server; nil for the user scope.
    package var projectPath: String?
    package var kind: Kind
    /// The program of a `stdio` server.
    package var command: String?
    package var args: [String]
    package var env: [String: String]
    /// The endpoint of an `http`/`sse` server.
    package var url: String?
    package var headers: [String: String]

    package init(
        name: String, scope: MCPServerScope, projectPath: String? = nil, kind: Kind = .stdio,
        command: String? = nil, args: [String] = [], env: [String: String] = [:], url: String? = nil,
        headers: [String: String] = [:]
    ) {
        self.name = name
        self.scope = scope
        self.projectPath = projectPath
        self.kind = kind
        self.command = command
        self.args = args
        self.env = env
        self.url = url
        self.headers = headers
    }

    /// Whether the definition holds values that must not be shown or passed in a command line.
    package var holdsSecrets: Bool { !env.isEmpty || !headers.isEmpty }

    /// Checks the name and the fields the kind needs.
    package func validate() throws(MCPServerError) {
        try MCPServerName.validate(name)
        if scope.needsProject {
            guard let projectPath, projectPath.hasPrefix("/") else { throw .projectRequired(scope) }
        }
        switch kind {
        case .stdio:
            guard let command, !command.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw .invalidDefinition("a stdio server needs a command")
            }
            guard url == nil, headers.isEmpty else {
                throw .invalidDefinition("a stdio server has no url or headers (use env for its settings)")
            }
        case .http, .sse:
            guard let url, let parsed = URL(string: url), ["http", "https"].contains(parsed.scheme?.lowercased()),
                parsed.host != nil
            else { throw .invalidDefinition("an \(kind.rawValue) server needs an http:// or https:// url") }
            guard command == nil, args.isEmpty, env.isEmpty else {
                throw .invalidDefinition("an \(kind.rawValue) server has no command, args or env")
            }
        }
        for key in env.keys where key.isEmpty || key.contains("=") || key.contains("\u{0}") {
            throw .invalidDefinition("env names cannot be empty or contain '=' or NUL")
        }
        for (key, value) in headers where key.isEmpty || value.contains("\r") || value.contains("\n") {
            throw .invalidDefinition("header names cannot be empty and values cannot contain line breaks")
        }
        if scope == .project, let key = literalValueKey {
            throw .invalidDefinition(
                "\(key) holds a literal value, and the project scope's .mcp.json is shared with everyone who reads "
                    + "the project (usually committed to git, written 0644): give it as ${VARIABLE} (Claude Code "
                    + "expands it from the environment) or put the server in the local or user scope")
        }
    }

    /// The first env or header name whose value holds no `${…}` reference to the environment, in the project
    /// scope where every value is shared with the project (see ``validate()``).
    var literalValueKey: String? {
        let values = env.map { ("env \($0.key)", $0.value) } + headers.map { ("header \($0.key)", $0.value) }
        return values.sorted { $0.0 < $1.0 }.first { !$0.1.contains("${") }?.0
    }

    /// The entry Claude Code stores for this server, over `existing` (an entry being edited: keys this type
    /// does not know, such as `timeout`, are kept).
    package func configEntry(over existing: [String: Any] = [:]) -> [String: Any] {
        var entry = existing
        for key in ["type", "command", "args", "env", "url", "headers"] { entry.removeValue(forKey: key) }
        entry["type"] = kind.rawValue
        switch kind {
        case .stdio:
            entry["command"] = command ?? ""
            entry["args"] = args
            entry["env"] = env
        case .http, .sse:
            entry["url"] = url ?? ""
            if !headers.isEmpty { entry["headers"] = headers }
        }
        return entry
    }

    /// The definition an entry of Claude Code's files describes; nil for an entry that is not an object.
    package init?(name: String, scope: MCPServerScope, projectPath: String?, entry: Any) {
        guard let entry = entry as? [String: Any] else { return nil }
        let url = entry["url"] as? String
        let type = (entry["type"] as? String).flatMap(Kind.init(rawValue:)) ?? (url != nil ? .http : .stdio)
        self.init(
            name: name, scope: scope, projectPath: projectPath, kind: type, command: entry["command"] as? String,
            args: (entry["args"] as? [Any])?.compactMap { $0 as? String } ?? [],
            env: Self.strings(entry["env"]), url: url, headers: Self.strings(entry["headers"]))
    }

    private static func strings(_ value: Any?) -> [String: String] {
        guard let object = value as? [String: Any] else { return [:] }
        var result: [String: String] = [:]
        for (key, value) in object {
            if let text = value as? String {
                result[key] = text
            } else if let number = value as? NSNumber {
                result[key] = number.stringValue
            }
        }
        return result
    }
}
