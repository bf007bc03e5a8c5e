import ArgumentParser
import Foundation

extension CompanionCommandLine {
    /// ArgumentParser's main, plus: with `--json`, a command-line error (unknown option, bad value) is also
    /// printed as the JSON failure on standard output.
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            if JSONErrorOutput.requested, !(error is ExitCode), exitCode(for: error) != .success {
                JSONErrorOutput.print(JSONErrorOutput.failure(forParseError: error, command: self))
            }
            exit(withError: error)
        }
    }
}
