import Foundation

/// A task of the orchestrator: work the sidecar runs on the workstation (clone a repository, run the agent command).
///
/// ```json
/// { "id": "k3v9q2m7x1zd", "title": "Fix flaky test", "description": "…", "repo_url": "https://…",
///   "status": "running", "created_at": "2026-02-25T10:00:00.000Z", "started_at": "…", "finished_at": null,
///   "exit_code": null, "failure_reason": null, "steps": [ … ] }
/// ```
/// Field names are snake_case, as the orchestrator brief writes them. `steps` is present in
/// `GET /v1/tasks/{id}` and omitted from the list.
public struct AgentTask: Codable, Sendable, Equatable, Identifiable {
    public var id: String
    public var title: String
    public var description: String
    /// Repository cloned (`git clone --depth 1`) into the task's workspace before the run step.
    public var repoURL: String?
    /// The pull request this task reviews (``CreateTaskRequest/pr``); nil, and absent from the JSON, otherwise.
    public var pr: Int?
    public var status: TaskStatus
    public var createdAt: Date
    public var startedAt: Date?
    public var finishedAt: Date?
    /// Exit status of the run step (128 + signal number when it was killed by a signal).
    public var exitCode: Int?
    /// Why the task failed or was cancelled, in words, when the steps alone do not say it.
    public var failureReason: String?
    /// The task's steps in order; nil in list answers.
    public var steps: [TaskStep]?

    public init(
        id: String, title: String, description: String, repoURL: String?, status: TaskStatus, createdAt: Date,
        startedAt: Date? = nil, finishedAt: Date? = nil, exitCode: Int? = nil, failureReason: String? = nil,
        steps: [TaskStep]? = nil, pr: Int? = nil
    ) {
        self.id = id
        self.title = title
        self.description = description
        self.repoURL = repoURL
        self.status = status
        self.createdAt = createdAt
        self.startedAt = startedAt
        self.finishedAt = finishedAt
        self.exitCode = exitCode
        self.failureReason = failureReason
        self.steps = steps
        self.pr = pr
    }

    private enum CodingKeys: String, CodingKey {
        case id, title, description, status, steps, pr
        case repoURL = "repo_url"
        case createdAt = "created_at"
        case startedAt = "started_at"
        case finishedAt = "finished_at"
        case exitCode = "exit_code"
        case failureReason = "failure_reason"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(title, forKey: .title)
        try container.encode(description, forKey: .description)
        try container.encode(repoURL, forKey: .repoURL)
        try container.encodeIfPresent(pr, forKey: .pr)
        try container.encode(status, forKey: .status)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(startedAt, forKey: .startedAt)
        try container.encode(finishedAt, forKey: .finishedAt)
        try container.encode(exitCode, forKey: .exitCode)
        try container.encode(failureReason, forKey: .failureReason)
        try container.encodeIfPresent(steps, forKey: .steps)
    }
}

/// One step of a task: `clone` (only with a `repo_url`) then `run`; for a pull request review `clone`, `checkout`
/// and `review`.
public struct TaskStep: Codable, Sendable, Equatable {
    /// `clone`, `run`, or for a review `checkout` and `review`.
    public var name: String
    public var status: TaskStatus
    public var startedAt: Date?
    public var finishedAt: Date?
    public var exitCode: Int?

    public init(name: String, status: TaskStatus, startedAt: Date? = nil, finishedAt: Date? = nil, exitCode: Int? = nil)
    {
        self.name = name
        self.status = status
        self.startedAt = startedAt
        self.finishedAt = finishedAt
        self.exitCode = exitCode
    }

    private enum CodingKeys: String, CodingKey {
        case name, status
        case startedAt = "started_at"
        case finishedAt = "finished_at"
        case exitCode = "exit_code"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(status, forKey: .status)
        try container.encode(startedAt, forKey: .startedAt)
        try container.encode(finishedAt, forKey: .finishedAt)
        try container.encode(exitCode, forKey: .exitCode)
    }
}
