import CompanionAPI
import CompanionTLS
import Foundation
import NIOCore
import NIOSSL

/// The TLS configuration of every `https://` and `wss://` connection a transport makes, and what a refused
/// handshake means.
///
/// AsyncHTTPClient and swift-websocket take a `TLSConfiguration` and nothing else (no verification callback), so
/// the pin is enforced through the trust store: a short capturing handshake (``TLSProbe``) reads the leaf the
/// sidecar presents; when its key has a stored pin and it signed itself, that very certificate becomes the only
/// trust root of the real connection, so the real handshake succeeds only against it (any other certificate,
/// whoever signed it, fails there). A pinned certificate issued by a CA (one the user brought) is verified on the
/// real connection with the system trust store and the host name, its key having been checked by the capture.
enum PinnedTLS {
    /// What a refused handshake turned out to be.
    enum Diagnosis: Equatable {
        /// The certificate is not acceptable: the reason, for the person.
        case refused(TLSRefusal)
        /// The sidecar now presents another certificate with a pinned key (re-issued): try once more.
        case retry
        /// Not a certificate problem this side can name.
        case unknown
    }

    private static let lock = NSLock()
    /// The pinned certificate each `host:port` last presented, learned by a capturing handshake (the process's).
    nonisolated(unsafe) private static var learned: [String: PresentedCertificate] = [:]
    /// The `host:port`s whose certificate was taken from the pairing and no handshake of this process has
    /// completed with yet: any failure to connect there may be a re-issued certificate (or an interceptor).
    nonisolated(unsafe) private static var unconfirmed: Set<String> = []

    /// The configuration for a connection to `url` under `policy`; nil for plain HTTP. Throws the trust refusal
    /// when the sidecar presents a key that is not pinned.
    static func configuration(for url: URL, policy: SidecarTLSPolicy, timeout: TimeAmount)
        async throws(CompanionClientError) -> TLSConfiguration?
    {
        guard url.scheme == "https" else { return nil }
        guard !policy.pins.isEmpty || policy.trustOnFirstUse else { return systemConfiguration(policy) }
        let (host, port) = endpoint(of: url)
        if let known = lock.withLock({ learned["\(host):\(port)"] }),
            known.isPinned(by: policy.pins) || policy.trustOnFirstUse
        {
            return configuration(pinning: known, policy: policy)
        }
        if let remembered = policy.rememberedCertificate.flatMap({ try? PresentedCertificate(der: $0) }),
            remembered.isSelfSigned, remembered.isPinned(by: policy.pins)
        {
            // Stored with the pairing: trusted as the capture would have been. A certificate the sidecar issued
            // since fails this handshake, and ``diagnose(url:policy:timeout:)`` learns the new one.
            lock.withLock {
                learned["\(host):\(port)"] = remembered
                unconfirmed.insert("\(host):\(port)")
            }
            return configuration(pinning: remembered, policy: policy)
        }
        let presented: PresentedCertificate?
        do { presented = try await TLSProbe.presentedCertificate(host: host, port: port, timeout: timeout) } catch {
            throw .network(TransportFailure.classify(error), url: url.absoluteString)
        }
        guard let presented, presented.isPinned(by: policy.pins) || policy.trustOnFirstUse else {
            throw .trust(await refusal(.pinMismatch, presented: presented, url: url, policy: policy, timeout: timeout))
        }
        if let forged = forgedIssuance(presented, policy: policy, url: url) { throw .trust(forged) }
        lock.withLock {
            learned["\(host):\(port)"] = presented
            unconfirmed.remove("\(host):\(port)")
        }
        return configuration(pinning: presented, policy: policy)
    }

    /// Why the handshake with `url` failed, found by a capturing handshake.
    static func diagnose(url: URL, policy: SidecarTLSPolicy, timeout: TimeAmount) async -> Diagnosis {
        let (host, port) = endpoint(of: url)
        guard let presented = try? await TLSProbe.presentedCertificate(host: host, port: port, timeout: timeout)
        else { return .unknown }
        if policy.pins.isEmpty && !policy.trustOnFirstUse {
            return .refused(
                await refusal(.notTrusted, presented: presented, url: url, policy: policy, timeout: timeout))
        }
        guard presented.isPinned(by: policy.pins) || policy.trustOnFirstUse else {
            return .refused(
                await refusal(.pinMismatch, presented: presented, url: url, policy: policy, timeout: timeout))
        }
        if let forged = forgedIssuance(presented, policy: policy, url: url) { return .refused(forged) }
        let previous = lock.withLock {
            unconfirmed.remove("\(host):\(port)")
            return learned.updateValue(presented, forKey: "\(host):\(port)")
        }
        if previous?.der != presented.der { return .retry }
        guard presented.isSelfSigned else {
            return .refused(
                TLSRefusal(
                    reason: .chainNotTrusted, endpoint: "\(host):\(port)", expected: policy.pins,
                    presented: presented.pin, signedByTrustedCA: false))
        }
        return .unknown
    }

