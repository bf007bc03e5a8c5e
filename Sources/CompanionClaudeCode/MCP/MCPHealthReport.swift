import Foundation

/// What starting an MCP server and completing the MCP handshake with it showed.
package struct MCPHealthReport: Codable, Sendable, Equatable {
    /// One tool the server offers.
    package struct Tool: Codable, Sendable, Equatable {
        package var name: String
        package var description: String?

        package init(name: String, description: String?) {
            self.name = name
            self.description = description
        }
    }

    /// Whether the server was checked at all: false for `http`/`sse` servers, which are not contacted (their
    /// health is unknown, not bad).
    package var checked: Bool
    /// Whether the handshake completed and the tools were listed in time.
    package var healthy: Bool
    /// What the server said its name and version are (`serverInfo`).
    package var serverName: String?
    package var serverVersion: String?
    /// The protocol version the server agreed to.
    package var protocolVersion: String?
    package var tools: [Tool]
    /// When not healthy: what went wrong, in words (never an env value).
    package var problem: String?
    /// How long the check took, in milliseconds.
    package var elapsedMilliseconds: Int

    package init(
        healthy: Bool, serverName: String? = nil, serverVersion: String? = nil, protocolVersion: String? = nil,
        tools: [Tool] = [], problem: String? = nil, elapsedMilliseconds: Int, checked: Bool = true
    ) {
        self.checked = checked
        self.healthy = healthy
        self.serverName = serverName
        self.serverVersion = serverVersion
        self.protocolVersion = protocolVersion
        self.tools = tools
        self.problem = problem
        self.elapsedMilliseconds = elapsedMilliseconds
    }
}
