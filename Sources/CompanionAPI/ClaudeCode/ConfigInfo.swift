/// `GET /config` and `PUT /config` (`ConfigInfo` of the ILS app): one `settings.json`, whole. `content` is the
/// file's object as it is, every key included (the ILS app reads the keys its `ClaudeConfig` knows, `model`
/// among them, and ignores the rest).
public struct ConfigInfo: Codable, Sendable, Equatable {
    /// `user` or `project`.
    public var scope: String
    public var path: String
    public var content: ArbitraryJSON
    public var isValid: Bool
    public var errors: [String]?

    public init(scope: String, path: String, content: ArbitraryJSON, isValid: Bool = true, errors: [String]? = nil) {
        self.scope = scope
        self.path = path
        self.content = content
        self.isValid = isValid
        self.errors = errors
    }
}

/// The body of `PUT /config` (`UpdateConfigRequest` of the ILS app): the keys to set in `content` (a JSON object;
/// a `null` value removes its key; keys not named are kept as they are), and `projectPath` for the project scope.
public struct UpdateConfigRequest: Codable, Sendable, Equatable {
    public var scope: String
    public var content: ArbitraryJSON
    public var projectPath: String?

    public init(scope: String, content: ArbitraryJSON, projectPath: String? = nil) {
        self.scope = scope
        self.content = content
        self.projectPath = projectPath
    }
}

/// The answer of `POST /config/reveal` (CompanionKit's, not the ILS app's): the text values of `settings.json`'s
/// `env`, which every other answer masks. The one call that shows them; the sidecar records it in its audit log
/// first and requires the `admin` scope.
public struct ConfigRevealResponse: Codable, Sendable, Equatable {
    /// `user` or `project`.
    public var scope: String
    public var path: String
    public var env: [String: String]

    public init(scope: String, path: String, env: [String: String]) {
        self.scope = scope
        self.path = path
        self.env = env
    }
}
