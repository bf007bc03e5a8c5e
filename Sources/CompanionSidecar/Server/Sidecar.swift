import CompanionAPI
import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging

/// The workstation sidecar: registry, pairing rules and the HTTP API of the pairing contract.
///
/// ```swift
/// let sidecar = try Sidecar(configuration: SidecarConfiguration(port: 0, dataDirectory: dir))
/// let running = try await sidecar.start()      // tests, demos: ephemeral port
/// print(running.baseURL)
/// await running.stop()
/// // or, in a command: try await sidecar.run { address in print("listening on \(address.localURL)") }
/// ```
package final class Sidecar: Sendable {
    package let configuration: SidecarConfiguration
    package let registry: Registry
    package let pairing: PairingManager
    /// Tasks and their live logs (`/v1/tasks…`).
    package let tasks: TaskService
    /// Claude Code on this workstation (`/api/v1…`), when ``SidecarConfiguration/claudeCode`` turns it on.
    package let claudeCode: ClaudeCode?
    /// Agent sessions, hooks and approvals (`/api/sessions…`, `WS /ws`), when ``SidecarConfiguration/agents`` turns
    /// them on.
    package let agents: AgentsService?
    /// Web Push (`/companion/push…` and the messages), when ``SidecarConfiguration/push`` turns it on.
    package let push: PushService?
    let logger: Logger
    let now: @Sendable () -> Date
    let openAPIDocument: String?
    /// Verifies signed requests (one nonce cache for every protected route).
    let authenticator: RequestAuthenticator
    /// Counts connections and keeps them under the cap.
    let connections: ConnectionTracker
    /// The TLS of the listeners beyond loopback; nil when every listener serves plain HTTP.
    let tls: SidecarTLS?

    /// Opens the registry in the data directory. `now` is the clock for pairing expiry and timestamps.
    package init(
        configuration: SidecarConfiguration, logger: Logger = Logger(label: "companion.sidecar"),
        now: @escaping @Sendable () -> Date = { Date() }
    ) throws {
        self.configuration = configuration
        self.logger = logger
        self.now = now
        let registry = try Registry(
            directory: configuration.dataDirectory, auditRetention: configuration.auditRetention,
            auditKey: configuration.auditKey)
        self.registry = registry
        self.tls =
            configuration.listenerSecurity.contains(.tls)
            ? try SidecarTLS(
                source: configuration.tls, names: SidecarTLS.names(for: configuration),
                rotation: configuration.tlsRotation, dataDirectory: configuration.dataDirectory) : nil
        let baseURL =
            configuration.publicURL
            ?? PublicURL.derived(
                bindHost: configuration.publicListener.host, port: configuration.port,
                hostName: configuration.hostName, scheme: configuration.publicListener.security.scheme)
        self.pairing = PairingManager(
            policy: configuration.pairing, registry: registry, baseURL: baseURL, hostName: configuration.hostName,
            identity: configuration.identity, tlsPin: tls?.pin, tlsCertificate: tls?.holder.material.leafDER, now: now,
            logger: logger)
        self.openAPIDocument = OpenAPIDocument.load()
        // The nonce memory outlives the process: a request captured before a restart stays a replay after it.
        self.authenticator = try RequestAuthenticator(
            windowSeconds: configuration.signatureWindowSeconds, now: now,
            lookup: { id in try await registry.trustedKey(deviceID: id) },
            journal: NonceJournalStore(directory: configuration.dataDirectory))
        let descriptors =
            configuration.raisesDescriptorLimit
            ? DescriptorLimit.raiseSoftLimitToHard() : DescriptorLimit.current().soft
        self.connections = ConnectionTracker(
            maxConnections: configuration.connectionLimits.effectiveMaxConnections(descriptorLimit: descriptors))
        var taskRunner = TaskRunnerConfiguration(
            command: configuration.taskCommand, dataDirectory: configuration.dataDirectory,
            killGrace: configuration.taskKillGrace, cloneRoots: configuration.taskCloneRoots,
            cloneTimeLimit: configuration.taskCloneTimeLimit)
        taskRunner.reviewCommand = configuration.reviewCommand
        taskRunner.claudeExecutable = configuration.claudeCode?.executablePath ?? "claude"
        taskRunner.reviewEnvironment = configuration.claudeCode?.environment
        self.tasks = TaskService(writer: registry.pool, configuration: taskRunner)
        self.claudeCode = try configuration.claudeCode.map {
            var settings = $0
            if settings.cloneRoots.isEmpty { settings.cloneRoots = configuration.taskCloneRoots }
            return try ClaudeCode(
                settings: settings, dataDirectory: configuration.dataDirectory, logger: logger,
                audit: { [registry] entry in try await registry.appendAudit(entry) })
        }
        let chats = self.claudeCode
        let push = configuration.push.map {
            PushService(
                settings: $0, registry: registry,
                publicURL: baseURL.hasPrefix("https://") ? baseURL : "mailto:companion@\(configuration.hostName)",
                logger: logger)
        }
        self.push = push
        self.agents = configuration.agents.map {
            AgentsService(
                settings: $0, registry: registry, stateDirectory: configuration.dataDirectory.path, logger: logger,
                chatSessions: { await chats?.sessions.agentSessions() ?? [] }, observer: { push?.agentChanged($0) })
        }
        if let push { tasks.runner.endObservers.add { push.taskFinished($0, status: $1) } }
    }

    /// A sidecar logging to standard error at `logLevel` (`.warning` silences the per-request lines).
    package convenience init(
        configuration: SidecarConfiguration, logLevel: Logger.Level, now: @escaping @Sendable () -> Date = { Date() }
    ) throws {
        var logger = Logger(label: "companion.sidecar")
        logger.logLevel = logLevel
        try self.init(configuration: configuration, logger: logger, now: now)
    }

    /// What happened to connections so far: open now, shed at the cap, refused, timed out.
    package var connectionCounts: ConnectionCounts { connections.counts }
}
