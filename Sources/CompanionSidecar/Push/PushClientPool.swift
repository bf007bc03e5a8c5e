import AsyncHTTPClient
import NIOSSL
import Synchronization

/// Web Push's HTTP clients: one AsyncHTTPClient, with its connection pool, per checked endpoint address (host,
/// port and the address it resolved to), so the messages after the first to a push service reuse a connection and
/// pay no TCP and TLS handshake. Each client is made for one address (`dnsOverride`), so every connection it opens
/// goes there; a lease is given only for an address of a check made just before (``PushEndpointPolicy``, before
/// every attempt), so the address a message goes to has always passed ``PushAddressRules``, cached client or not.
/// A changed resolution gets a client of its own; at most ``capacity`` clients are kept (the least recently used
/// goes), one unused for ``idleLifetime`` is closed, and ``shutdown()`` (the sidecar stops) closes them all.
final class PushClientPool: Sendable {
    /// What a client is made for.
    struct Key: Hashable, Sendable {
        let host: String
        let port: Int
        let address: String
    }

    /// A client lent for one request, and the clients the lease found expired, closed by ``release(_:)``.
    struct Lease: Sendable {
        let key: Key
        let client: HTTPClient
        let retired: [HTTPClient]
    }

    private struct Entry {
        let client: HTTPClient
        var lastUsed: ContinuousClock.Instant
        var leases: Int
    }

    private struct State {
        var entries: [Key: Entry] = [:]
        var closed = false
        var made = 0
    }

    let capacity: Int
    let idleLifetime: Duration
    private let base: Result<HTTPClient.Configuration, any Error>
    private let state = Mutex(State())

    init(settings: PushSettings) {
        capacity = max(1, settings.maxClients)
        idleLifetime = settings.clientIdleLifetime
        base = Result(catching: {
            var tls = TLSConfiguration.makeClientConfiguration()
            tls.minimumTLSVersion = .tlsv12
            if let pem = settings.testing?.trustRootsPEM {
                tls.additionalTrustRoots = [.certificates(try NIOSSLCertificate.fromPEMBytes(Array(pem.utf8)))]
            }
            let timeout = HTTPClient.Configuration.Timeout(
                connect: .init(settings.attemptTimeout), read: .init(settings.attemptTimeout))
            var configuration = HTTPClient.Configuration(
                tlsConfiguration: tls, redirectConfiguration: .disallow, timeout: timeout)
            configuration.proxy = nil
            return configuration
        })
    }

    /// Clients open now, and made since the start.
    var counts: (open: Int, made: Int) { state.withLock { ($0.entries.count, $0.made) } }

    /// A client for `checked`: the one already made for one of its addresses (all of them just passed the rules),
    /// else a new one for its first address. Throws once the pool is shut down.
    func lease(for checked: PushEndpointPolicy.Checked) throws -> Lease {
        let base = try base.get()
        let now = ContinuousClock.now
        return try state.withLock { state in
            guard !state.closed else { throw PushEndpointRefusal("the sidecar is stopping") }
            var retired = trim(&state, now: now, keeping: capacity)
            let keys = checked.addresses.map { Key(host: checked.host, port: checked.port, address: $0) }
            let key = keys.first { state.entries[$0] != nil } ?? keys[0]
            if var entry = state.entries[key] {
                entry.leases += 1
                state.entries[key] = entry
                return Lease(key: key, client: entry.client, retired: retired)
            }
            retired += trim(&state, now: now, keeping: capacity - 1)
            var configuration = base
            configuration.dnsOverride = [key.host: key.address]
            let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
            state.entries[key] = Entry(client: client, lastUsed: now, leases: 1)
            state.made += 1
            return Lease(key: key, client: client, retired: retired)
        }
    }

    /// Gives `lease` back, then closes the clients the lease found expired and any beyond ``capacity``.
    func release(_ lease: Lease) async {
        let now = ContinuousClock.now
        let retired = state.withLock { state in
            if var entry = state.entries[lease.key], entry.client === lease.client {
                entry.leases -= 1
                entry.lastUsed = now
                state.entries[lease.key] = entry
            }
            return trim(&state, now: now, keeping: capacity)
        }
        for client in lease.retired + retired { try? await client.shutdown() }
    }

    /// Removes the unused clients past ``idleLifetime``, then the least recently used unused ones until at most
    /// `count` are left (clients lent out stay); returns the removed ones, to be shut down.
    private func trim(_ state: inout State, now: ContinuousClock.Instant, keeping count: Int) -> [HTTPClient] {
        var removed: [HTTPClient] = []
        for (key, entry) in state.entries where entry.leases == 0 && now - entry.lastUsed > idleLifetime {
            removed.append(entry.client)
            state.entries[key] = nil
        }
        while state.entries.count > count,
            let oldest = state.entries.filter({ $0.value.leases == 0 }).min(by: {
                $0.value.lastUsed < $1.value.lastUsed
            })
        {
            removed.append(oldest.value.client)
            state.entries[oldest.key] = nil
        }
        return removed
    }

    /// Closes every client (their connections end) and refuses new leases.
    func shutdown() async {
        let clients = state.withLock { state in
            state.closed = true
            defer { state.entries = [:] }
            return state.entries.values.map(\.client)
        }
        for client in clients { try? await client.shutdown() }
    }
}
