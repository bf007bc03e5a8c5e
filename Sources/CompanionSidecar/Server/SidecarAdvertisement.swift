import CompanionAPI
import CompanionCrypto
import CompanionDiscovery
import Logging
import Synchronization

/// The sidecar's `_companion._tcp` advertisement (``ServiceAdvertiser``): made once the socket is bound, only for
/// a bind beyond loopback and only with an identity key (the TXT record names its fingerprint), withdrawn when the
/// sidecar stops. When avahi-daemon cannot be reached the sidecar serves anyway and logs why at warning level.
final class SidecarAdvertisement: Sendable {
    private let advertiser = Mutex<ServiceAdvertiser?>(nil)

    /// Advertises `address` unless every listener is loopback; failures are logged, never thrown. The TXT
    /// record holds the TLS key's pin (`tlspin`) when the listeners beyond loopback serve TLS.
    func start(
        address: SidecarAddress, configuration: SidecarConfiguration, logger: Logger
    ) {
        guard configuration.advertise, let identity = configuration.identity,
            address.listeners.contains(where: { !ListenerSecurity.isLoopback(host: $0.host) })
        else { return }
        let fingerprint = identity.publicKey.fingerprint.short.replacingOccurrences(of: " ", with: "")
        let servesTLS = address.listeners.contains { $0.security == .tls }
        let txt = DiscoveryRecord.txt(
            pairingVersion: PairingProtocolV2.version, shortFingerprint: fingerprint,
            workstation: configuration.hostName, tlsPin: servesTLS ? address.tlsPin?.description : nil)
        do {
            let made = try ServiceAdvertiser(
                instance: Self.instanceName(hostName: configuration.hostName, fingerprint: fingerprint),
                port: address.port, txt: txt)
            advertiser.withLock { $0 = made }
            logger.info("advertising \(DiscoveryRecord.serviceType) on port \(address.port)")
        } catch {
            logger.warning("not advertised on the LAN: \(error)")
        }
    }

    /// The DNS-SD instance name: the workstation's name and the first 8 digits of the sidecar's key fingerprint.
    /// The name alone collides when two sidecars run on one host, or two workstations share a host name, and Avahi
    /// then never publishes the second; the key makes the label unique. (People see the TXT record's `ws`.) A DNS
    /// label holds 63 bytes: the name is cut to 40 characters.
    static func instanceName(hostName: String, fingerprint: String) -> String {
        "\(hostName.prefix(40)) [\(fingerprint.prefix(8))]"
    }

    /// Withdraws the advertisement, if any.
    func stop() {
        advertiser.withLock { advertiser in
            advertiser?.withdraw()
            advertiser = nil
        }
    }
}
