/// Why advertising or browsing failed, in terms a person can act on.
public enum DiscoveryError: Error, Sendable, Equatable, CustomStringConvertible {
    /// libavahi-client is not installed.
    case libraryUnavailable(String)
    /// The Avahi daemon cannot be reached over D-Bus.
    case daemonNotRunning(String)
    /// Avahi refused an operation.
    case avahi(String)

    public var description: String {
        switch self {
        case .libraryUnavailable(let detail):
            "discovery needs the Avahi client library (apt install libavahi-client3): \(detail)"
        case .daemonNotRunning(let detail):
            "avahi-daemon is not running (\(detail)): start it (systemctl start avahi-daemon) to use discovery, "
                + "or give the sidecar's URL with --url"
        case .avahi(let detail): "Avahi: \(detail)"
        }
    }
}
