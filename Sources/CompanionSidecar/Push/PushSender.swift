import AsyncHTTPClient
import CompanionPush
import Foundation
import NIOCore

/// Delivers one encrypted message to one push endpoint (RFC 8030 §5) with AsyncHTTPClient, as the sidecar's other
/// outbound HTTP: a POST with `TTL`, `Urgency`, `Content-Encoding: aes128gcm` and the VAPID `Authorization`; no
/// redirects, no proxy. The endpoint is checked again (``PushEndpointPolicy``) before each attempt and the
/// request goes through the client of an address that was checked (``PushClientPool``: `dnsOverride`, its
/// connections kept for the next message), while TLS still verifies the push service's name. 429 and 5xx (and no answer) are retried after ``PushSettings/retryDelays`` (or the service's
/// `Retry-After`, up to 60 s); 404 and 410 mean the subscription is gone.
struct PushSender: Sendable {
    /// How one delivery ended.
    enum Outcome: Equatable, Sendable {
        case sent
        /// The push service says the subscription no longer exists (404, 410): drop it.
        case gone
        /// Refused or unreachable after the retries; the reason for the log.
        case failed(String)
    }

    let settings: PushSettings
    let policy: PushEndpointPolicy
    /// The VAPID `sub` when ``PushSettings/subject`` is nil.
    let defaultSubject: String
    let clients: PushClientPool

    /// Sends `body` (already encrypted for this subscription) to `endpoint`.
    func deliver(_ body: [UInt8], to endpoint: String, urgency: String) async -> Outcome {
        var lastFailure = "not attempted"
        for attempt in 0...settings.retryDelays.count {
            guard !Task.isCancelled else { return .failed("the sidecar stopped before the message was sent") }
            let checked: PushEndpointPolicy.Checked
            switch await policy.check(endpoint) {
            case .success(let value): checked = value
            case .failure(let refusal): return .failed(refusal.message)
            }
            var retryAfter: Duration?
            do {
                let (status, after) = try await post(body, to: checked, urgency: urgency)
                switch status {
                case 200..<300: return .sent
                case 404, 410: return .gone
                case 429, 500..<600:
                    lastFailure = "the push service answered \(status)"
                    retryAfter = after
                default: return .failed("the push service refused the message (\(status))")
                }
            } catch {
                lastFailure = "the push service could not be reached: \(error)"
            }
            guard attempt < settings.retryDelays.count else { break }
            try? await Task.sleep(for: retryAfter ?? settings.retryDelays[attempt])
        }
        return .failed(lastFailure)
    }

    private func post(_ body: [UInt8], to checked: PushEndpointPolicy.Checked, urgency: String) async throws -> (
        Int, Duration?
    ) {
        guard let audience = VAPIDToken.audience(of: checked.url) else { throw PushEndpointRefusal("no origin") }
        let token = VAPIDToken(
            audience: audience, subject: settings.subject ?? defaultSubject,
            expiresAt: Date().addingTimeInterval(12 * 60 * 60))
        // The host as checked (lower case): the client's DNS override, keyed by that host, must apply, so the
        // connection goes to the address the rules passed (a URL's own case would miss it and resolve again).
        var components = URLComponents(url: checked.url, resolvingAgainstBaseURL: false)
        components?.host = checked.url.host?.lowercased()
        var request = HTTPClientRequest(url: components?.url?.absoluteString ?? checked.url.absoluteString)
        request.method = .POST
        request.headers.add(name: "TTL", value: String(settings.timeToLive))
        request.headers.add(name: "Urgency", value: urgency)
        request.headers.add(name: "Content-Encoding", value: "aes128gcm")
        request.headers.add(name: "Content-Type", value: "application/octet-stream")
        request.headers.add(name: "Authorization", value: try token.authorization(signedWith: settings.vapidKey))
        request.body = .bytes(ByteBuffer(bytes: body))
        let lease = try clients.lease(for: checked)
        do {
            let response = try await lease.client.execute(request, timeout: .init(settings.attemptTimeout))
            // The answer's body says nothing the sidecar uses; read at most 4 KiB of it so the connection can serve
            // the next message.
            _ = try? await response.body.collect(upTo: 4096)
            let after = response.headers.first(name: "Retry-After").flatMap(Int.init).map {
                Duration.seconds(min(max($0, 0), 60))
            }
            await clients.release(lease)
            return (Int(response.status.code), after)
        } catch {
            await clients.release(lease)
            throw error
        }
    }
}
