import CompanionTestSupport
import Foundation
import Testing

/// ILS AC-12.7: changing the stored workstation URL asks first. `companion connect` to a different URL than the
/// stored one asks on standard error and reads the answer; no means nothing is stored; `--yes` answers for scripts;
/// the same URL again, or the first URL ever, is never a question.
@Suite(.timeLimit(.minutes(3)))
struct ConnectURLChangeEndToEndTests {
    @Test func replacingTheStoredURLAsksFirstAndNoKeepsIt() async throws {
        let first = try await SidecarProcess.start()
        defer { first.stop() }
        let second = try await SidecarProcess.start()
        defer { second.stop() }
        let cli = CompanionCLI()
        let initial = try await cli.run(["connect", first.url])
        #expect(initial.status == Exit.success && !initial.stderr.contains("Replace"), "\(initial)")
        let same = try await cli.run(["connect", first.url])
        #expect(same.status == Exit.success && !same.stderr.contains("Replace"), "\(same)")

        let declined = try await cli.run(["connect", second.url], stdin: "n\n")
        #expect(declined.status == Exit.failure, "\(declined)")
        #expect(declined.stderr.contains("Replace it with \(second.url)? [y/N]"), "\(declined.stderr)")
        #expect(declined.stderr.contains("was not changed") && declined.stderr.contains("--yes"), "\(declined.stderr)")
        #expect(try await Self.storedURL(cli) == first.url)
        // No answer at all (standard input closed) is a no.
        #expect(try await cli.run(["connect", second.url]).status == Exit.failure)
        #expect(try await Self.storedURL(cli) == first.url)

        let accepted = try await cli.run(["connect", second.url], stdin: "y\n")
        #expect(accepted.status == Exit.success, "\(accepted)")
        #expect(try await Self.storedURL(cli) == second.url)
        let scripted = try await cli.run(["connect", first.url, "--yes"])
        #expect(scripted.status == Exit.success && !scripted.stderr.contains("Replace"), "\(scripted)")
        #expect(try await Self.storedURL(cli) == first.url)
    }

    /// The URL `companion status` uses when given none: the stored one.
    static func storedURL(_ cli: CompanionCLI) async throws -> String? {
        let (result, json) = try await cli.json(["status"])
        #expect(result.status == Exit.success, "\(result)")
        return json["sidecarURL"]?.stringValue
    }
}
