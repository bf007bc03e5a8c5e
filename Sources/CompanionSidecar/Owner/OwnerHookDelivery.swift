import AsyncHTTPClient
import CompanionAgents
import Foundation
import NIOCore

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
public enum OwnerHookDelivery {
    /// Largest event read (the sidecar takes no more either).
    public static let maxBodyBytes = ClaudeHookEvent.maxBodyBytes
    /// How long to wait for the answer: a permission request is held up to 590 s for a device, and Claude Code gives
    /// the hook 600 s.
    static let timeout = TimeAmount.seconds(600)

    /// The sidecar's answer to `body` (an event of Claude Code's hooks), or nil when none came (see above).
    /// `agent` is the agent session id the sidecar gave the `claude` (``CompanionAgents/agentEnvironmentVariable``).
    public static func deliver(_ body: [UInt8], agent: String?, socketPath: String) async -> [UInt8]? {
        guard body.count <= maxBodyBytes, isListening(socketPath),
            let url = URL(httpURLWithSocketPath: socketPath, uri: CompanionAgents.hookPath)
        else { return nil }
        var request = HTTPClientRequest(url: url.absoluteString)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        if let agent, !agent.isEmpty { request.headers.add(name: CompanionAgents.agentHeader, value: agent) }
        request.body = .bytes(ByteBuffer(bytes: body))
        do {
            let response = try await HTTPClient.shared.execute(request, timeout: timeout)
            let answer = try await response.body.collect(upTo: 64 * 1024)
            guard response.status == .ok else { return nil }
            return Array(answer.readableBytesView)
        } catch {
            return nil
        }
    }

    /// Whether a server accepts connections on the Unix socket `path` now. Checked first because AsyncHTTPClient
    /// retries a refused connection until the request's deadline (600 s here): without it, every hook of a `claude`
    /// would wait that long for a stopped sidecar instead of falling back at once.
    static func isListening(_ path: String) -> Bool {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return false }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            buffer.copyBytes(from: bytes)
            buffer[bytes.count] = 0
        }
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        return connected == 0
    }
}
