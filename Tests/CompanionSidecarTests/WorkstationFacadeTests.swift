import CompanionAPI
import CompanionCrypto
import CompanionKit
import CompanionSidecar
import CompanionTestSupport
import CompanionVault
import Foundation
import Testing

/// CompanionKit's facades (what the `companion` CLI reaches the sidecar through) against a real sidecar with every
/// feature on: each capability's failures come out as `CompanionError`s carrying that capability's advice — the
/// status-to-hint tables the CLI used to apply itself — from plain calls, from the task log stream and from the
/// `/ws` event stream alike.
@Suite struct WorkstationFacadeTests {
    /// The full sidecar of `RouteScopeTests` (identity, signed requests, tasks, the Claude Code API with the real
    /// `claude` and a home of the test's own, agent sessions) and a companion with a fresh file vault.
    struct Fixture {
        let directory = RouteScopeTests.temporaryDirectory()
        let sidecar: Sidecar
        let companion: Companion

        init() throws {
            sidecar = try RouteScopeTests.fullSidecar(directory)
            companion = try LiveCompanion.companion(in: directory)
        }

        func run(_ body: (String) async throws -> Void) async throws {
            try await LiveCompanion.serve(sidecar, removing: directory, body)
        }

        /// Pairs the companion with every scope (admin through the owner socket, as the CLI does).
        func pair(_ url: String) async throws {
            let owner = OwnerControl(
                dataDirectory: directory.appendingPathComponent("sidecar"), timeout: TestDeadline.seconds)
            let started = try await WorkstationPairing(url: url, timeout: TestDeadline.seconds).start {
                try await owner.startPairing(ttlSeconds: nil, scopes: DeviceScope.all)
            }
            _ = try await companion.pair(
                try PairingInvitation(code: started.response.code), at: url,
                options: PairingV2LiveTests.noQuestions())
        }
    }

    /// The `CompanionError` `body` throws (a test failure when it throws nothing or something else).
    static func failure(_ body: () async throws -> Void) async -> CompanionError? {
        do {
            try await body()
            Issue.record("the call succeeded")
        } catch let error as CompanionError {
            return error
        } catch {
            Issue.record("not a CompanionError: \(type(of: error)) \(error)")
        }
        return nil
    }

    static let pairOrGiveTheKey =
        "pair this device with the sidecar (`companion pair scan|code`), or give the sidecar's API key "
        + "(--api-key-file or $COMPANION_API_KEY)"

    @Test func aCompanionWithoutCredentialsIsToldHowToGetThemByEveryCapability() async throws {
        let fixture = try Fixture()
        try await fixture.run { url in
            let refused = "the sidecar refused the request: "
            let tasks = try TaskAccess.tasks(url: url, apiKey: nil, store: nil, timeout: TestDeadline.seconds)
            let task = await Self.failure { _ = try await tasks.list() }
            #expect(task?.kind == .notPaired && task?.message.hasPrefix(refused) == true)
            #expect(
                task?.hint?.contains("`companion tasks api-key --file FILE`") == true, "\(String(describing: task))")
            let followed = await Self.failure {
                for try await _ in tasks.followLog(taskID: "t-1") {}
            }
            #expect(
                followed?.kind == .notPaired
                    && followed?.hint?.contains("`companion tasks api-key --file FILE`") == true,
                "\(String(describing: followed))")

            let claude = try ClaudeCodeAccess.claudeCode(url: url, apiKey: nil, store: nil)
            for error in [
                await Self.failure { _ = try await claude.projects() },
                await Self.failure { _ = try await claude.chat(ChatStreamRequest(prompt: "hello", sessionId: UUID())) },
                await Self.failure {
                    _ = try await ClaudeConfigurationAccess.configuration(url: url, apiKey: nil, store: nil)
                        .mcpServers()
                },
                await Self.failure {
                    _ = try await ClaudeExtensionsAccess.extensions(
                        url: url, apiKey: nil, store: nil, listCommand: "companion skills list"
                    ).skills()
                },
            ] {
                #expect(error?.kind == .notPaired && error?.message.hasPrefix(refused) == true)
                #expect(error?.hint == Self.pairOrGiveTheKey, "\(String(describing: error))")
            }

            let agents = try AgentAccess.agents(url: url, apiKey: nil, store: nil)
            let listed = await Self.failure { _ = try await agents.sessions() }
            #expect(listed?.hint == Self.pairOrGiveTheKey, "\(String(describing: listed))")
            // The `/ws` upgrade is refused: the stream's failure has the same advice as the REST calls'.
            let watched = await Self.failure {
                try await agents.followEvents { _ in .stop }
            }
            #expect(
                watched?.kind == .notPaired && watched?.hint == Self.pairOrGiveTheKey, "\(String(describing: watched))")
        }
    }

    @Test func aPairedCompanionAskingForWhatDoesNotExistIsToldWhereToLook() async throws {
        let fixture = try Fixture()
        try await fixture.run { url in
            try await fixture.pair(url)
            let store = fixture.companion.store
            let tasks = try TaskAccess.tasks(url: nil, apiKey: nil, store: store, timeout: TestDeadline.seconds)
            let task = await Self.failure { _ = try await tasks.task(id: "no-such-task") }
            #expect(task?.hint == "list tasks with `companion tasks list`", "\(String(describing: task))")
            let followed = await Self.failure {
                for try await _ in tasks.followLog(taskID: "no-such-task") {}
            }
            #expect(followed?.hint == "list tasks with `companion tasks list`", "\(String(describing: followed))")

            let session = await Self.failure {
                _ = try await ClaudeCodeAccess.claudeCode(url: nil, apiKey: nil, store: store).session(id: UUID())
            }
            #expect(
                session?.hint == "list them with `companion sessions list` or `companion projects`",
                "\(String(describing: session))")
            let server = await Self.failure {
                _ = try await ClaudeConfigurationAccess.configuration(url: nil, apiKey: nil, store: store)
                    .mcpServer(name: "no-such-server")
            }
            #expect(
                server?.hint == "list the configured servers with `companion mcp list`", "\(String(describing: server))"
            )
            let skill = await Self.failure {
                _ = try await ClaudeExtensionsAccess.extensions(
                    url: nil, apiKey: nil, store: store, listCommand: "companion skills list"
                ).skill(name: "no-such-skill")
            }
            #expect(skill?.hint == "see what there is with `companion skills list`", "\(String(describing: skill))")
            let agent = await Self.failure {
                _ = try await AgentAccess.agents(url: nil, apiKey: nil, store: store).session(id: "no-such-session")
            }
            #expect(
                agent?.hint == "list sessions with `companion agents list`, approvals with `companion watch`",
                "\(String(describing: agent))")
        }
    }
}
