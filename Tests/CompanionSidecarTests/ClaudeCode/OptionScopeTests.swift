import CompanionAPI
import CompanionTestSupport
import Foundation
import Testing

@testable import CompanionSidecar

/// The body-dependent scope decisions (``RouteScopes/optionRules``, issue 29 finding 1): every option has a row,
/// and every `control` row is refused to a `chat` device, signed, through the real sidecar, with nothing changed
/// and nothing run.
@Suite struct OptionScopeTableTests {
    @Test func everyFieldOfTheChatAndSessionOptionsHasARowAndEveryRowAField() {
        let chatFields = Mirror(reflecting: ChatOptions()).children.compactMap(\.label).map { "options.\($0)" }
        let sessionFields = Mirror(reflecting: CreateSessionRequest()).children.compactMap(\.label)
        let chatRows = Set(RouteScopes.optionRules(of: RouteScopes.chatStream).map(\.field))
        let sessionRows = Set(RouteScopes.optionRules(of: RouteScopes.createSession).map(\.field))
        #expect(Set(chatFields).subtracting(chatRows).isEmpty, "ChatOptions fields without a row")
        #expect(chatRows.subtracting(chatFields).subtracting(["session.permissionMode"]).isEmpty)
        #expect(Set(sessionFields) == sessionRows, "CreateSessionRequest fields and rows differ")
        // Every row names a route of the route table, with that route's own scope at least as wide.
        for rule in RouteScopes.optionRules {
            let parts = rule.route.split(separator: " ").map(String.init)
            #expect(RouteScopes.requirement(method: parts[0], path: parts[1]) == .scope(.chat), "\(rule.route)")
        }
    }

    @Test func theWideningRowsNeedControlAndTheNarrowingOnesChat() {
        func scope(_ route: String, _ field: String) -> DeviceScope? {
            RouteScopes.optionRules.first { $0.route == route && $0.field == field }?.scope
        }
        for field in ["options.allowedTools", "options.addDirs", "options.permissionMode", "session.permissionMode"] {
            #expect(scope(RouteScopes.chatStream, field) == .control, "\(field)")
        }
        for field in [
            "options.disallowedTools", "options.maxTurns", "options.maxBudgetUSD", "options.model",
            "options.systemPrompt", "options.appendSystemPrompt",
        ] {
            #expect(scope(RouteScopes.chatStream, field) == .chat, "\(field)")
        }
        #expect(scope(RouteScopes.createSession, "permissionMode") == .control)
        #expect(scope(RouteScopes.putConfig, "content.*") == .control)
        let chatKeys = RouteScopes.optionRules(of: RouteScopes.putConfig).filter { $0.scope == .chat }.map(\.field)
        #expect(
            Set(chatKeys)
                == [
                    "content.model", "content.outputStyle", "content.includeCoAuthoredBy",
                    "content.alwaysThinkingEnabled",
                ]
        )
    }

    @Test func modesOtherThanDefaultAndPlanWiden() {
        for mode in PermissionMode.allCases {
            let widens = OptionCheck.applies(.widensPermissionMode, .mode(mode.rawValue))
            #expect(widens == (mode != .default && mode != .plan), "\(mode)")
        }
        #expect(OptionCheck.applies(.widensPermissionMode, .mode("somethingNew")))
    }
}

