import ArgumentParser
import CompanionAPI
import Foundation

/// `companion tasks create --title … [--description …] [--repo-url …] [--start]`.
struct TasksCreateCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "create",
        abstract: "Create a task; with --start, start it and follow its logs until it ends.",
        discussion: """
            Examples:
              companion tasks create --title "Fix the flaky test" --description "See CI run 42"
              companion tasks create --title T --repo-url https://github.com/me/repo.git --start
            """)

    @OptionGroup var connection: TaskConnectionOptions
    @Option(help: "Short title.") var title: String
    @Option(help: "What the agent should do (given to the task command on standard input).") var description = ""
    @Option(name: .customLong("repo-url"), help: "Repository to clone into the task's workspace first.")
    var repoURL: String?
    @Flag(help: "Start the task and follow its logs; the exit status reflects the task's.") var start = false
    @Flag(help: "Print JSON.") var json = false
    @OptionGroup var follow: LogFollowOptions

    func execute() async throws {
        let request = CreateTaskRequest(title: title, description: description, repoURL: repoURL)
        if let problem = request.validationError() { throw CLIFailure(.usage, problem) }
        let tasks = try connection.tasks()
        var task = try await tasks.create(request)
        if start { task = try await tasks.start(id: task.id) }
        if json && !start {
            try OutputFormatter.printJSON(TaskResponse(task: task))
        } else {
            writeStandardError("Created \(Terminal.safe(task.id)): \(Terminal.safe(task.title))\n")
        }
        guard start else { return }
        let output = LogOutput(json: json, timestamps: follow.timestamps, raw: follow.raw)
        let end = try await follow.follow(tasks: tasks, taskID: task.id, after: 0, output: output)
        try LogsCommand.finish(end, taskID: task.id, json: json)
    }
}
