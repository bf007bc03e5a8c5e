import CompanionAgents
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `companion hook`'s side of Claude Code's hooks: one event, read from the hook's standard input, handed to the
/// running sidecar over its owner socket (``OwnerSocket``: only the sidecar's user reaches it, so no other local user
/// can read the events or answer a permission request, and no secret is needed), and the sidecar's answer returned
/// for the hook's standard output.
///
/// It fails closed: when no sidecar answers (stopped, restarting, agents off) or it refuses, there is no answer, the
/// hook prints nothing and exits 0, which Claude Code reads as "no decision" (a permission request then shows its
/// dialog in the terminal; every other event goes on as usual). Never exit 2, which Claude Code reads as blocking.
///
/// One HTTP/1.1 exchange on a blocking Unix socket (`Connection: close`), not AsyncHTTPClient: a hook is a process per
/// event, and starting an event loop group and a connection pool for one request was most of its cost; nor does a
/// refused connection get retried until the deadline, as the pool does.
package enum OwnerHookDelivery {
    /// Largest event read (the sidecar takes no more either).
    package static let maxBodyBytes = ClaudeHookEvent.maxBodyBytes
    /// Largest answer read (a hook answer is a few hundred bytes).
    static let maxAnswerBytes = 64 * 1024
    /// How long to wait for the answer: a permission request is held up to 590 s for a device, and Claude Code gives
    /// the hook 600 s.
    static let answerSeconds = 600

    /// The sidecar's answer to `body` (an event of Claude Code's hooks), or nil when none came (see above).
    /// `agent` is the agent session id the sidecar gave the `claude` (``CompanionAgents/agentEnvironmentVariable``).
    /// Blocks until the answer, the connection's end or the time limit.
    package static func deliver(_ body: [UInt8], agent: String?, socketPath: String) -> [UInt8]? {
        guard body.count <= maxBodyBytes, let descriptor = connected(socketPath) else { return nil }
        defer { close(descriptor) }
        var head = "POST \(CompanionAgents.hookPath) HTTP/1.1\r\nHost: owner\r\nContent-Type: application/json\r\n"
        head += "Content-Length: \(body.count)\r\nConnection: close\r\n"
        if let agent, ClaudeHookEvent.isPlausibleID(agent) { head += "\(CompanionAgents.agentHeader): \(agent)\r\n" }
        guard writeAll(descriptor, Array((head + "\r\n").utf8) + body) else { return nil }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while answer.count <= maxAnswerBytes {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            answer += buffer[0..<count]
        }
        return okBody(answer)
    }

    /// The body of a complete `200` answer (its `Content-Length` bytes), nil for anything else.
    static func okBody(_ answer: [UInt8]) -> [UInt8]? {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard let end = answer.indices.first(where: { answer[$0...].starts(with: separator) }) else { return nil }
        let head = String(decoding: answer[..<end], as: UTF8.self).lowercased()
        let lines = head.components(separatedBy: "\r\n")
        guard let status = lines.first, status.hasPrefix("http/1.1 200 ") || status == "http/1.1 200" else {
            return nil
        }
        let body = Array(answer[(end + 4)...])
        guard
            let length = lines.dropFirst().first(where: { $0.hasPrefix("content-length:") })
                .flatMap({ Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) })
        else { return body }
        return body.count >= length ? Array(body.prefix(length)) : nil
    }

    /// A connected blocking socket to `path` (with a receive time limit of ``answerSeconds``), or nil when nothing
    /// listens there: no sidecar, so no decision, at once.
    static func connected(_ path: String) -> Int32? {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return nil }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            buffer.copyBytes(from: bytes)
            buffer[bytes.count] = 0
        }
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return nil }
        var limit = timeval(tv_sec: answerSeconds, tv_usec: 0)
        var sendLimit = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &sendLimit, socklen_t(MemoryLayout<timeval>.size))
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard result == 0 else {
            close(descriptor)
            return nil
        }
        return descriptor
    }

    static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes {
                send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }
}
