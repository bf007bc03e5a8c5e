import CompanionAPI
import Foundation
import NIOCore
import NIOSSL

extension SidecarTransport {
    /// Runs `body` (one connection's work) with the TLS configuration this transport's ``tls`` policy gives for
    /// its sidecar (nil over plain HTTP). When the TLS handshake is refused, finds out why: a certificate that is
    /// not acceptable becomes ``CompanionClientError/trust(_:)``; a re-issued certificate with a pinned key is
    /// learned and `body` runs once more. Other errors pass through unchanged.
    func withTLS<T>(_ body: (TLSConfiguration?) async throws -> T) async throws -> T {
        var retried = false
        while true {
            let configuration = try await PinnedTLS.configuration(for: baseURL, policy: tls, timeout: tlsTimeout)
            do {
                return try await body(configuration)
            } catch  where configuration != nil && PinnedTLS.isTLSFailure(error) {
                switch await PinnedTLS.diagnose(url: baseURL, policy: tls, timeout: tlsTimeout) {
                case .retry where !retried:
                    retried = true
                    continue
                case .refused(let refusal): throw CompanionClientError.trust(refusal)
                default: throw error
                }
            }
        }
    }

    /// The pin of the TLS key this sidecar presented to the last pinned or trust-on-first-use connection; nil over
    /// plain HTTP, under the system trust store, and before the first request.
    public var presentedTLSPin: TLSPin? {
        baseURL.scheme == "https" ? PinnedTLS.learnedPin(for: baseURL) : nil
    }

    /// The deadline of each capturing handshake: the transport's own.
    private var tlsTimeout: TimeAmount {
        let (seconds, attoseconds) = timeout.components
        let (product, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        return .nanoseconds(overflow ? .max : product &+ attoseconds / 1_000_000_000)
    }
}
