import Foundation

/// Body of `POST /v1/tasks`: `{ "title": "...", "description": "...", "repo_url": "..." }`, and `"pr": 123` for a
/// review of that pull (or merge) request of `repo_url` (docs/tasks.md, "Reviewing a pull request").
public struct CreateTaskRequest: Codable, Sendable, Equatable {
    /// Limits the sidecar enforces (400 beyond them). Lengths are in Unicode code points, as JSON Schema's
    /// `maxLength` counts them (openapi.yaml): a title of 150 visible characters carrying 600 combining marks is
    /// 750 long, and refused.
    public static let maxTitleLength = 200
    public static let maxDescriptionBytes = 64 * 1024
    public static let maxRepoURLLength = 2048
    /// Pull request numbers accepted in ``pr``: 1 through 2³¹ − 1 (GitHub's and GitLab's ids are 32-bit).
    public static let pullRequestNumbers = 1...Int(Int32.max)

    public var title: String
    /// Passed to the agent command on its standard input; may be empty.
    public var description: String
    /// Optional repository to clone first.
    public var repoURL: String?
    /// A pull request of `repo_url` to review instead of running the task command: its head is fetched and
    /// checked out, and the review command gets the diff against the default branch. Absent for other tasks.
    public var pr: Int?

    public init(title: String, description: String = "", repoURL: String? = nil, pr: Int? = nil) {
        self.title = title
        self.description = description
        self.repoURL = repoURL
        self.pr = pr
    }

    private enum CodingKeys: String, CodingKey {
        case title, description, pr
        case repoURL = "repo_url"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = try container.decode(String.self, forKey: .title)
        description = try container.decodeIfPresent(String.self, forKey: .description) ?? ""
        repoURL = try container.decodeIfPresent(String.self, forKey: .repoURL)
        pr = try container.decodeIfPresent(Int.self, forKey: .pr)
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
        if let pr {
            guard Self.pullRequestNumbers.contains(pr) else {
                return "pr must be a pull request number from 1 to \(Self.pullRequestNumbers.upperBound)"
            }
            if repoURL == nil { return "pr needs a repo_url: the repository whose pull request is reviewed" }
        }
        return nil
    }
}
