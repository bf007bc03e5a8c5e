import CompanionAPI
import CompanionCrypto
import Foundation
import NIOCore

#if canImport(Glibc)
    import Glibc
#endif

/// The workstation owner's control of a sidecar's devices and audit log, without pairing: through the running
/// sidecar's owner socket (``OwnerSocket``: only the sidecar's user, checked by the kernel's peer credentials),
/// or, when no sidecar serves from the data directory, on its registry directly while holding the directory's
/// lock (so no sidecar can start meanwhile and miss the change). Either way the same rules apply and the audit
/// log records the owner's action.
///
/// ```swift
/// let owner = OwnerControl(dataDirectory: SidecarConfiguration.defaultDataDirectory())
/// for device in try await owner.devices().devices { print(device.id, device.name) }
/// _ = try await owner.revoke(id: "3f2a…")
/// ```
package struct OwnerControl: Sendable {
    /// The sidecar's data directory.
    package let dataDirectory: URL
    let now: @Sendable () -> Date
    /// The audit chain's key (``SidecarConfiguration/auditKey``), read only when no sidecar runs and the registry
    /// is opened directly; nil when it cannot be had (a keyed log then cannot be appended to, nor checked fully).
    let auditKey: @Sendable () -> SecureBytes?

    /// How long a request to the running sidecar's owner socket may take.
    let timeout: TimeAmount

    /// Control of the sidecar whose data directory is `dataDirectory`; a request to a running one fails after
    /// `timeout` seconds.
    package init(
        dataDirectory: URL, now: @escaping @Sendable () -> Date = { Date() },
        auditKey: @escaping @Sendable () -> SecureBytes? = { nil }, timeout: TimeInterval = 10
    ) {
        self.dataDirectory = dataDirectory
        self.timeout = .milliseconds(Int64(timeout * 1000))
        self.now = now
        self.auditKey = auditKey
    }

    /// Every trusted device, oldest pairing first.
    package func devices() async throws -> DevicesListResponse {
        try await perform(
            running: { try await $0.get("/devices", as: DevicesListResponse.self) },
            stopped: { DevicesListResponse(devices: try await $0.registry.devices().map(\.listed)) })
    }

    /// Removes trust in the device `id` at once: a running sidecar refuses its next request.
    package func revoke(id: String) async throws -> OwnerRevokeResponse {
        guard !id.isEmpty, id.utf8.count <= 128,
            let escaped = id.addingPercentEncoding(withAllowedCharacters: .alphanumerics)
        else {
            throw OwnerControlError(
                .invalidInput, "a device id is 1 to 128 characters",
                hint: "list the ids: companion sidecar devices list")
        }
        return try await perform(
            keyed: true, running: { try await $0.delete("/devices/\(escaped)", as: OwnerRevokeResponse.self) },
            stopped: { actions in
                do { return try await actions.revoke(id: id) } catch let error as SidecarError
                    where error.code == .notFound
                {
                    throw OwnerControlError(
                        .notFound, error.message, hint: "list the devices: companion sidecar devices list")
                }
            })
    }

    /// Sets what the device `id` may do (replacing its scopes); the running sidecar applies it to the next request.
    package func setScopes(_ scopes: Set<DeviceScope>, id: String) async throws -> OwnerScopesResponse {
        guard !scopes.isEmpty else {
            throw OwnerControlError(
                .invalidInput, "give at least one scope", hint: "scopes: read, tasks, chat, control, admin")
        }
        guard !id.isEmpty, id.utf8.count <= 128,
            let escaped = id.addingPercentEncoding(withAllowedCharacters: .alphanumerics)
        else {
            throw OwnerControlError(
                .invalidInput, "a device id is 1 to 128 characters",
                hint: "list the ids: companion sidecar devices list")
        }
        let text = DeviceScope.text(scopes)
        return try await perform(
            keyed: true,
            running: { try await $0.put("/devices/\(escaped)/scopes?set=\(text)", as: OwnerScopesResponse.self) },
            stopped: { actions in
                // The registry is opened by this very process: its own ancestry is what the socket would check.
                let refusal = PeerAncestry.refusal(pid: getpid())
                do { return try await actions.setScopes(scopes, id: id, refusingRaise: refusal) } catch let error
                    as SidecarError where error.code == .forbidden
                {
                    throw OwnerControlError(
                        .refused, error.message, hint: "run the command from a terminal of your own (not an agent)")
                } catch let error as SidecarError
                    where error.code == .notFound
                {
                    throw OwnerControlError(
                        .notFound, error.message, hint: "list the devices: companion sidecar devices list")
                }
            })
    }

    /// Starts a pairing on the running sidecar through its owner socket, the only way to pair a device with
    /// `control` or `admin` (loopback TCP refuses them); refused (403) to a process running under an agent.
    package func startPairing(ttlSeconds: Int?, scopes: Set<DeviceScope>) async throws -> PairingStartResponse {
        let body = PairingStartRequest(ttlSeconds: ttlSeconds, scopes: scopes.sorted())
        return try await perform(
            running: { try await $0.post("/pairing/start", json: body, as: PairingStartResponse.self) },
            stopped: { _ in
                throw OwnerControlError(
                    .unreachable, "no sidecar is serving from \(dataDirectory.path), so none can pair",
                    hint: "start it with `companion sidecar serve`, or pass the --data-dir it uses")
            })
    }

    /// The newest `limit` rows of the audit log (1 to 10,000), oldest first.
    package func audit(limit: Int = 50) async throws -> OwnerAuditResponse {
        guard limit >= 1, limit <= OwnerRoutes.maxAuditRows else {
            throw OwnerControlError(
                .invalidInput, "--limit must be a number from 1 to \(OwnerRoutes.maxAuditRows)",
                hint: "the default is 50")
        }
        return try await perform(
            running: { try await $0.get("/audit?limit=\(limit)", as: OwnerAuditResponse.self) },
            stopped: { try await $0.audit(limit: limit) })
    }

    /// The audit log's hash chain recomputed: the first changed or removed row, or the newest row's hash.
    package func verifyAudit() async throws -> OwnerAuditVerification {
        try await perform(
            keyed: true, running: { try await $0.get("/audit/verify", as: OwnerAuditVerification.self) },
            stopped: { try await $0.verifyAudit() })
    }

    /// True when a sidecar is serving from the data directory now.
    package var sidecarIsRunning: Bool {
        guard FileManager.default.fileExists(atPath: dataDirectory.path) else { return false }
        guard let lock = try? DataDirectoryLock.acquire(dataDirectory) else { return true }
        lock.release()
        return false
    }

    /// Runs `running` through the sidecar's socket, or, when none runs, `stopped` on the registry opened under
    /// the data directory's lock (with the audit key when `keyed`: the changes, which append audit rows, and
    /// the verification).
    func perform<T>(
        keyed: Bool = false, running: (OwnerSocketClient) async throws -> T,
        stopped: (OwnerActions) async throws -> T
    ) async throws -> T {
        guard FileManager.default.fileExists(atPath: dataDirectory.path) else {
            throw OwnerControlError(
                .noDataDirectory, "no sidecar has used the data directory \(dataDirectory.path) yet",
                hint: "start one with `companion sidecar serve`, or pass the --data-dir it uses")
        }
        let lock: DataDirectoryLock
        do {
            lock = try DataDirectoryLock.acquire(dataDirectory)
        } catch let inUse as DataDirectoryInUse where inUse.reason == nil {
            return try await running(
                OwnerSocketClient(socketPath: OwnerSocket.path(in: dataDirectory), timeout: timeout))
        }
        defer { lock.release() }
        let registry = try Registry(directory: dataDirectory, auditKey: keyed ? auditKey() : nil)
        return try await stopped(OwnerActions(registry: registry, now: now))
    }
}
