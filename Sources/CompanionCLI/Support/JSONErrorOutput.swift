import ArgumentParser
import Foundation

/// With `--json`, every failure is also printed on standard output as one JSON object, so standard output stays
/// valid JSON whatever happens:
/// `{"ok":false,"error":{"code":"network","message":"…","hint":"…","exitCode":4}}` (`code` is the exit status's
/// name, see docs/exit-codes.md). Printed at most once per run.
enum JSONErrorOutput {
    /// True when the command line asks for JSON.
    static var requested: Bool { requested(in: CommandContext.current.arguments) }

    /// Options whose next word is always their value, even one that looks like an option (ArgumentParser's
    /// `parsing: .unconditionalSingleValue`): `mcp add … --arg --json` passes `--json` to the server.
    static let optionsTakingAnyValue: Set<String> = ["--arg"]

    /// Whether `arguments` (without the program name) hold the `--json` flag itself: not after `--` (from there
    /// on every word is a positional argument) and not as the value of an option in ``optionsTakingAnyValue``.
    static func requested(in arguments: [String]) -> Bool {
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            if word == "--" { return false }
            if word == "--json" { return true }
            index += optionsTakingAnyValue.contains(word) ? 2 : 1
        }
        return false
    }

    /// The `--json` shape of a failure.
    struct Body: Encodable {
        struct Detail: Encodable {
            var code: String
            var message: String
            var hint: String?
            var exitCode: Int32
        }

        var ok = false
        var error: Detail
        /// Only from `companion status`, when the workstation is unreachable and was reached before.
        var lastKnown: StaleStatus?
    }

    /// Prints `failure` as JSON on standard output, unless that was done already.
    static func print(_ failure: CLIFailure) {
        guard
            CommandContext.current.state.printedJSONFailure.withLock({ done in
                defer { done = true }
                return !done
            })
        else { return }
        let body = Body(
            error: .init(
                code: failure.status.name, message: failure.message, hint: failure.hint,
                exitCode: failure.status.rawValue), lastKnown: failure.lastKnown)
        try? OutputFormatter.printJSON(body)
    }

    /// A parse or validation error of ArgumentParser as a failure (exit 64 for usage, ArgumentParser's own code
    /// otherwise).
    static func failure(forParseError error: any Error, command: any ParsableCommand.Type) -> CLIFailure {
        let code = command.exitCode(for: error).rawValue
        let message = command.message(for: error).split(separator: "\n").first.map(String.init) ?? "invalid usage"
        return CLIFailure(
            ExitStatus(rawValue: code) ?? .usage, message.replacingOccurrences(of: "Error: ", with: ""),
            hint: "see `companion help` or the command's --help")
    }
}
