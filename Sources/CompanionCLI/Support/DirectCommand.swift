import ArgumentParser

/// The command lines that run without ArgumentParser, because their words leave nothing to parse.
///
/// ArgumentParser reflects every command on the path (`Mirror`, a dynamic cast per property wrapper, each a scan
/// of the executable's 12,000 conformance records) and decodes it through `Codable`: in a process as short as
/// `companion qr decode image.png`, `companion keys show` or `companion status` that is about a third of the CPU
/// time (docs/startup.md). When the words are exactly a command's name followed by operands that cannot be options or
/// subcommand names of ArgumentParser's own (no word starts with `-`, none is empty), the command's work runs with
/// the values ArgumentParser would have given it. Every other command line, any option, `--help`, `--version` and
/// every usage error included, goes through ArgumentParser. `DirectCommandEndToEndTests` runs each shape both ways
/// and compares output and exit status.
enum DirectCommand {
    /// `companion qr decode FILE...`
    case qrDecode(files: [String])
    /// `companion keys show`
    case keysShow
    /// `companion status`
    case status

    /// The direct command for `words` (the arguments after the program name), or nil when ArgumentParser must
    /// parse them.
    init?(words: [String]) {
        switch words.first {
        case "qr":
            let files = Array(words.dropFirst(2))
            guard words.count > 2, words[1] == "decode", files.allSatisfy(Self.isOperand) else { return nil }
            self = .qrDecode(files: files)
        case "keys" where words == ["keys", "show"]:
            self = .keysShow
        case "status" where words.count == 1:
            self = .status
        default:
            return nil
        }
    }

    /// Runs the command as its ArgumentParser form would, through the same ``CommandOutcome`` ending (settings
    /// checked first, a failure printed with its exit status): the program ends there; in-process, the status is
    /// returned. A blocking command's work runs where the context says (``CommandContext/blockingWork``).
    @MainActor
    func run() async -> Int32 {
        do {
            switch self {
            case .qrDecode(let files):
                try await CompanionCommandLine.blocking {
                    try CommandOutcome.runBlocking { try QRDecoding(files: files, json: false).execute() }
                }
            case .keysShow:
                try await CompanionCommandLine.blocking {
                    try CommandOutcome.runBlocking { try KeysShowing(vault: VaultSelection(), json: false).execute() }
                }
            case .status:
                try await Self.status()
            }
            return ExitStatus.success.rawValue
        } catch let exit as ExitCode {
            return exit.rawValue
        } catch {
            return CommandOutcome.failed(error)
        }
    }

    /// `companion status`, off the main actor as its parsed form runs.
    private static func status() async throws(ExitCode) {
        try await CommandOutcome.run {
            try await StatusShowing(
                sidecar: SidecarSelection(), vault: VaultSelection(), json: false, watch: false,
                interval: StatusCommand.defaultInterval
            ).execute()
        }
    }

    /// A word ArgumentParser could only read as an operand.
    private static func isOperand(_ word: String) -> Bool {
        !word.isEmpty && !word.hasPrefix("-")
    }
}
