import ArgumentParser
import CompanionAPI
import CompanionSidecar
import Foundation

/// `companion sidecar serve` options of the task endpoints (`/v1/tasks…`).
struct SidecarTaskOptions: ParsableArguments {
    @Option(
        name: .customLong("task-command"),
        help: "Agent command run (via /bin/sh -c) for each started task; the description is on its standard input.")
    var taskCommand: String?

    @Option(
        name: .customLong("review-command"),
        help: ArgumentHelp(
            "Command reviewing a pull request task (via /bin/sh -c; the prompt and diff on standard input).",
            discussion: "Default: claude -p with only your settings and the read-only file tools. Reviews start "
                + "when this or --task-command is given."))
    var reviewCommand: String?

    @Option(
        name: .customLong("api-key-file"),
        help: "File whose first line is the X-API-Key the task endpoints require (default: $COMPANION_SIDECAR_API_KEY)."
    )
    var apiKeyFile: String?

    @Option(
        name: .customLong("api-key-scopes"),
        help: ArgumentHelp(
            "What the API key (X-API-Key or Bearer) may do: read, tasks, chat, control, admin, comma-separated.",
            discussion: "Default: $COMPANION_SIDECAR_API_KEY_SCOPES, then [sidecar] api-key-scopes in the settings "
                + "file, then read,tasks. A wider set is given only when asked for, and the sidecar warns at start "
                + "naming the scopes beyond read,tasks. A request the key's scopes do not cover is refused with 403 "
                + "naming the scope it needs."))
    var apiKeyScopes: String?

    @Option(
        name: .customLong("clone-root"),
        help: ArgumentHelp(
            "Directory whose repositories tasks may clone as a local path or file:// URL (repeatable).",
            discussion: "Without it, tasks clone only from https:// and ssh:// (or user@host:path) URLs."))
    var cloneRoots: [String] = []

    @Option(
        name: .customLong("clone-timeout"),
        help: "Seconds a task's git clone may take before it is stopped and the task fails (default 600).")
    var cloneTimeout: Double = 600

    /// Puts the task settings into the sidecar's configuration.
    func apply(to configuration: inout SidecarConfiguration) throws {
        if let taskCommand {
            guard !taskCommand.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw CLIFailure(.usage, "--task-command must not be empty")
            }
            configuration.taskCommand = taskCommand
        }
        if let reviewCommand {
            guard !reviewCommand.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw CLIFailure(.usage, "--review-command must not be empty")
            }
            configuration.reviewCommand = reviewCommand
        }
        guard (1...86_400).contains(cloneTimeout) else {
            throw CLIFailure(.usage, "--clone-timeout must be between 1 and 86400 seconds", hint: "the default is 600")
        }
        configuration.taskCloneTimeLimit = .milliseconds(Int(cloneTimeout * 1000))
        configuration.taskCloneRoots = try cloneRoots.map(Self.cloneRoot)
        do {
            if let apiKeyFile {
                configuration.taskAPIKey = try TaskAPIKey(contentsOfFile: apiKeyFile)
            } else if let key = try CLISettings.resolution().resolve(.sidecarAPIKey)?.value {
                configuration.taskAPIKey = try TaskAPIKey(key)
            }
        } catch TaskAPIKeyError.unreadable(let path) {
            let missing = !FileManager.default.fileExists(atPath: path)
            throw CLIFailure(
                .usage,
                "cannot read the API key file \(Terminal.safe(path)): "
                    + (missing ? "it does not exist" : "it is not readable by this user"),
                hint: missing
                    ? "check the path, or create it: (umask 077; openssl rand -hex 32 > FILE)"
                    : "check its owner and mode (the sidecar's user must be able to read it; mode 0600)")
        } catch TaskAPIKeyError.tooShort {
            throw CLIFailure(
                .usage,
                apiKeyFile.map { "the first line of \(Terminal.safe($0)) is shorter than 16 characters" }
                    ?? "\(TaskAPIKey.environmentVariable) is shorter than 16 characters",
                hint: "use a random key of at least 16 characters, e.g. openssl rand -hex 32")
        } catch {
            throw CLIFailure(.usage, "the API key cannot be used", hint: "use a random key of at least 16 characters")
        }
        try applyAPIKeyScopes(to: &configuration)
    }

    /// The API key's scopes: `--api-key-scopes`, else the environment, else the settings file, else
    /// ``TaskAPIKey/defaultScopes``; a warning names any scope beyond those.
    private func applyAPIKeyScopes(to configuration: inout SidecarConfiguration) throws {
        let chosen = try CLISettings.resolution().resolve(
            .sidecarAPIKeyScopes, option: apiKeyScopes, optionName: "--api-key-scopes")
        guard let text = chosen?.value, let source = chosen?.origin.description else { return }
        let scopes: Set<DeviceScope>
        do { scopes = try DeviceScope.parse(text) } catch {
            throw CLIFailure(.usage, "\(source): \(error)", hint: "for example --api-key-scopes read,tasks")
        }
        guard configuration.taskAPIKey != nil else {
            if apiKeyScopes == nil { return }
            throw CLIFailure(
                .usage, "--api-key-scopes needs an API key",
                hint: "give one with --api-key-file FILE or $\(TaskAPIKey.environmentVariable)")
        }
        configuration.taskAPIKey?.scopes = scopes
        let wider = scopes.subtracting(TaskAPIKey.defaultScopes)
        if !wider.isEmpty {
            Terminal.printWarning(
                "the API key has the scopes \(DeviceScope.text(wider)) beyond read,tasks (\(source)): whoever holds "
                    + "it, an agent that can read it included, can use them; give it read,tasks where agents run")
        }
    }

    /// A `--clone-root` directory, which must exist (it is resolved, links and `..` included, when serving).
    static func cloneRoot(_ path: String) throws -> URL {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CLIFailure(
                .usage, "--clone-root \(path) is not a directory",
                hint: "give an existing directory whose repositories tasks may clone")
        }
        return URL(fileURLWithPath: path)
    }
}
