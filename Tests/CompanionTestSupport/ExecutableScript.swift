import Foundation

/// Writes executable scripts (a fake `git`, a pane's program, an MCP server) so that running them cannot fail with
/// ETXTBSY ("Text file busy").
///
/// Written by the test process itself, the file is open for writing in it for a moment, and a fork made then by a
/// parallel test's thread inherits that descriptor until it execs: running the script in that window fails, as a
/// recording `git` did under load. Here a child process (`sh`, then `cat`) opens and writes the file, and the test
/// process never holds it open for writing.
public enum ExecutableScript {
    public struct WriteError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Writes `text` to `url` with mode 0755.
    public static func write(_ text: String, to url: URL) async throws {
        let result = try await ProcessRunner.run(
            "/bin/sh", ["-c", "cat > \"$1\" && chmod 755 \"$1\"", "sh", url.path], input: Array(text.utf8),
            timeout: 120)
        guard result.status == 0 else { throw WriteError(description: "writing \(url.path): \(result.stderr)") }
    }
}
