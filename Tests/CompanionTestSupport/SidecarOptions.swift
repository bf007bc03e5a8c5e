import Foundation

/// How a test wants its `companion sidecar serve` started (see ``SidecarProcess``).
public struct SidecarOptions: Sendable {
    /// Where the sidecar's own identity key comes from.
    public enum Identity: Sendable, Equatable {
        /// `--ephemeral-identity`: new keys in memory, nothing stored (the default: most tests are about something
        /// else, and every start of a sidecar with a vault profile writes several items to the run's one keyring
        /// daemon, where writes queue behind each other under load).
        case ephemeral
        /// A profile of its own in the real keyring when the tests have one (``TestKeyring``), else ephemeral: for
        /// a test about the sidecar's stored keys (audit key, VAPID key, identity across ``SidecarProcess/restart()``).
        case vaultProfile
        /// This profile of the real keyring (`COMPANION_VAULT=secret-service`).
        case keyringProfile(String)
    }

    /// The data directory; nil for a fresh private temporary one, removed by ``SidecarProcess/stop()``.
    public var dataDirectory: URL?
    /// The port to listen on; 0 for a free one.
    public var port = 0
    /// The file receiving the sidecar's standard error (its log); discarded when nil.
    public var logFile: URL?
    /// More `sidecar serve` arguments (e.g. `--task-command`, `--header-timeout`).
    public var arguments: [String] = []
    /// Added to (or, with nil values, removed from) the sidecar's environment.
    public var environment: [String: String?] = [:]
    /// Runs the sidecar on a ``FakeClock`` the test moves forward (``SidecarProcess/clock``).
    public var fakeClock = false
    /// Starts the sidecar under this soft `RLIMIT_NOFILE` (`ulimit -Sn`).
    public var softDescriptorLimit: Int?
    public var identity: Identity = .ephemeral

    public init(
        dataDirectory: URL? = nil, logFile: URL? = nil, arguments: [String] = [],
        environment: [String: String?] = [:], fakeClock: Bool = false, softDescriptorLimit: Int? = nil,
        identity: Identity = .ephemeral
    ) {
        self.dataDirectory = dataDirectory
        self.logFile = logFile
        self.arguments = arguments
        self.environment = environment
        self.fakeClock = fakeClock
        self.softDescriptorLimit = softDescriptorLimit
        self.identity = identity
    }

    /// The sidecar of the task tests: runs each task's description as a shell script (`sh -s`) and accepts
    /// ``taskAPIKey``.
    public static func tasks(dataDirectory: URL? = nil, arguments: [String] = []) -> SidecarOptions {
        SidecarOptions(
            dataDirectory: dataDirectory, arguments: ["--task-command", "sh -s", "--log-level", "warning"] + arguments,
            environment: ["COMPANION_SIDECAR_API_KEY": taskAPIKey])
    }

    /// The `X-API-Key` of every ``tasks(dataDirectory:arguments:)`` sidecar.
    public static let taskAPIKey = "test-task-key-\(UUID().uuidString)"
}
