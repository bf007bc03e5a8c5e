import ArgumentParser
import CompanionSidecar
import CompanionTLS
import Foundation

/// Where `companion sidecar serve` listens and how: `--host` (repeatable), `--insecure-http`, `--tls-cert`,
/// `--tls-key`.
struct SidecarListenOptions: ParsableArguments {
    @Option(
        name: .customLong("host"),
        help: """
            Address to listen on (repeatable): 127.0.0.1 (default), an interface address (LAN, tailnet). \
            HTTPS on every address but loopback.
            """)
    var hostOptions: [String] = []

    @Flag(
        name: .customLong("insecure-http"),
        help: "Serve plain HTTP on LAN addresses too (not tailnet ones): anyone on the network can read and change it.")
    var insecureHTTP = false

    @Option(
        name: .customLong("tls-cert"),
        help:
            "PEM certificate chain to serve instead of the self-signed one (e.g. from `tailscale cert`); with --tls-key.",
        completion: .file())
    var certificate: String?

    @Option(name: .customLong("tls-key"), help: "PEM private key of --tls-cert.", completion: .file())
    var key: String?

    /// `--host`, else the settings file's `[sidecar] host`, else loopback.
    var hosts: [String] {
        if !hostOptions.isEmpty { return hostOptions }
        return [CLISettings.checked.resolve(.sidecarHost, default: "127.0.0.1").value]
    }

    /// The hosts as one text, for messages.
    var hostsText: String { hosts.joined(separator: ", ") }

    /// Sets the listeners and the user's TLS files on `configuration`; without them `configuration.tls` stays nil
    /// and the caller sets the vault's key when a listener serves TLS.
    func apply(to configuration: inout SidecarConfiguration) throws {
        var seen = Set<String>()
        for host in hosts {
            guard !ListenerSecurity.isWildcard(host: host) else {
                throw CLIFailure(
                    .usage, "--host \(host) would listen on every interface, each with another policy",
                    hint: "name each address: --host 127.0.0.1 --host 192.168.1.20 (`ip -brief address` lists them)")
            }
            guard seen.insert(host.lowercased()).inserted else {
                throw CLIFailure(.usage, "--host \(host) is given twice", hint: "give each address once")
            }
        }
        configuration.hosts = hosts
        configuration.insecureHTTP = insecureHTTP
        switch (certificate, key) {
        case (nil, nil):
            break
        case (let certificate?, let key?):
            let source = SidecarTLSSource.files(
                certificate: URL(fileURLWithPath: certificate), key: URL(fileURLWithPath: key))
            // Checked now, so that a wrong file is reported before anything listens.
            do {
                _ = try ServerTLSMaterial.files(
                    certificate: URL(fileURLWithPath: certificate), key: URL(fileURLWithPath: key))
            } catch {
                throw CLIFailure(.failure, "cannot use the TLS certificate: \(error)", hint: error.hint)
            }
            configuration.tls = source
        default:
            throw CLIFailure(
                .usage, "--tls-cert and --tls-key go together",
                hint: "pass both PEM files, e.g. the two `tailscale cert` writes")
        }
    }
}
