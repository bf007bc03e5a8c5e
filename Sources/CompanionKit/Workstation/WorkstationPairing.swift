import CompanionAPI
import CompanionClient
import Foundation

/// The workstation's side of a pairing, against the sidecar on this machine: start a pairing (code, QR
/// payload, expiry), then wait until a device pairs with it or the code expires.
///
/// `pairing/start` and `pairing/last` answer only on loopback, so `url` must name this machine.
public struct WorkstationPairing: Sendable {
    /// A started pairing: what to show, and what the sidecar's status was before it.
    public struct Started: Sendable, Equatable {
        /// The code, QR payload and expiry.
        public let response: PairingStartResponse
        /// The QR payload parsed (sidecar URL, workstation name, fingerprint), nil if it does not parse.
        public let payload: QRPayload?
        /// The device connected before the pairing started, to tell a new pairing from it.
        let before: CompanionDevice?

        /// True when the URL in the QR code is a loopback address: the sidecar serves this machine only, so a
        /// laptop or phone cannot reach it (``loopbackAdvice`` says what to run instead).
        public var reachableOnlyFromThisMachine: Bool {
            guard let host = payload.flatMap({ URL(string: $0.url)?.host }) else { return false }
            return HostClass.of(host: host) == .loopback
        }

        /// What to tell the person when ``reachableOnlyFromThisMachine``.
        public static let loopbackAdvice =
            "this sidecar listens on loopback only: other machines cannot reach it, so only a companion on this "
            + "machine can pair. To pair a laptop or phone, restart it with "
            + "`companion sidecar serve --host 127.0.0.1 --host <LAN address>` (HTTPS there; `ip -brief address`)"
    }

    /// What happened while waiting.
    public enum Event: Sendable, Equatable {
        /// Still waiting; the code expires at ``Started/response``'s `expiresAt`.
        case waiting
        /// A device paired, with the verification code the workstation shows (manual path), if any.
        case paired(CompanionDevice, verificationCode: String?)
    }

    let client: CompanionAPIClient

    /// The pairing calls of the sidecar at `url` (normally `http://127.0.0.1:7878`).
    public init(url: String, timeout: TimeInterval = 10) throws(CompanionError) {
        do { client = try CompanionAPIClient(baseURL: url, timeout: timeout) } catch {
            throw CompanionError.from(error)
        }
    }

    /// Starts a pairing, optionally asking for a code lifetime in seconds (the sidecar clamps it) and choosing
    /// what the device that pairs may do (default `DeviceScope/pairingDefault`).
    public func start(ttlSeconds: Int? = nil, scopes: Set<DeviceScope>? = nil) async throws(CompanionError) -> Started {
        let before = try await Self.local { () throws(CompanionClientError) in try await client.status() }
        let started = try await Self.local { () throws(CompanionClientError) in
            try await client.startPairing(ttlSeconds: ttlSeconds, scopes: scopes)
        }
        return Started(
            response: started, payload: try? QRPayload.parse(started.qrPayload), before: before.connectedDevice)
    }

    /// Starts a pairing through `starter` (the owner socket, for `control` or `admin`, which loopback TCP refuses),
    /// then follows it over the sidecar's URL like ``start(ttlSeconds:scopes:)``. The starter's errors come out as
    /// they are.
    public func start(through starter: () async throws -> PairingStartResponse) async throws -> Started {
        let before = try await Self.local { () throws(CompanionClientError) in try await client.status() }
        let started = try await starter()
        return Started(
            response: started, payload: try? QRPayload.parse(started.qrPayload), before: before.connectedDevice)
    }

    /// Polls the sidecar every `interval` until a device pairs (the last element) or the code expires (throws
    /// a ``CompanionError/Kind/pairing`` failure). ``Event/waiting`` comes after each poll without news.
    public func events(for started: Started, every interval: Duration = .milliseconds(500))
        -> AsyncThrowingStream<Event, any Error>
    {
        let client = self.client
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    while Date() < started.response.expiresAt {
                        try await Task.sleep(for: interval)
                        let device = try await Self.local { () throws(CompanionClientError) in
                            try await client.status()
                        }.connectedDevice
                        if let device,
                            device.id != started.before?.id || device.connectedAt != started.before?.connectedAt
                        {
                            let completed = try? await client.lastPairing()
                            let code = completed?.deviceId == device.id ? completed?.verificationCode : nil
                            continuation.yield(.paired(device, verificationCode: code))
                            continuation.finish()
                            return
                        }
                        continuation.yield(.waiting)
                    }
                    continuation.finish(
                        throwing: CompanionError(
                            .pairing, "the code expired before a device paired",
                            hint: "run `companion sidecar pair` again"))
                } catch is CancellationError {
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: CompanionError.from(error))
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Cancels `started` on the sidecar, so its code stops working at once (Ctrl-C on `companion sidecar pair`).
    /// Returns false when it had already ended (used, expired, burned or replaced by a newer pairing).
    public func cancel(_ started: Started) async throws(CompanionError) -> Bool {
        guard let token = started.payload?.token else { return false }
        return try await Self.local { () throws(CompanionClientError) in try await client.cancelPairing(token: token) }
    }

    /// Runs a call to the local sidecar; a refusal of a non-loopback URL gets the hint that says why.
    static func local<T>(_ body: () async throws(CompanionClientError) -> T) async throws(CompanionError) -> T {
        do { return try await body() } catch {
            var failure = CompanionError.from(error)
            switch error {
            case .server(_, let code, _) where code == APIErrorCode.forbidden.rawValue:
                failure.hint =
                    "pairing can only be started on the workstation itself: use a loopback --url such as "
                    + "http://127.0.0.1:7878"
            case .network:
                failure.hint = "start it with `companion sidecar serve`, or pass --url"
            default: break
            }
            throw failure
        }
    }
}
