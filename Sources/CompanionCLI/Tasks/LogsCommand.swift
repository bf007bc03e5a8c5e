import ArgumentParser
import CompanionAPI
import CompanionKit
import Foundation

/// `companion logs ID [--follow]`.
struct LogsCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "logs",
        abstract: "Print a task's log; with --follow, stream it live until the task ends.",
        discussion: """
            Following uses the WebSocket first; when it cannot be opened or drops, the log is polled (at least \
            once a second) while the WebSocket is retried with backoff. No line is lost or printed twice. \
            The exit status is 0 when the task succeeded and 12 when it failed or was cancelled. \
            Escape sequences in the log are shown escaped (colours are kept on a terminal); --raw prints them as is.

            Examples:
              companion logs TASK-ID
              companion logs TASK-ID --follow
              companion logs TASK-ID --lines 500 --json
            """)

    @OptionGroup var connection: TaskConnectionOptions
    @Argument(help: "The task id.") var id: String
    @Flag(name: [.short, .long], help: "Stream new lines until the task ends.") var follow = false
    @Option(help: "Start with only the last N lines (default: all when following, 100 otherwise).") var lines: Int?
    @Flag(help: "Print one JSON object per line (cursor, stream, timestamp, text).") var json = false
    @OptionGroup var followOptions: LogFollowOptions

    func execute() async throws {
        if let lines, lines < 0 { throw CLIFailure(.usage, "--lines must not be negative") }
        let tasks = try connection.tasks()
        let output = LogOutput(json: json, timestamps: followOptions.timestamps, raw: followOptions.raw)
        guard follow else {
            let answer = try await tasks.tail(id: id, lines: min(lines ?? 100, 1000))
            output.write(answer.lines)
            return
        }
        var start = 0
        if let lines {
            let answer = try await tasks.tail(id: id, lines: min(lines, 1000))
            output.write(answer.lines)
            start = answer.nextCursor
        }
        let end = try await followOptions.follow(tasks: tasks, taskID: id, after: start, output: output)
        try Self.finish(end, taskID: id, json: json)
    }

    /// Reports how the task ended; throws the documented exit status when it did not succeed.
    static func finish(_ end: TaskLogEnd, taskID: String, json: Bool) throws {
        let exit = end.exitCode.map { " (exit status \($0))" } ?? ""
        if !json {
            let line = "Task \(Terminal.safe(taskID)) \(TaskPresentation.badge(end.status))\(exit)\n"
            writeStandardError(line)
        }
        guard end.status == .succeeded else { throw ExitCode(ExitStatus.taskFailed.rawValue) }
    }
}

/// Options of log following, shared by `logs --follow` and `tasks create --start`.
struct LogFollowOptions: ParsableArguments {
    @Flag(help: "Prefix each line with its timestamp.") var timestamps = false
    @Flag(
        help: ArgumentHelp(
            "Print log lines exactly as the task wrote them, escape sequences included.",
            discussion: "Otherwise control characters and escape sequences are shown escaped (\\x1b), except "
                + "colours on a terminal (unless NO_COLOR is set)."))
    var raw = false
    @Option(help: "How to follow: auto (WebSocket, polling as fallback), websocket, or poll.")
    var transport: String = TaskLogTransport.auto.rawValue
    @Option(help: "Seconds between polls while polling (0.05 to 1).") var pollInterval: Double = 0.5
    @Flag(help: "Do not report transport changes on standard error.") var quiet = false

    func follow(tasks: WorkstationTasks, taskID: String, after: Int, output: LogOutput) async throws -> TaskLogEnd {
        guard let mode = TaskLogTransport(rawValue: transport) else {
            throw CLIFailure(.usage, "unknown transport \(transport)", hint: "use auto, websocket or poll")
        }
        guard (0.05...1).contains(pollInterval) else {
            throw CLIFailure(.usage, "--poll-interval must be between 0.05 and 1 second")
        }
        var options = TaskLogFollowOptions()
        options.transport = mode
        options.pollInterval = .milliseconds(Int(pollInterval * 1000))
        for try await event in tasks.followLog(taskID: taskID, after: after, options: options) {
            switch event {
            case .lines(let lines): output.write(lines)
            case .transport(let change): if !quiet { LogOutput.report(change) }
            case .ended(let end): return end
            }
        }
        throw CLIFailure(.failure, "following the log stopped before the task ended", hint: "run the command again")
    }
}
