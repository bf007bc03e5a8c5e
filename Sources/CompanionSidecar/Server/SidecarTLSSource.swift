import CompanionTLS
import Foundation

/// Where the certificate and key of a sidecar's TLS listeners come from.
package enum SidecarTLSSource: Sendable {
    /// A self-signed certificate issued at start from this key for the names served (each host, the public
    /// URL's host, `<hostname>.local`); the CLI keeps the key in the sidecar's vault.
    case selfSigned(TLSServerKey)
    /// PEM files the user brought (`--tls-cert`, `--tls-key`: `tailscale cert`, an ACME client, a company CA),
    /// read again when they change or on SIGHUP.
    case files(certificate: URL, key: URL)
}
