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
            let remembered = configuration != nil && PinnedTLS.isUnconfirmed(baseURL)
            do {
                let result = try await body(configuration)
                if remembered { PinnedTLS.confirm(baseURL) }
                return result
            } catch
                where configuration != nil
                && (PinnedTLS.isTLSFailure(error) || (remembered && PinnedTLS.isConnectionFailure(error)))
            {
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

    /// The certificate (DER) this sidecar presented to the last pinned or trust-on-first-use connection, which a
    /// pairing binds whole (`PairingProtocolV2.channelIdentifier(deviceKey:sidecarKey:tlsPin:tlsCertificateDigest:)`
    /// in CompanionAPI); nil over plain HTTP, under the system trust store, and before the first request.
    public var presentedTLSCertificate: [UInt8]? {
        baseURL.scheme == "https" ? PinnedTLS.learnedCertificate(for: baseURL)?.der : nil
    }

    /// The sidecar's own self-signed certificate (DER) that the last connection trusted, when its key has one of
    /// `pins`: what a pairing keeps (``SidecarTLSPolicy/rememberedCertificate``) so the next process needs no
    /// capturing handshake. Nil over plain HTTP, for a certificate issued by a CA, and before the first request.
    public func selfSignedCertificate(pinnedBy pins: [TLSPin]) -> [UInt8]? {
        guard baseURL.scheme == "https", let presented = PinnedTLS.learnedCertificate(for: baseURL),
            presented.isSelfSigned, presented.isPinned(by: pins)
        else { return nil }
        return presented.der
    }

    /// The TLS configuration and server name of a WebSocket to this sidecar. swift-websocket sends the URL's host
    /// as the TLS server name, which NIOSSL refuses for an IP address (SNI carries names only): to an address, a
    /// fixed reserved name (`companion-sidecar.invalid`) is sent instead when the connection trusts the pinned
    /// self-signed certificate (whose name is never checked); a configuration that checks names is left as it is.
    func webSocketTLS(_ configuration: TLSConfiguration?) -> (configuration: TLSConfiguration?, serverName: String?) {
        guard let configuration, let host = baseURL.host,
            (try? SocketAddress(ipAddress: PinnedTLS.endpoint(of: baseURL).host, port: 0)) != nil || host.hasPrefix("[")
        else { return (configuration, nil) }
        // Only for the pinned self-signed certificate, whose name is never checked: a certificate verified by a CA
        // keeps its name check (and an address as its name cannot be sent, so such a socket fails as before).
        guard configuration.certificateVerification == .noHostnameVerification else { return (configuration, nil) }
        return (configuration, "companion-sidecar.invalid")
    }

    /// The deadline of each capturing handshake: the transport's own.
    private var tlsTimeout: TimeAmount {
        let (seconds, attoseconds) = timeout.components
        let (product, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        return .nanoseconds(overflow ? .max : product &+ attoseconds / 1_000_000_000)
    }
}