extension RealClaudeSidecarSuites {
    @Suite(.serialized) struct OptionScopeTests {
        /// Each `control` row of ``RouteScopes/optionRules``, asked by a `chat` device: 403 naming the scope and
        /// the field; the settings and `.claude.json` unchanged, no session stored, the model never asked.
        @Test func aChatDeviceIsRefusedEveryControlRowAndNothingChanges() async throws {
            let world = try ChatScopeFixture()
            defer { world.remove() }
            try await world.live { live in
                // The session a `control` device made with a widening mode (rows `session.permissionMode`).
                let created = try await live.send(
                    live.control, "POST", "/api/v1/sessions", #"{"name":"edits","permissionMode":"acceptEdits"}"#)
                #expect(created.status == 200, "\(created.text)")
                let stored = try #require(try created.envelope(ChatSession.self).data?.id)
                let settings = world.api.sandbox.settingsFile
                let state = world.api.sandbox.configDirectory.appendingPathComponent(".claude.json")
                let before = (try? Data(contentsOf: settings), try? Data(contentsOf: state))
                let sessionsBefore = try await live.send(live.chat, "GET", "/api/v1/sessions").text

                let samples = Self.samples(world, storedSession: stored)
                let covered = Set(samples.map(\.row))
                let controlRows = RouteScopes.optionRules.filter { $0.scope == .control }
                #expect(Set(controlRows.map(\.field)).subtracting(covered).isEmpty, "control rows without a sample")
                for sample in samples {
                    let reply = try await live.send(live.chat, sample.method, sample.path, sample.body)
                    #expect(
                        reply.refuses(.control, naming: sample.field), "\(sample.field): \(reply.status) \(reply.text)")
                }
                #expect((try? Data(contentsOf: settings), try? Data(contentsOf: state)) == before)
                #expect(try await live.send(live.chat, "GET", "/api/v1/sessions").text == sessionsBefore)
                #expect(world.api.endpoint.messageRequests.isEmpty, "a refused request reached the model")
                #expect(!world.markerExists)
                // What stays `chat`: narrowing options and the allowed settings keys.
                let model = try await live.send(
                    live.chat, "PUT", "/api/v1/config", #"{"scope":"user","content":{"model":"sonnet"}}"#)
                #expect(model.status == 200, "\(model.text)")
                let plan = try await live.send(
                    live.chat, "POST", "/api/v1/sessions", #"{"permissionMode":"plan","maxTurns":2}"#)
                #expect(plan.status == 200, "\(plan.text)")
            }
        }

        /// One request per refused form: the row it trips, the field the refusal names, and the request.
        typealias Sample = (row: String, field: String, method: String, path: String, body: String)

        static func samples(_ world: ChatScopeFixture, storedSession: UUID) -> [Sample] {
            let prompt = #""prompt":"please make the marker""#
            let stream = "/api/v1/chat/stream"
            let root = world.api.sandbox.root.path
            var samples: [Sample] = [
                (
                    "options.allowedTools", "options.allowedTools", "POST", stream,
                    #"{\#(prompt),"options":{"allowedTools":["Bash"]}}"#
                ),
                (
                    "options.addDirs", "options.addDirs", "POST", stream,
                    #"{\#(prompt),"options":{"addDirs":["\#(root)"]}}"#
                ),
                (
                    "session.permissionMode", "session.permissionMode", "POST", stream,
                    #"{\#(prompt),"sessionId":"\#(storedSession.uuidString)"}"#
                ),
            ]
            for mode in ["acceptEdits", "bypassPermissions", "dontAsk", "delegate"] {
                samples.append(
                    (
                        "options.permissionMode", "options.permissionMode", "POST", stream,
                        #"{\#(prompt),"options":{"permissionMode":"\#(mode)"}}"#
                    ))
                samples.append(
                    ("permissionMode", "permissionMode", "POST", "/api/v1/sessions", #"{"permissionMode":"\#(mode)"}"#))
            }
            let touch = "touch \(world.marker.path)"
            let hook = #"{"UserPromptSubmit":[{"hooks":[{"type":"command","command":"\#(touch)"}]}]}"#
            for (key, value) in [
                ("hooks", hook), ("apiKeyHelper", #""\#(touch)""#),
                ("statusLine", #"{"type":"command","command":"\#(touch)"}"#),
                ("permissions", #"{"allow":["Bash"]}"#), ("permissions", #"{"defaultMode":"bypassPermissions"}"#),
                ("permissions", #"{"deny":[]}"#), ("env", #"{"BASH_ENV":"/tmp/x"}"#),
                ("enabledPlugins", #"{"a@b":true}"#), ("extraKnownMarketplaces", "{}"),
                ("enableAllProjectMcpServers", "true"), ("enabledMcpjsonServers", #"["x"]"#),
                ("forceLoginMethod", #""console""#), ("cleanupPeriodDays", "0"), ("aKeyFromTomorrow", "null"),
            ] {
                samples.append(
                    (
                        "content.*", "content.\(key)", "PUT", "/api/v1/config",
                        #"{"scope":"user","content":{"\#(key)":\#(value)}}"#
                    ))
            }
            return samples
        }
    }
}
