import CompanionCrypto
import CompanionPaths
import CompanionTLS
import Foundation

/// Everything that shapes a sidecar: where it listens, where it keeps its registry, how pairing behaves.
package struct SidecarConfiguration: Sendable {
    /// Default port of the pairing contract.
    package static let defaultPort = 7878

    /// Addresses to bind, one listener each on ``port``: `127.0.0.1` (the default, this machine only) and any
    /// interface addresses. Each listener has its own policy (``ListenerSecurity``): plain HTTP on loopback, TLS
    /// elsewhere unless ``insecureHTTP``. A wildcard (`0.0.0.0`, `::`) is served with TLS, as beyond loopback;
    /// `companion sidecar serve` refuses it (name each address).
    package var hosts: [String]
    /// The first of ``hosts``, the one the pairing URL is derived from when it is the only one.
    package var host: String {
        get { hosts[0] }
        set { hosts[0] = newValue }
    }
    /// Where the TLS certificate and key of the listeners beyond loopback come from. Nil with such a listener: a
    /// key made for this run only (companions then cannot keep their pin across restarts).
    package var tls: SidecarTLSSource?
    /// A rotation of the self-signed key announced before this start and not yet due (the CLI keeps the next key
    /// in the vault); the sidecar switches at its time.
    package var tlsRotation: TLSRotation?
    /// Serve plain HTTP on LAN listeners too (`--insecure-http`): warned about at start and in `GET /health`.
    /// Never on a tailnet address (``PrivateOverlay``), which is always TLS.
    package var insecureHTTP = false
    /// Port to bind; 0 picks a free port (the bound port is reported once listening).
    package var port: Int
    /// Directory holding `registry.sqlite`: created with mode 0700 when missing; an existing one must be the
    /// user's and grant nothing to group or others (``UnsafeDataDirectory``).
    package var dataDirectory: URL
    /// Base URL phones reach the sidecar at, put in `qrPayload`; derived from the bound address when nil.
    package var publicURL: String?
    /// Name shown to the person pairing (`qrPayload.name`).
    package var hostName: String
    /// Largest request body accepted, in bytes (413 beyond).
    package var maxBodyBytes: Int
    /// Browser origins allowed besides this machine's own development origins.
    package var originPolicy: OriginPolicy
    package var pairing: PairingPolicy
    /// Version reported by `GET /health`.
    package var version: String
    /// The sidecar's Ed25519 identity: its fingerprint goes in `qrPayload` and it signs pairing answers.
    /// Nil runs without one (companions then cannot pin the sidecar); `companion sidecar serve` always has one.
    package var identity: Ed25519KeyPair?
    /// The key of the audit log's hash chain (HMAC-SHA-512, see SECURITY.md "Audit log"); the CLI keeps it in the
    /// sidecar's vault next to ``identity``. Nil writes unkeyed rows (tests, embedders that give none), and
    /// `companion sidecar audit --verify` says so.
    package var auditKey: SecureBytes?
    /// True when ``auditKey`` was made for this start. False (the default) means it existed before, so a log that
    /// is empty or whose newest row is not keyed was replaced while the sidecar was stopped: the start then records
    /// an `audit_replaced` row, which `audit --verify` reports, instead of re-keying it.
    package var auditKeyIsNew = false
    /// Advertise `_companion._tcp` through avahi-daemon when serving beyond loopback (with an identity).
    package var advertise = true
    /// When true (the default), device routes accept only signed requests (see SECURITY.md).
    package var requireSignedRequests: Bool
    /// Accepted clock difference for signed requests, in seconds (±).
    package var signatureWindowSeconds: Int
    /// The agent command tasks run (`--task-command`); nil: tasks can be created but not started.
    package var taskCommand: String?
    /// `--review-command`: what reviews a pull request task; nil runs the built-in `claude -p` review.
    package var reviewCommand: String?
    /// The `X-API-Key` the task endpoints require when set (`--api-key-file`).
    package var taskAPIKey: TaskAPIKey?
    /// Time between SIGTERM and SIGKILL when a task is cancelled.
    package var taskKillGrace: Duration = .seconds(5)
    /// Header and idle timeouts and the connection cap.
    package var connectionLimits = ConnectionLimits()
    /// When true (the default), serving raises the process's soft descriptor limit to its hard limit first
    /// (``DescriptorLimit``), so that the connection cap, not the descriptor limit, is what bounds connections.
    package var raisesDescriptorLimit = true
    /// How long the audit log keeps rows (`--audit-max-age-days`, `--audit-max-rows`): 90 days and 100,000 rows
    /// by default. Applied when the sidecar starts and as rows are appended.
    package var auditRetention: AuditRetention = .default
    /// Claude Code on this workstation (`/api/v1`: projects, sessions, transcripts, chat); nil serves no such
    /// routes. `companion sidecar serve` turns it on (`--claude-path`, `--no-claude-code`).
    package var claudeCode: ClaudeCodeSettings?
    /// Agent sessions (`/api/sessions…`, `WS /ws`, the Claude Code hook endpoint); nil serves no such routes.
    /// `companion sidecar serve` turns it on (`--no-agents` turns it off).
    package var agents: AgentsSettings?
    /// Web Push to paired devices (`/companion/push…`; the VAPID key, push-service hosts, detail); nil serves no such
    /// routes and sends nothing. `companion sidecar serve` turns it on (`--no-push` turns it off).
    package var push: PushSettings?
    /// Directories under which tasks may clone local repositories (`--clone-root`); empty: only https and ssh.
    package var taskCloneRoots: [URL] = []
    /// How long a task's clone step may take (`--clone-timeout`).
    package var taskCloneTimeLimit: Duration = TaskRunnerConfiguration.defaultCloneTimeLimit

    package init(
        host: String = "127.0.0.1", port: Int = SidecarConfiguration.defaultPort, dataDirectory: URL,
        publicURL: String? = nil, hostName: String = SidecarConfiguration.localHostName(),
        maxBodyBytes: Int = 16 * 1024, originPolicy: OriginPolicy = OriginPolicy(),
        pairing: PairingPolicy = PairingPolicy(), version: String = "0.1.0", identity: Ed25519KeyPair? = nil,
        requireSignedRequests: Bool = true, signatureWindowSeconds: Int = 60
    ) {
        self.hosts = [host]
        self.port = port
        self.dataDirectory = dataDirectory
        self.publicURL = publicURL
        self.hostName = hostName
        self.maxBodyBytes = maxBodyBytes
        self.originPolicy = originPolicy
        self.pairing = pairing
        self.version = version
        self.identity = identity
        self.requireSignedRequests = requireSignedRequests
        self.signatureWindowSeconds = signatureWindowSeconds
    }

    /// True when every host is a loopback address or `localhost`: nothing outside this machine can connect.
    package var bindsLoopbackOnly: Bool { hosts.allSatisfy(ListenerSecurity.isLoopback(host:)) }

    /// The policy of each listener, in the order of ``hosts``.
    package var listenerSecurity: [ListenerSecurity] {
        hosts.map { ListenerSecurity.of(host: $0, insecureHTTP: insecureHTTP) }
    }

    /// This machine's host name (`gethostname`).
    package static func localHostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count) == 0 else { return "workstation" }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty ? "workstation" : name
    }

    /// `$XDG_DATA_HOME/companionkit/sidecar`, else `~/.local/share/companionkit/sidecar`; an existing registry
    /// in the directory earlier versions used (`$XDG_DATA_HOME/companion/sidecar`) keeps being used while the new
    /// directory does not exist (``CompanionDirectories/sidecarDataDirectory(existingDirectory:)``).
    package static func defaultDataDirectory(environment: [String: String] = ProcessInfo.processInfo.environment)
        -> URL
    {
        CompanionDirectories(environment: environment).sidecarDataDirectory()
    }
}
