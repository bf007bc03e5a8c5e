import CompanionTestSupport
import Foundation
import Testing

extension RealClaudeCLISuites {
    /// ILS AC-3.6 from the companion: `companion chat --new --model M --fallback-model F` keeps F with the new
    /// session, and the real `claude` on the workstation asks F once M answered 529 (overloaded) three times in a
    /// row (the sidecar's `claude` is given `CLAUDE_CODE_MAX_RETRIES=2`, the fewest retries that fall back).
    @Suite(.serialized, .timeLimit(.minutes(5)))
    struct FallbackModelCLITests {
        static let primary = "claude-primary-test"
        static let fallback = "claude-backup-test"

        @Test func chatNewWithAFallbackModelIsAnsweredByItWhenTheFirstIsOverloaded() async throws {
            let endpoint = try ScriptedModelEndpoint { request in
                request.model == Self.primary ? .status(529) : .text("the fallback answered", pieces: 2)
            }
            let sandbox = try ClaudeSandbox(baseURL: endpoint.baseURL)
            var environment = sandbox.environment.mapValues { Optional($0) }
            environment["CLAUDE_CODE_MAX_RETRIES"] = "2"
            let sidecar = try await SidecarProcess.start(
                SidecarOptions(
                    arguments: ["--claude-path", try ClaudeCLIBinary.locate(), "--log-level", "warning"],
                    environment: environment))
            defer {
                sidecar.stop()
                endpoint.stop()
                sandbox.remove()
            }
            let cli = CompanionCLI()
            _ = try await ConnectionEndToEndTests.pair(cli, sidecar, name: "Laptop")

            let chat = try await cli.run(
                ["chat", "--new", "--model", Self.primary, "--fallback-model", Self.fallback, "hello"])
            #expect(chat.status == Exit.success, "\(chat)")
            #expect(chat.stdout == "the fallback answered\n", "\(chat)")
            let models = endpoint.messageRequests.compactMap(\.model)
            #expect(models.first == Self.primary && models.last == Self.fallback, "\(models)")

            let misplaced = try await cli.run(
                ["chat", "--session", UUID().uuidString, "--fallback-model", Self.fallback, "again"])
            #expect(misplaced.status == Exit.usage && misplaced.stderr.contains("--fallback-model"), "\(misplaced)")
        }
    }
}
