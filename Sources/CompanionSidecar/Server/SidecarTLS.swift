import CompanionAPI
import CompanionTLS
import Foundation
import Synchronization

/// The TLS of a sidecar's listeners beyond loopback: the material they serve (``TLSContextHolder``), where it
/// comes from, and its reload.
final class SidecarTLS: Sendable {
    let source: SidecarTLSSource
    /// The names the self-signed certificate holds.
    let names: [String]
    /// True when no key was given: one was made for this run only.
    let ephemeral: Bool
    let holder: TLSContextHolder
    /// Where the self-signed certificate is kept between runs (nil for the user's files and a key of this run).
    let kept: IssuedCertificateFile?
    /// The key announced to replace the current one, if any (``TLSRotation``).
    let rotation: Mutex<TLSRotation?>

    /// With `dataDirectory`, a self-signed certificate of the vault's key is kept there and served again by the
    /// next run while it fits (``IssuedCertificateFile``).
    init(source: SidecarTLSSource?, names: [String], rotation: TLSRotation? = nil, dataDirectory: URL? = nil)
        throws(TLSMaterialError)
    {
        self.source = source ?? .selfSigned(.generate())
        self.names = names
        ephemeral = source == nil
        kept =
            if case .selfSigned? = source, let dataDirectory {
                IssuedCertificateFile(url: dataDirectory.appendingPathComponent("tls-certificate.der"))
            } else {
                nil
            }
        holder = try TLSContextHolder(material: Self.material(self.source, names: names, kept: kept))
        // A rotation is of the vault's key: with the user's files there is none to switch to.
        if case .selfSigned = self.source { self.rotation = Mutex(rotation) } else { self.rotation = Mutex(nil) }
    }

    /// The pin of the key served now.
    var pin: TLSPin { holder.material.pin }

    /// Reads the source again (the user's files after a change or SIGHUP) and serves it to new connections.
    /// Returns the pin served before and after; on failure the current material stays.
    @discardableResult
    func reload() throws(TLSMaterialError) -> (before: TLSPin, after: TLSPin) {
        let before = pin
        try holder.replace(with: Self.material(source, names: names, kept: kept))
        return (before, pin)
    }

    static func material(_ source: SidecarTLSSource, names: [String], kept: IssuedCertificateFile? = nil)
        throws(TLSMaterialError) -> ServerTLSMaterial
    {
        switch source {
        case .files(let certificate, let key):
            return try ServerTLSMaterial.files(certificate: certificate, key: key)
        case .selfSigned(let key):
            do { return try ServerTLSMaterial.selfSigned(key: key, names: names, kept: kept) } catch {
                throw .refused("cannot issue the self-signed certificate: \(error)")
            }
        }
    }

    /// The names a self-signed certificate of `configuration` holds: each host (a wildcard stands for this
    /// machine's first LAN address), the public URL's host, the host name and `<hostname>.local`.
    static func names(for configuration: SidecarConfiguration) -> [String] {
        var names: [String] = []
        for host in configuration.hosts {
            if ListenerSecurity.isWildcard(host: host) {
                if let lan = NetworkInterfaces.firstLANIPv4() { names.append(lan) }
            } else {
                names.append(HostPolicy.unbracketed(host))
            }
        }
        if let publicURL = configuration.publicURL, let host = URLComponents(string: publicURL)?.host {
            names.append(HostPolicy.unbracketed(host))
        }
        let hostName = configuration.hostName.lowercased()
        names.append(hostName.hasSuffix(".local") ? hostName : hostName + ".local")
        names.append(hostName)
        return names
    }
}
