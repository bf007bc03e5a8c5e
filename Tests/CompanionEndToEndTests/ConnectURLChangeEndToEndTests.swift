import CompanionTestSupport
import Foundation
import Testing

/// ILS AC-12.7: changing the stored workstation URL asks first. `companion connect` to a different URL than the
/// stored one asks on the terminal and reads the answer; no means nothing is stored; without a terminal nobody can
/// be asked, so it is refused (exit 64) unless `--yes` answers for a script; the same URL again, or the first URL
/// ever, is never a question.
@Suite(.timeLimit(.minutes(3)))
struct ConnectURLChangeEndToEndTests {
    /// Without a terminal (standard input a pipe): refused with exit 64 and the `--yes` advice, even when the pipe
    /// says yes, and nothing changes; `--yes` replaces it.
    @Test func withoutATerminalAChangeIsRefusedUnlessYes() async throws {
        let first = try await SidecarProcess.start()
        defer { first.stop() }
        let second = try await SidecarProcess.start()
        defer { second.stop() }
        let cli = CompanionCLI()
        let initial = try await cli.run(["connect", first.url])
        #expect(initial.status == Exit.success && !initial.stderr.contains("Replace"), "\(initial)")
        let same = try await cli.run(["connect", first.url])
        #expect(same.status == Exit.success && !same.stderr.contains("Replace"), "\(same)")

        for stdin in ["y\n", nil] {
            let refused = try await cli.run(["connect", second.url], stdin: stdin)
            #expect(refused.status == Exit.usage, "\(refused)")
            #expect(!refused.stderr.contains("[y/N]"), "asked where nobody can answer: \(refused.stderr)")
            #expect(
                refused.stderr.contains("was not changed") && refused.stderr.contains("no terminal to ask on")
                    && refused.stderr.contains("companion connect \(second.url) --yes"), "\(refused.stderr)")
            #expect(try await Self.storedURL(cli) == first.url)
        }
        let scripted = try await cli.run(["connect", second.url, "--yes"])
        #expect(scripted.status == Exit.success && !scripted.stderr.contains("Replace"), "\(scripted)")
        #expect(try await Self.storedURL(cli) == second.url)
    }

    /// On a terminal (a pseudo-terminal from util-linux `script`): the question is asked; no keeps the stored URL
    /// (exit 1, with the `--yes` hint), yes replaces it.
    @Test(.enabled(if: ProcessRunner.exists("script")))
    func onATerminalTheQuestionIsAskedAndNoKeepsTheURL() async throws {
        let first = try await SidecarProcess.start()
        defer { first.stop() }
        let second = try await SidecarProcess.start()
        defer { second.stop() }
        let cli = CompanionCLI()
        #expect(try await cli.run(["connect", first.url]).status == Exit.success)

        let declined = try await Self.onTerminal(cli, ["connect", second.url], answer: "n")
        #expect(declined.status == Exit.failure, "\(declined)")
        #expect(declined.output.contains("Replace it with \(second.url)? [y/N]"), "\(declined.output)")
        #expect(declined.output.contains("was not changed") && declined.output.contains("--yes"), "\(declined)")
        #expect(try await Self.storedURL(cli) == first.url)

        let accepted = try await Self.onTerminal(cli, ["connect", second.url], answer: "yes")
        #expect(accepted.status == Exit.success, "\(accepted)")
        #expect(try await Self.storedURL(cli) == second.url)
    }

    /// Runs `companion <arguments>` on a pseudo-terminal and types `answer` once the question is on it.
    static func onTerminal(_ cli: CompanionCLI, _ arguments: [String], answer: String) async throws
        -> ProcessRunner.Result
    {
        let command = ([TestPaths.companionBinary.path] + arguments).joined(separator: " ")
        let session = try ProcessRunner.spawn("script", ["-qec", command, "/dev/null"], environment: cli.environment)
        defer { session.kill(SIGKILL) }
        try await session.waitForOutput { out, _ in out.contains("[y/N]") }
        session.write(answer + "\n")
        return try await session.finish()
    }

    /// The URL `companion status` uses when given none: the stored one.
    static func storedURL(_ cli: CompanionCLI) async throws -> String? {
        let (result, json) = try await cli.json(["status"])
        #expect(result.status == Exit.success, "\(result)")
        return json["sidecarURL"]?.stringValue
    }
}
