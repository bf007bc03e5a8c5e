import Foundation

/// What starting an MCP server and completing the MCP handshake with it showed.
public struct MCPHealthReport: Codable, Sendable, Equatable {
    /// One tool the server offers.
    public struct Tool: Codable, Sendable, Equatable {
        public var name: String
        public var description: String?

        public init(name: String, description: String?) {
            self.name = name
            self.description = description
        }
    }

    /// Whether the server was checked at all: false for `http`/`sse` servers, which are not contacted (their
    /// health is unknown, not bad).
    public var checked: Bool
    /// Whether the handshake completed and the tools were listed in time.
    public var healthy: Bool
    /// What the server said its name and version are (`serverInfo`).
    public var serverName: String?
    public var serverVersion: String?
    /// The protocol version the server agreed to.
    public var protocolVersion: String?
    public var tools: [Tool]
    /// When not healthy: what went wrong, in words (never an env value).
    public var problem: String?
    /// How long the check took, in milliseconds.
    public var elapsedMilliseconds: Int

    public init(
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
