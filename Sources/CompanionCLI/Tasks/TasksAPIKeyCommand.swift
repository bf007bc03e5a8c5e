import ArgumentParser
import CompanionKit
import Foundation

/// `companion tasks api-key (--file FILE | --clear)`: the sidecar's optional `X-API-Key`, kept in the vault.
struct TasksAPIKeyCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "api-key",
        abstract: "Store (or forget) the sidecar's API key in the vault; task commands then send it as X-API-Key.",
        discussion: """
            Examples:
              companion tasks api-key --file ~/.config/companion-task.key
              companion tasks api-key --clear --json
            """)

    @OptionGroup var vault: VaultOptions
    @Option(help: "File whose first line is the key (use - for standard input).") var file: String?
    @Flag(help: "Forget the stored key.") var clear = false
    @Flag(help: "Print JSON: {\"ok\":true,\"apiKey\":\"stored\"|\"cleared\"} (never the key; errors too).")
    var json = false

    /// The `--json` shape: what happened to the stored key (the key itself is never printed).
    struct Output: Encodable {
        var ok = true
        var apiKey: String
        var profile: String
    }

    func execute() async throws {
        try await ClientRun.run(json: json) { try apply() }
    }

    private func apply() throws {
        // Checked before the vault opens, so a wrong command line costs no passphrase.
        let source: String?
        switch (clear, file) {
        case (true, _): source = nil
        case (false, let file?): source = file
        case (false, nil): throw CLIFailure(.usage, "pass --file FILE (or - for standard input), or --clear")
        }
        let store = CompanionStore(vault: try vault.open())
        guard let file = source else {
            try store.clearAPIKey()
            if json { return try OutputFormatter.printJSON(Output(apiKey: "cleared", profile: vault.profileName)) }
            print("Forgot the sidecar API key.")
            return
        }
        let data =
            file == "-" ? CommandContext.current.input.readAll() : FileManager.default.contents(atPath: file)
        guard let data else {
            throw CLIFailure(
                .usage, "cannot read the API key file \(file): it does not exist or is not readable",
                hint: "check the path (the sidecar's --api-key-file), or pass - to read the key from standard input")
        }
        guard let key = CompanionStore.firstLine(data), key.utf8.count >= 16 else {
            throw CLIFailure(
                .usage, "the first line of \(file) is not an API key: it has fewer than 16 characters",
                hint: "use the same file as the sidecar's --api-key-file (a random key of at least 16 characters)")
        }
        try store.saveAPIKey(key)
        if json { return try OutputFormatter.printJSON(Output(apiKey: "stored", profile: vault.profileName)) }
        print("Stored the sidecar API key in the vault.")
    }
}