    /// A refusal when `presented` carries a pinned key in a certificate issued by someone else while this device
    /// knows the sidecar serves its own self-signed certificate (``SidecarTLSPolicy/rememberedCertificate``).
    /// Anyone can have a CA put the sidecar's public key in a certificate; the capturing handshake never proves
    /// the key is held, and a CA-issued certificate makes the real connection trust the system store, where an
    /// interceptor's own certificate from a CA this machine trusts would pass.
    private static func forgedIssuance(_ presented: PresentedCertificate, policy: SidecarTLSPolicy, url: URL)
        -> TLSRefusal?
    {
        guard !presented.isSelfSigned,
            let remembered = policy.rememberedCertificate.flatMap({ try? PresentedCertificate(der: $0) }),
            remembered.isSelfSigned, remembered.isPinned(by: policy.pins)
        else { return nil }
        let (host, port) = endpoint(of: url)
        return TLSRefusal(
            reason: .issuedForSelfSignedKey, endpoint: "\(host):\(port)", expected: policy.pins,
            presented: presented.pin, signedByTrustedCA: false)
    }

    /// The pin of the certificate `url`'s host and port presented to this process's last pinned or
    /// trust-on-first-use connection; nil before one.
    static func learnedPin(for url: URL) -> TLSPin? {
        let (host, port) = endpoint(of: url)
        return lock.withLock { learned["\(host):\(port)"]?.pin }
    }

    /// The certificate `url`'s host and port presented to this process's last pinned or trust-on-first-use
    /// connection (or the remembered one it trusted); nil before one.
    static func learnedCertificate(for url: URL) -> PresentedCertificate? {
        let (host, port) = endpoint(of: url)
        return lock.withLock { learned["\(host):\(port)"] }
    }

    /// True while `url`'s certificate comes from the pairing and no handshake of this process completed with it.
    static func isUnconfirmed(_ url: URL) -> Bool {
        let (host, port) = endpoint(of: url)
        return lock.withLock { unconfirmed.contains("\(host):\(port)") }
    }

    /// A connection to `url` completed its handshake with the certificate its configuration trusted.
    static func confirm(_ url: URL) {
        let (host, port) = endpoint(of: url)
        _ = lock.withLock { unconfirmed.remove("\(host):\(port)") }
    }

    /// The system trust store of `policy`.
    static func systemRoots(_ policy: SidecarTLSPolicy) -> NIOSSLTrustRoots {
        policy.trustStoreFile.map { .file($0) } ?? .default
    }

    private static func systemConfiguration(_ policy: SidecarTLSPolicy) -> TLSConfiguration {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.trustRoots = systemRoots(policy)
        configuration.certificateVerification = .fullVerification
        return configuration
    }

    private static func configuration(pinning certificate: PresentedCertificate, policy: SidecarTLSPolicy)
        -> TLSConfiguration
    {
        guard certificate.isSelfSigned, let root = try? NIOSSLCertificate(bytes: certificate.der, format: .der)
        else { return systemConfiguration(policy) }
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.trustRoots = .certificates([root])
        // The certificate itself is the trust: it names the sidecar's addresses, but the pin, not a name, is what
        // the pairing established.
        configuration.certificateVerification = .noHostnameVerification
        return configuration
    }

    private static func refusal(
        _ reason: TLSRefusal.Reason, presented: PresentedCertificate?, url: URL, policy: SidecarTLSPolicy,
        timeout: TimeAmount
    ) async -> TLSRefusal {
        let (host, port) = endpoint(of: url)
        let signed =
            presented == nil
            ? false
            : await TLSProbe.verifies(host: host, port: port, roots: systemRoots(policy), timeout: timeout)
        return TLSRefusal(
            reason: reason, endpoint: "\(host):\(port)", expected: policy.pins, presented: presented?.pin,
            signedByTrustedCA: signed)
    }

    /// The host (no brackets) and port of an `https` URL.
    static func endpoint(of url: URL) -> (host: String, port: Int) {
        var host = url.host ?? ""
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        return (host, url.port ?? 443)
    }
}
