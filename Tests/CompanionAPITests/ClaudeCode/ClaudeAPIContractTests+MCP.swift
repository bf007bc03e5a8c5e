import CompanionAPI
import CompanionTestSupport
import Foundation
import Testing

/// The MCP server and configuration wire types (endpoint matrix rows 20–24, 34–36) against their fixtures.
extension ClaudeAPIContractTests {
    @Test func mcpServersInTheEnvelope() throws {
        let list = try #require(try roundTrip(APIResponse<ListResponse<MCPServer>>.self, "mcp-list.json").data)
        #expect(list.items.map(\.scope) == [.user, .project] && list.total == 2)
        #expect(list.items[0].env?["API_TOKEN"]?.hasPrefix("••••") == true)
        #expect(list.items[1].url == list.items[1].command && list.items[1].headers?["Authorization"] != nil)
        let one = try #require(try roundTrip(APIResponse<MCPServer>.self, "mcp-server.json").data)
        #expect(one.status == .unknown && one.args.count == 3)
        let health = try #require(try roundTrip(APIResponse<MCPHealthResponse>.self, "mcp-health.json").data)
        #expect(health.status == .healthy && health.tools?.map(\.name) == ["read_file", "list_directory"])
        let revealed = try #require(try roundTrip(APIResponse<MCPRevealResponse>.self, "mcp-reveal.json").data)
        #expect(revealed.env == ["API_TOKEN": "tok-example"])
    }

    @Test func theMCPAndConfigRequestsTheAppSends() throws {
        let create = try roundTrip(CreateMCPRequest.self, "create-mcp-request.json")
        #expect(create.scope == .user && create.env == ["API_TOKEN": "tok-example"] && create.type == nil)
        let update = try roundTrip(UpdateConfigRequest.self, "update-config-request.json")
        #expect(update.content == .object(["model": .string("opus")]))
    }

    @Test func settingsInTheEnvelopeKeepUnknownKeys() throws {
        let info = try #require(try roundTrip(APIResponse<ConfigInfo>.self, "config-user.json").data)
        guard case .object(let content) = info.content else {
            Issue.record("content is not an object")
            return
        }
        #expect(content["model"] == .string("claude-sonnet-4-5") && content["futureKey"] != nil)
        #expect(content["includeCoAuthoredBy"] == .bool(false))
    }
}
