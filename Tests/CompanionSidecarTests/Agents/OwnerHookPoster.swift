import CompanionTestSupport
import Foundation

/// Posts to the sidecar's owner socket as `companion hook` does (with `curl --unix-socket`, so the test sees the
/// status too): where Claude Code's hook events arrive.
struct OwnerHookPoster: Sendable {
    let socketPath: String

    /// `POST path` with `body` and `headers`; the status and the body of the answer.
    func post(_ path: String, _ body: Data?, headers: [String: String] = [:]) async throws -> HTTPReply {
        var arguments = ["-sS", "-o", "-", "-w", "\n%{http_code}", "--unix-socket", socketPath, "-X", "POST"]
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { arguments += ["-H", "\(name): \(value)"] }
        arguments += ["-H", "Content-Type: application/json", "--data-binary", "@-", "http://owner\(path)"]
        let result = try await ProcessRunner.run(
            "/usr/bin/curl", arguments, input: String(decoding: body ?? Data(), as: UTF8.self),
            timeout: TestDeadline.seconds * 4)
        let text = result.stdout
        guard let newline = text.lastIndex(of: "\n"), let status = Int(text[text.index(after: newline)...]) else {
            throw Unreadable(output: text + result.stderr)
        }
        // No answer at all (000): curl's own error says why (refused, reset, empty reply), which a status cannot.
        if status == 0 { throw NoAnswer(curl: result.stderr, status: result.status) }
        return HTTPReply(status: status, headers: [:], body: Data(text[..<newline].utf8))
    }

    struct NoAnswer: Error, CustomStringConvertible {
        let curl: String
        let status: Int32
        var description: String { "the owner socket gave no answer (curl exit \(status)): \(curl.prefix(300))" }
    }

    struct Unreadable: Error, CustomStringConvertible {
        let output: String
        var description: String { "curl's output has no status: \(output.prefix(200))" }
    }
}
