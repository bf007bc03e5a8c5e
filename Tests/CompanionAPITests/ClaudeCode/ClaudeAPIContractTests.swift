import CompanionAPI
import CompanionTestSupport
import Foundation
import Testing

/// The `/api/v1` wire types against fixtures written from the ILS app's DTOs (TestVectors/claude-api): each is
/// read with the app's own decoder settings and with ours, and our re-encoding is the same JSON.
@Suite struct ClaudeAPIContractTests {
    static func fixture(_ name: String) throws -> Data {
        try Data(contentsOf: TestPaths.testVectors.appendingPathComponent("claude-api/\(name)"))
    }

    /// The ILS app's `APIClient` decoder: a plain `JSONDecoder` with `.iso8601` dates.
    static var appDecoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }

    /// Decodes `name` as `T` with the app's decoder and ours, and checks that our encoding is the same JSON.
    func roundTrip<T: Codable>(_ type: T.Type, _ name: String) throws -> T {
        let data = try Self.fixture(name)
        let fromApp = try Self.appDecoder.decode(T.self, from: data)
        let ours = try ClaudeAPIJSON.decode(T.self, from: data)
        let original = try JSONDecoder().decode(JSONValue.self, from: data)
        #expect(try JSONDecoder().decode(JSONValue.self, from: ClaudeAPIJSON.encode(ours)) == original)
        // What we encode, the app's decoder reads.
        _ = try Self.appDecoder.decode(T.self, from: ClaudeAPIJSON.encode(fromApp))
        return ours
    }

    @Test func aSessionInTheEnvelope() throws {
        let response = try roundTrip(APIResponse<ChatSession>.self, "session-envelope.json")
        let session = try #require(response.data)
        #expect(response.success && response.error == nil)
        #expect(session.source == .ils && session.status == .completed && session.permissionMode == .default)
        #expect(ClaudeAPIJSON.string(from: session.lastActiveAt) == "2026-11-20T09:42:10Z")
    }

    @Test func anErrorInTheEnvelope() throws {
        let response = try roundTrip(APIResponse<ChatSession>.self, "error-envelope.json")
        #expect(!response.success && response.data == nil)
        #expect(response.error?.code == "NOT_FOUND")
    }

    @Test func aPageOfMergedSessions() throws {
        let page = try #require(
            try roundTrip(APIResponse<PaginatedResponse<ChatSession>>.self, "sessions-page.json").data)
        #expect(page.items.map(\.source) == [.ils, .external])
        #expect(page.total == 2 && !page.hasMore)
    }

    @Test func projectsMessagesScanStatsAndRecent() throws {
        let projects = try #require(try roundTrip(APIResponse<ListResponse<Project>>.self, "projects-list.json").data)
        #expect(projects.items.first?.path == "/home/dev/src/parser")
        let messages = try #require(try roundTrip(APIResponse<ListResponse<Message>>.self, "messages-list.json").data)
        #expect(messages.items.map(\.role) == [.user, .assistant])
        #expect(messages.items[1].toolCalls?.contains("toolu_01") == true)
        let scan = try #require(try roundTrip(APIResponse<SessionScanResponse>.self, "session-scan.json").data)
        #expect(scan.items.first?.gitBranch == "main")
        let stats = try #require(try roundTrip(APIResponse<StatsResponse>.self, "stats.json").data)
        #expect(stats.sessions == SessionStat(total: 42, active: 1))
        _ = try roundTrip(APIResponse<RecentSessionsResponse>.self, "recent.json")
    }

    @Test func theRequestsTheAppSends() throws {
        let create = try roundTrip(CreateSessionRequest.self, "create-session-request.json")
        #expect(create.permissionMode == .plan && create.maxBudgetUSD == 2.5)
        let chat = try roundTrip(ChatStreamRequest.self, "chat-stream-request.json")
        #expect(chat.options?.resume == "2b8d1a6e-5a2f-4f7e-9c3d-0e1f2a3b4c5d")
        #expect(chat.options?.includePartialMessages == true)
    }

    /// Every `data:` of the recorded stream decodes as the `StreamMessage` its `event:` names, and re-encodes
    /// to the same JSON.
    @Test func theChatStreamsEvents() throws {
        let text = String(decoding: try Self.fixture("chat-stream.sse"), as: UTF8.self)
        var names: [String] = []
        for block in text.components(separatedBy: "\n\n") where !block.isEmpty {
            let lines = block.split(separator: "\n").map(String.init)
            guard let event = lines.first(where: { $0.hasPrefix("event: ") })?.dropFirst(7),
                let data = lines.first(where: { $0.hasPrefix("data: ") })?.dropFirst(6)
            else { continue }
            names.append(String(event))
            if event == "done" { continue }
            let message = try Self.appDecoder.decode(StreamMessage.self, from: Data(data.utf8))
            #expect(message.eventName == event)
            #expect(
                try JSONDecoder().decode(JSONValue.self, from: ClaudeAPIJSON.encode(message))
                    == JSONDecoder().decode(JSONValue.self, from: Data(data.utf8)))
        }
        #expect(names == ["system", "streamEvent", "streamEvent", "assistant", "user", "result", "done"])
    }

    @Test func datesAreWholeSecondsTheAppCanRead() throws {
        let date = Date(timeIntervalSince1970: 1_795_000_000.987)
        let text = ClaudeAPIJSON.string(from: date)
        #expect(text == "2026-11-18T11:06:40Z")
        let decoded = try Self.appDecoder.decode([Date].self, from: Data("[\"\(text)\"]".utf8))
        #expect(decoded == [Date(timeIntervalSince1970: 1_795_000_000)])
        #expect(ClaudeAPIJSON.date(from: "2026-11-18T08:26:40.987Z") != nil)
        #expect(ClaudeAPIJSON.date(from: "yesterday") == nil)
    }
}
