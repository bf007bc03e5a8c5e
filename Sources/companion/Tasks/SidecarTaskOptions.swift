import ArgumentParser
import CompanionSidecar
import Foundation

/// `companion sidecar serve` options of the task endpoints (`/v1/tasks…`).
struct SidecarTaskOptions: ParsableArguments {
    @Option(
        name: .customLong("task-command"),
        help: "Agent command run (via /bin/sh -c) for each started task; the description is on its standard input.")
    var taskCommand: String?

    @Option(
        name: .customLong("api-key-file"),
        help: "File whose first line is the X-API-Key the task endpoints require (default: $COMPANION_SIDECAR_API_KEY)."
    )
    var apiKeyFile: String?

    /// Puts the task settings into the sidecar's configuration.
    func apply(to configuration: inout SidecarConfiguration) throws {
        if let taskCommand {
            guard !taskCommand.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw CLIFailure(.usage, "--task-command must not be empty")
            }
            configuration.taskCommand = taskCommand
        }
        do {
            if let apiKeyFile {
                configuration.taskAPIKey = try TaskAPIKey(contentsOfFile: apiKeyFile)
            } else if let key = ProcessInfo.processInfo.environment[TaskAPIKey.environmentVariable], !key.isEmpty {
                configuration.taskAPIKey = try TaskAPIKey(key)
            }
        } catch {
            throw CLIFailure(.usage, "\(error)", hint: "use a random key of at least 16 characters")
        }
    }
}
