import Foundation

/// Body of `POST /v1/tasks`: `{ "title": "...", "description": "...", "repo_url": "..." }`.
public struct CreateTaskRequest: Codable, Sendable, Equatable {
    /// Limits the sidecar enforces (400 beyond them). Lengths are in Unicode code points, as JSON Schema's
    /// `maxLength` counts them (openapi.yaml): a title of 150 visible characters carrying 600 combining marks is
    /// 750 long, and refused.
    public static let maxTitleLength = 200
    public static let maxDescriptionBytes = 64 * 1024
    public static let maxRepoURLLength = 2048

    public var title: String
    /// Passed to the agent command on its standard input; may be empty.
    public var description: String
    /// Optional repository to clone first.
    public var repoURL: String?

    public init(title: String, description: String = "", repoURL: String? = nil) {
        self.title = title
        self.description = description
        self.repoURL = repoURL
    }

    private enum CodingKeys: String, CodingKey {
        case title, description
        case repoURL = "repo_url"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = try container.decode(String.self, forKey: .title)
        description = try container.decodeIfPresent(String.self, forKey: .description) ?? ""
        repoURL = try container.decodeIfPresent(String.self, forKey: .repoURL)
    }

    /// Why this request is invalid, in one line; nil when it is valid.
    ///
    /// The title is a label (``HumanLabel``); `repo_url` must be a ``RepositoryAddress``. Whether a local
    /// repository is allowed depends on the sidecar's clone roots, which only the sidecar checks.
    public func validationError() -> String? {
        let trimmed = title.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { return "title must not be empty" }
        if title.unicodeScalars.count > Self.maxTitleLength {
            return "title is longer than \(Self.maxTitleLength) characters"
        }
        if let problem = HumanLabel.problem(title, field: "title") { return problem }
        if description.utf8.count > Self.maxDescriptionBytes {
            return "description is larger than \(Self.maxDescriptionBytes) bytes"
        }
        if let repoURL {
            do { _ = try RepositoryAddress(parsing: repoURL) } catch { return error.description }
        }
        return nil
    }
}
