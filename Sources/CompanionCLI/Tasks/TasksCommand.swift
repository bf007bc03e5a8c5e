import ArgumentParser
import CompanionAPI
import Foundation

/// `companion tasks …`: the orchestrator's tasks on the paired workstation.
struct TasksCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tasks",
        abstract: "List, inspect, create, start and cancel the workstation's agent tasks.",
        subcommands: [
            TasksListCommand.self, TasksShowCommand.self, TasksCreateCommand.self, TasksStartCommand.self,
            TasksCancelCommand.self, TasksReviewCommand.self, TasksAPIKeyCommand.self,
        ],
        defaultSubcommand: TasksListCommand.self)
}

/// `companion tasks list`.
struct TasksListCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List tasks, newest first.",
        discussion: """
            Examples:
              companion tasks list
              companion tasks list --wide
              companion tasks list --limit 10 --json
            """)

    @OptionGroup var connection: TaskConnectionOptions
    @Option(help: "Show only the newest N tasks.") var limit: Int?
    @Flag(help: "Print JSON instead of a table.") var json = false
    @OptionGroup var table: TableOptions

    func execute() async throws {
        if let limit, limit < 1 { throw CLIFailure(.usage, "--limit must be at least 1") }
        let tasks = try await connection.run { try await $0.list(limit: limit) }
        if json {
            try OutputFormatter.printJSON(TaskListResponse(tasks: tasks))
        } else {
            print(TaskPresentation.table(tasks, width: table.width), terminator: "")
        }
    }
}

/// `companion tasks show ID`.
struct TasksShowCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Show a task and its steps.",
        discussion: """
            Examples:
              companion tasks show TASK-ID
            """)

    @OptionGroup var connection: TaskConnectionOptions
    @Argument(help: "The task id.") var id: String
    @Flag(help: "Print JSON.") var json = false

    func execute() async throws {
        let task = try await connection.run { try await $0.task(id: id) }
        if json {
            try OutputFormatter.printJSON(TaskResponse(task: task))
        } else {
            print(TaskPresentation.detail(task))
        }
    }
}

/// `companion tasks start ID`.
struct TasksStartCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "start", abstract: "Start a queued task.",
        discussion: """
            Examples:
              companion tasks start TASK-ID
            """)

    @OptionGroup var connection: TaskConnectionOptions
    @Argument(help: "The task id.") var id: String
    @Flag(help: "Print JSON.") var json = false

    func execute() async throws {
        let task = try await connection.run { try await $0.start(id: id) }
        if json {
            try OutputFormatter.printJSON(TaskResponse(task: task))
        } else {
            let id = Terminal.safe(task.id)
            print("Started \(id): \(TaskPresentation.badge(task.status))  (follow: companion logs \(id) -f)")
        }
    }
}

/// `companion tasks cancel ID`.
struct TasksCancelCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "cancel", abstract: "Cancel a queued or running task (SIGTERM, then SIGKILL).",
        discussion: """
            Examples:
              companion tasks cancel TASK-ID
            """)

    @OptionGroup var connection: TaskConnectionOptions
    @Argument(help: "The task id.") var id: String
    @Flag(help: "Print JSON.") var json = false

    func execute() async throws {
        let task = try await connection.run { try await $0.cancel(id: id) }
        if json {
            try OutputFormatter.printJSON(TaskResponse(task: task))
        } else {
            print(TaskPresentation.detail(task))
        }
    }
}
