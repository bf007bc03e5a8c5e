import ArgumentParser
import CompanionAPI
import Foundation

/// `companion tasks review NUMBER [--repo-url URL]`: a task reviewing a pull request (docs/tasks.md).
struct TasksReviewCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "review",
        abstract: "Review a pull request (or GitLab merge request) by number, and follow the review's log.",
        discussion: """
            The repository is --repo-url, else the origin remote of the git clone in the current directory. \
            The sidecar clones it, fetches refs/pull/NUMBER/head (GitHub) or \
            refs/merge-requests/NUMBER/head (GitLab), checks it out and runs its review command on the diff \
            against the default branch (by default claude -p with read-only tools). The exit status is the \
            task's: 0 when the review succeeded, 12 when it failed.

            Examples:
              companion tasks review 123 --repo-url https://github.com/me/repo.git
              cd ~/src/repo && companion tasks review 123
              companion tasks review 42 --repo-url git@gitlab.com:me/repo.git --no-follow --json
            """)

    @OptionGroup var connection: TaskConnectionOptions
    // Every unrecognised word, so that `review -1` is told it is no pull request number rather than an option.
    @Argument(parsing: .allUnrecognized, help: "The pull request's number (digits, e.g. 123).")
    var number: [String] = []
    @Option(
        name: .customLong("repo-url"),
        help: "The repository whose pull request is reviewed (default: the current directory's origin remote).")
    var repoURL: String?
    @Option(help: "The task's title (default: \"Review pull request #NUMBER\").") var title: String?
    @Flag(help: "Start the review and return instead of following its log.") var noFollow = false
    @Flag(help: "Print JSON.") var json = false
    @OptionGroup var follow: LogFollowOptions

    func execute() async throws {
        let pr = try Self.pullRequestNumber(number)
        var repoURL = self.repoURL
        if repoURL == nil { repoURL = try await OriginRemote.url() }
        let request = CreateTaskRequest(
            title: title ?? "Review pull request #\(pr)", description: "", repoURL: repoURL, pr: pr)
        if let problem = request.validationError() { throw CLIFailure(.usage, problem) }
        let tasks = try connection.tasks()
        let created = try await tasks.create(request)
        let task = try await tasks.start(id: created.id)
        if noFollow {
            if json {
                try OutputFormatter.printJSON(TaskResponse(task: task))
            } else {
                let id = Terminal.safe(task.id)
                print("Reviewing pull request #\(pr) in task \(id)  (follow: companion logs \(id) -f)")
            }
            return
        }
        writeStandardError("Reviewing pull request #\(pr) in task \(Terminal.safe(task.id))\n")
        let output = LogOutput(json: json, timestamps: follow.timestamps, raw: follow.raw)
        let end = try await follow.follow(tasks: tasks, taskID: task.id, after: 0, output: output)
        try LogsCommand.finish(end, taskID: task.id, json: json)
    }

    /// The one word given as a pull request number: digits only, from 1 to 2³¹ − 1; a usage failure (exit 64)
    /// otherwise.
    static func pullRequestNumber(_ words: [String]) throws -> Int {
        let range = CreateTaskRequest.pullRequestNumbers
        guard words.count == 1, let text = words.first else {
            let given = words.map { Terminal.safe($0) }.joined(separator: " ")
            let message =
                words.isEmpty ? "give the pull request's number" : "give one pull request number, not \(given)"
            throw CLIFailure(.usage, message, hint: "e.g. companion tasks review 123 --repo-url URL")
        }
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(text),
            range.contains(number)
        else {
            throw CLIFailure(
                .usage, "\(Terminal.safe(text)) is not a pull request number",
                hint: "give its number, from 1 to \(range.upperBound), e.g. companion tasks review 123 --repo-url URL")
        }
        return number
    }
}
