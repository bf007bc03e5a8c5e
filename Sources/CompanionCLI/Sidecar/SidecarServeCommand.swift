import ArgumentParser
import CompanionAPI
import CompanionSidecar
import CompanionTLS
import Foundation
import Logging

/// `companion sidecar serve`: serves the pairing API until SIGINT or SIGTERM.
struct SidecarServeCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the pairing API (loopback only unless --host says otherwise).",
        discussion: """
            Binds 127.0.0.1:7878 by default, so only this machine can connect. To let a phone on your network \
            pair, add the LAN address (--host 127.0.0.1 --host 192.168.1.20): every address but loopback serves \
            HTTPS, with a self-signed certificate whose key (kept in the vault) paired devices pin, or the \
            certificate you bring (--tls-cert, --tls-key). Pairing can only be started from this machine in any \
            case. Stops cleanly on Ctrl-C (SIGINT) or SIGTERM; SIGHUP reloads --tls-cert/--tls-key.

            Examples:
              companion sidecar serve
              companion sidecar serve --host 127.0.0.1 --host 192.168.1.20
              companion sidecar serve --host 100.101.102.103 --tls-cert ws.ts.net.crt --tls-key ws.ts.net.key
              companion sidecar serve --port 0 --json
              companion sidecar serve --task-command 'claude -p "$(cat)"'
            """)

    @OptionGroup(title: "Listening") var listen: SidecarListenOptions

    @Option(
        name: .customLong("port"), help: "Port to bind (default 7878); 0 picks a free port (printed once listening).")
    var portOption: Int?

    @Option(
        name: .customLong("data-dir"), help: "Directory of the registry (default ~/.local/share/companionkit/sidecar).",
        completion: .directory)
    var dataDirOption: String?

    @Option(name: .customLong("public-url"), help: "Base URL phones reach this sidecar at (put in the QR code).")
    var publicURLOption: String?

    /// The addresses, for messages.
    var host: String { listen.hostsText }
    /// `--port`, else `[sidecar] port`, else 7878.
    var port: Int {
        CLISettings.checked.resolve(.sidecarPort, option: portOption, default: SidecarConfiguration.defaultPort).value
    }
    /// `--data-dir`, else `[sidecar] data-dir`.
    var dataDir: String? { CLISettings.checked.resolve(.sidecarDataDirectory, option: dataDirOption)?.value }
    /// `--public-url`, else `[sidecar] public-url`.
    var publicURL: String? { CLISettings.checked.resolve(.sidecarPublicURL, option: publicURLOption)?.value }

    @Option(
        name: .customLong("cors-origin"),
        help: "Browser origin allowed (repeatable; none by default, local ones included), e.g. http://localhost:19006."
    )
    var corsOrigins: [String] = []

    @Option(
        name: .customLong("log-level"), help: "Log level: trace, debug, info (one line per request), warning, error.",
        completion: .list(Logger.Level.allCases.map(\.rawValue)))
    var logLevel = "info"

    @Flag(help: "Print the listening address as one JSON line.")
    var json = false

    @Flag(
        name: .customLong("no-advertise"),
        help: "Do not advertise _companion._tcp on the LAN (advertised by default when serving beyond loopback).")
    var noAdvertise = false

    @Flag(
        name: .customLong("ephemeral-identity"),
        help: "Use a throw-away identity key for this run instead of the vault's (companions cannot re-pin it).")
    var ephemeralIdentity = false

    @Option(
        name: .customLong("audit-max-age-days"),
        help: "Days the audit log keeps a row (default 90); older rows are pruned, and the pruning is logged.")
    var auditMaxAgeDays = AuditRetention.default.maxAgeDays

    @Option(
        name: .customLong("audit-max-rows"),
        help: "Rows the audit log keeps at most (default 100000, at least 10); the oldest are pruned first.")
    var auditMaxRows = AuditRetention.default.maxRows

    @OptionGroup var vault: VaultOptions

    @OptionGroup(title: "Tasks") var tasks: SidecarTaskOptions

    @OptionGroup(title: "Connections") var connections: SidecarConnectionOptions

    @OptionGroup(title: "Claude Code") var claude: SidecarClaudeOptions

    @OptionGroup(title: "Agent sessions") var agents: SidecarAgentsOptions

    @OptionGroup(title: "Web Push") var push: SidecarPushOptions

    func execute() async throws {
        var configuration = try makeConfiguration()
        try listen.apply(to: &configuration)
        let needs = SidecarIdentity.Needs(
            tlsKey: configuration.listenerSecurity.contains(.tls) && configuration.tls == nil, vapidKey: !push.noPush)
        let identity = try SidecarIdentity.load(vault: vault, ephemeral: ephemeralIdentity, needs: needs)
        if let tlsKey = identity.tlsKey { configuration.tls = .selfSigned(tlsKey) }
        configuration.tlsRotation = identity.tlsRotation
        configuration.identity = identity.keyPair
        configuration.auditKey = identity.auditKey
        configuration.auditKeyIsNew = identity.auditKeyIsNew
        if let vapidKey = identity.vapidKey { try push.apply(to: &configuration, vapidKey: vapidKey) }
        guard let level = Logger.Level(rawValue: logLevel.lowercased()) else {
            throw CLIFailure(
                .usage, "unknown log level '\(logLevel)'", hint: "use trace, debug, info, warning or error")
        }
        var logger = Logger(label: "companion.sidecar") { StreamLogHandler.standardError(label: $0) }
        logger.logLevel = level
        let sidecar: Sidecar
        do {
            sidecar = try Sidecar(configuration: configuration, logger: logger)
        } catch let refusal as UnsafeDataDirectory {
            throw refusal.cliFailure
        } catch let error as TLSMaterialError {
            throw CLIFailure(.failure, "cannot serve TLS: \(error)", hint: error.hint)
        } catch {
            throw CLIFailure(
                .failure, "cannot open the registry in \(configuration.dataDirectory.path): \(Self.describe(error))",
                hint: "check the directory's permissions, or pass another --data-dir")
        }
        ServeWarnings.print(configuration)
        do {
            try await sidecar.run { address in announce(address, identity: identity) }
        } catch let refusal as UnsafeDataDirectory {
            throw refusal.cliFailure
        } catch let error as DataDirectoryInUse {
            throw CLIFailure(
                .failure, error.description,
                hint: "each sidecar needs its own data directory (default ~/.local/share/companionkit/sidecar)")
        } catch {
            let (message, hint) = ServeFailure.explain(error, host: host, port: port)
            throw CLIFailure(.failure, message, hint: hint)
        }
    }

    private func makeConfiguration() throws -> SidecarConfiguration {
        guard (0...65535).contains(port) else {
            throw CLIFailure(.usage, "--port must be between 0 and 65535", hint: "the default is 7878")
        }
        var configuration = SidecarConfiguration(
            port: port,
            dataDirectory: dataDir.map { URL(fileURLWithPath: $0) } ?? SidecarConfiguration.defaultDataDirectory())
        if let publicURL {
            guard let url = PublicURL.validated(publicURL) else {
                throw CLIFailure(.usage, "--public-url must be an http(s) URL", hint: "e.g. http://192.168.1.20:7878")
            }
            configuration.publicURL = url
        }
        configuration.originPolicy = OriginPolicy(extraOrigins: corsOrigins)
        configuration.advertise = !noAdvertise
        guard (1...36_500).contains(auditMaxAgeDays) else {
            throw CLIFailure(.usage, "--audit-max-age-days must be between 1 and 36500", hint: "the default is 90")
        }
        guard (10...100_000_000).contains(auditMaxRows) else {
            throw CLIFailure(.usage, "--audit-max-rows must be between 10 and 100000000", hint: "the default is 100000")
        }
        configuration.auditRetention = AuditRetention(maxAgeDays: auditMaxAgeDays, maxRows: auditMaxRows)
        try tasks.apply(to: &configuration)
        try claude.apply(to: &configuration)
        try agents.apply(to: &configuration, claudePath: claude.claudePath)
        configuration.connectionLimits = try connections.limits()
        return configuration
    }

    /// A one-line reason: the POSIX error behind a Foundation error (e.g. "Not a directory"), else the error.
    static func describe(_ error: any Error) -> String {
        if let refusal = error as? UnsafeDataDirectory { return refusal.message }
        let nsError = error as NSError
        let posix = (nsError.userInfo[NSUnderlyingErrorKey] as? NSError) ?? nsError
        if posix.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(posix.code))) }
        return "\(error)"
    }

    private func announce(_ address: SidecarAddress, identity: SidecarIdentity) {
        var text: String
        if json {
            let line = ServeAnnouncement(
                listening: address.localURL, port: address.port, publicURL: address.publicURL,
                fingerprint: identity.keyPair.publicKey.fingerprint.description,
                listeners: address.listeners.map(\.url), tlsPin: address.tlsPin?.description)
            text = ((try? OutputFormatter.line(line)) ?? "") + "\n"
        } else {
            text = address.listeners.map { "listening on \($0.url)\n" }.joined()
            text += "sidecar identity \(identity.keyPair.publicKey.fingerprint) (\(identity.origin))\n"
            if let pin = address.tlsPin { text += "TLS key pin \(pin) (curl --pinnedpubkey)\n" }
            if address.publicURL != address.localURL { text += "pairing URL (in the QR code): \(address.publicURL)\n" }
        }
        writeStandardOutput(text)
    }
}
