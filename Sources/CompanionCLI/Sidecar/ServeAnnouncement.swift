/// The `--json` line `companion sidecar serve` prints once listening (the port as a number).
struct ServeAnnouncement: Encodable {
    var listening: String
    var port: Int
    var publicURL: String
    var fingerprint: String
    /// Every listener's URL (`https` beyond loopback).
    var listeners: [String]
    /// The TLS key's pin (`sha256//…`), when a listener serves TLS.
    var tlsPin: String?
}
