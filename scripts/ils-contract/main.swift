// Decodes the Claude Code API's wire fixtures (TestVectors/claude-api) with the ILS app's own types: its
// `ILSShared` module, compiled from the app's sources by scripts/check-ils-contract.sh (not part of this package,
// and none of the app's code is copied here). ClaudeAPIContractTests and ClaudeExtensionsContractTests check that
// our types encode exactly these fixtures; this checks that the app's types read them.
//   check-ils-contract DIRECTORY
import Foundation
import ILSShared

let directory = URL(fileURLWithPath: CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : ".")
/// The app's `APIClient` decoder: a plain `JSONDecoder` with `.iso8601` dates.
let decoder: JSONDecoder = {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return decoder
}()
var failures = 0
var checked = 0

func fixture(_ name: String) -> Data {
    guard let data = FileManager.default.contents(atPath: directory.appendingPathComponent(name).path) else {
        print("FAIL  \(name): not found in \(directory.path)")
        failures += 1
        return Data()
    }
    return data
}

/// `name` decodes as `T` with the app's decoder.
func check<T: Decodable>(_ type: T.Type, _ name: String) {
    checked += 1
    do {
        _ = try decoder.decode(T.self, from: fixture(name))
        print("ok    \(name) as \(T.self)")
    } catch {
        failures += 1
        print("FAIL  \(name) as \(T.self): \(error)")
    }
}

// What the sidecar answers, as the app's APIClient decodes each (the types its view models ask for).
check(APIResponse<ChatSession>.self, "session-envelope.json")
check(APIResponse<ChatSession>.self, "error-envelope.json")
check(APIResponse<PaginatedResponse<ChatSession>>.self, "sessions-page.json")
check(APIResponse<ListResponse<Project>>.self, "projects-list.json")
check(APIResponse<ListResponse<Message>>.self, "messages-list.json")
check(APIResponse<SessionScanResponse>.self, "session-scan.json")
check(APIResponse<StatsResponse>.self, "stats.json")
check(APIResponse<RecentSessionsResponse>.self, "recent.json")
check(APIResponse<ListResponse<Skill>>.self, "skills-list.json")
check(APIResponse<Skill>.self, "skill-detail.json")
check(APIResponse<ListResponse<GitHubSearchResult>>.self, "skill-search.json")
check(APIResponse<ListResponse<Plugin>>.self, "plugins-list.json")
check(APIResponse<[PluginMarketplace]>.self, "plugin-marketplaces.json")
check(APIResponse<Marketplace>.self, "marketplace-added.json")
check(APIResponse<EnabledResponse>.self, "plugin-enabled.json")
check(APIResponse<ListResponse<MCPServer>>.self, "mcp-list.json")
check(APIResponse<MCPServer>.self, "mcp-server.json")
check(APIResponse<MCPHealthResponse>.self, "mcp-health.json")
check(APIResponse<ConfigInfo>.self, "config-user.json")
// What the app sends: our fixtures of its requests are in its own shape.
check(CreateSessionRequest.self, "create-session-request.json")
check(ChatStreamRequest.self, "chat-stream-request.json")
check(SkillInstallRequest.self, "skill-install-request.json")
check(InstallPluginRequest.self, "install-plugin-request.json")
check(AddMarketplaceRequest.self, "add-marketplace-request.json")
check(CreateMCPRequest.self, "create-mcp-request.json")
check(UpdateConfigRequest.self, "update-config-request.json")

// The chat stream: every event's data decodes as the app's StreamMessage.
let stream = String(decoding: fixture("chat-stream.sse"), as: UTF8.self)
var events = 0
for block in stream.components(separatedBy: "\n\n") where !block.isEmpty {
    let lines = block.split(separator: "\n").map(String.init)
    guard let event = lines.first(where: { $0.hasPrefix("event: ") })?.dropFirst(7), event != "done",
        let data = lines.first(where: { $0.hasPrefix("data: ") })?.dropFirst(6)
    else { continue }
    events += 1
    checked += 1
    do {
        _ = try decoder.decode(StreamMessage.self, from: Data(data.utf8))
        print("ok    chat-stream.sse event \(event) as StreamMessage")
    } catch {
        failures += 1
        print("FAIL  chat-stream.sse event \(event) as StreamMessage: \(error)")
    }
}
if events == 0 {
    failures += 1
    print("FAIL  chat-stream.sse: no events")
}

// The check can fail: a session without its id is refused by the app's type.
if var object = try? JSONSerialization.jsonObject(with: fixture("session-envelope.json")) as? [String: Any],
    var data = object["data"] as? [String: Any]
{
    data["id"] = nil
    object["data"] = data
    let broken = try JSONSerialization.data(withJSONObject: object)
    if (try? decoder.decode(APIResponse<ChatSession>.self, from: broken)) != nil {
        failures += 1
        print("FAIL  a session without an id decoded: the app's types are not what this check expects")
    }
}

print("\(checked - failures) of \(checked) decoded with the ILS app's types")
exit(failures == 0 ? 0 : 1)
