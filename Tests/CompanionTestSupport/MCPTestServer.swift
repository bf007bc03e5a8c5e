import Foundation

/// A small real MCP server for the tests: a Python (standard library only) program speaking JSON-RPC 2.0 over
/// standard input and output, one message a line, as the MCP stdio transport does. It answers `initialize`
/// (agreeing to the client's protocol version), `ping`, `tools/list` and `tools/call` of its one tool `echo`;
/// it also offers `token_present` when its environment has `MCP_TEST_TOKEN`, so a test can see that the env a
/// configuration gives reaches the server without the value being printed anywhere. With `--silent` it reads
/// and never answers (a server that hangs in the handshake).
public enum MCPTestServer {
    /// Writes the program to `directory/mcp_test_server.py` and returns its path.
    public static func install(in directory: URL) async throws -> String {
        let url = directory.appendingPathComponent("mcp_test_server.py")
        try await ExecutableScript.write(source, to: url)
        return url.path
    }

    /// `python3`'s absolute path (the health check and `claude` start the server by it).
    public static var python: String {
        for candidate in ["/usr/bin/python3", "/usr/local/bin/python3"]
        where FileManager.default.isExecutableFile(atPath: candidate) {
            return candidate
        }
        return "python3"
    }

    static let source = #"""
        #!/usr/bin/env python3
        import json, os, sys

        silent = "--silent" in sys.argv
        tools = [{"name": "echo", "description": "Echoes its text",
                  "inputSchema": {"type": "object", "properties": {"text": {"type": "string"}}}}]
        if os.environ.get("MCP_TEST_TOKEN"):
            tools.append({"name": "token_present", "description": "The configured token reached the server",
                          "inputSchema": {"type": "object", "properties": {}}})

        def send(message):
            sys.stdout.write(json.dumps(message) + "\n")
            sys.stdout.flush()

        for line in sys.stdin:
            line = line.strip()
            if not line or silent:
                continue
            try:
                request = json.loads(line)
            except ValueError:
                continue
            method, ident = request.get("method"), request.get("id")
            if ident is None:
                continue
            if method == "initialize":
                version = request.get("params", {}).get("protocolVersion", "2025-06-18")
                send({"jsonrpc": "2.0", "id": ident, "result": {
                    "protocolVersion": version, "capabilities": {"tools": {"listChanged": False}},
                    "serverInfo": {"name": "companion-test-server", "version": "1.2.3"}}})
            elif method == "ping":
                send({"jsonrpc": "2.0", "id": ident, "result": {}})
            elif method == "tools/list":
                send({"jsonrpc": "2.0", "id": ident, "result": {"tools": tools}})
            elif method == "tools/call":
                text = request.get("params", {}).get("arguments", {}).get("text", "")
                send({"jsonrpc": "2.0", "id": ident, "result": {"content": [{"type": "text", "text": text}]}})
            else:
                send({"jsonrpc": "2.0", "id": ident, "error": {"code": -32601, "message": "no method " + str(method)}})
        """#
}
