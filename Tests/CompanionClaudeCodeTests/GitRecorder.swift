import CompanionTestSupport
import Foundation

/// A `git` put first on `PATH` that records each invocation's arguments and the environment variables that keep
/// git from prompting, then runs the real `/usr/bin/git` with the same arguments: what a clone was really given.
struct GitRecorder {
    /// One run of git.
    struct Invocation {
        var arguments: [String]
        /// The recorded variables (absent when unset).
        var environment: [String: String]
    }

    static let recordedVariables = ["GIT_TERMINAL_PROMPT", "GIT_ASKPASS", "GIT_SSH_COMMAND", "SSH_ASKPASS"]
    let directory: URL
    let log: URL

    init(in root: URL) async throws {
        directory = root.appendingPathComponent("git-recorder")
        log = root.appendingPathComponent("git-recorder.log")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let variables = Self.recordedVariables.map {
            #"[ "${\#($0)+set}" = set ] && printf 'env\t%s=%s\n' \#($0) "$\#($0)""#
        }
        let script = """
            #!/bin/sh
            {
              echo begin
              for argument in "$@"; do printf 'arg\\t%s\\n' "$argument"; done
            \(variables.map { "  " + $0 }.joined(separator: "\n"))
              echo end
            } >> '\(log.path)'
            exec /usr/bin/git "$@"

            """
        let git = directory.appendingPathComponent("git")
        try await ExecutableScript.write(script, to: git)
    }

    /// `environment` with this `git` first on its `PATH`.
    func environment(_ environment: [String: String]) -> [String: String] {
        var environment = environment
        environment["PATH"] = directory.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        return environment
    }

    /// Every run recorded so far (an argument holding a line break would be cut; none of these tests has one).
    func invocations() throws -> [Invocation] {
        guard FileManager.default.fileExists(atPath: log.path) else { return [] }
        var result: [Invocation] = []
        var current: Invocation?
        for line in try String(contentsOf: log, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        {
            if line == "begin" {
                current = Invocation(arguments: [], environment: [:])
            } else if line == "end", let finished = current {
                result.append(finished)
                current = nil
            } else if line.hasPrefix("arg\t") {
                current?.arguments.append(String(line.dropFirst(4)))
            } else if line.hasPrefix("env\t"), let equals = line.firstIndex(of: "=") {
                let name = String(line[line.index(line.startIndex, offsetBy: 4)..<equals])
                current?.environment[name] = String(line[line.index(after: equals)...])
            }
        }
        return result
    }
}
