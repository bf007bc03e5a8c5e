import ArgumentParser

/// `companion exit-codes` (also shown by `companion help exit-codes`): the one table of exit codes.
struct ExitCodesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "exit-codes",
        abstract: "List the exit codes of every companion command (also: companion help exit-codes).",
        // Joined with `+`, not interpolated: interpolating a value is a dynamic cast (a scan of every
        // protocol-conformance record), and this text is built for every command (docs/startup.md).
        discussion: """
            Every failure prints one line saying what happened and a hint saying what to do; with --json the \
            error is also a JSON object on standard output: {"ok":false,"error":{"code","message","hint","exitCode"}}, \
            where code is the NAME below. Details: docs/exit-codes.md.

            CODE NAME                 MEANING

            """ + ExitStatus.tableText)

    @Flag(help: "Print the table as JSON.")
    var json = false

    /// The `--json` shape of one row.
    struct Row: Encodable {
        var code: Int32
        var name: String
        var meaning: String
    }

    func run() throws {
        if json {
            return try OutputFormatter.printJSON(
                ExitStatus.allCases.map { Row(code: $0.rawValue, name: $0.name, meaning: $0.meaning) })
        }
        print("CODE NAME                 MEANING")
        print(ExitStatus.tableText)
    }
}
