import NIOCore

/// How the sidecar protects itself from connections that hold resources without doing work: the time a client has
/// to send a request head, how long a connection may stay silent, and how many may be open at once.
///
/// The defaults let a phone on a slow network work normally while a few thousand idle or half-open sockets (a
/// careless client, a port scanner, an attacker on the LAN) cannot take the sidecar offline: see SECURITY.md,
/// "Connections".
package struct ConnectionLimits: Sendable, Equatable {
    /// Time from a connection opening (or from the first byte of a further request on a kept-alive connection)
    /// to a complete request head; past it the connection is closed.
    package var headerTimeout: Duration
    /// Time a connection may pass with no byte in either direction while it is not waiting for the sidecar's
    /// answer; past it the connection is closed. Open log WebSockets are pinged more often than this.
    package var idleTimeout: Duration
    /// Most connections open at once. When a new one arrives at the limit, the connection that has been idle the
    /// longest is closed to make room; when none is idle, the new one is closed at once. Lowered at start to what
    /// the process's descriptor limit allows (``effectiveMaxConnections(descriptorLimit:)``).
    package var maxConnections: Int

    /// Descriptors kept free for the registry, the nonce journal, tasks and their logs.
    package static let reservedDescriptors = 128

    package init(
        headerTimeout: Duration = .seconds(10), idleTimeout: Duration = .seconds(60), maxConnections: Int = 4096
    ) {
        self.headerTimeout = headerTimeout
        self.idleTimeout = idleTimeout
        self.maxConnections = maxConnections
    }

    /// ``maxConnections``, lowered so that the connections and the reserved descriptors fit under
    /// `descriptorLimit` (the soft `RLIMIT_NOFILE`); at least 16.
    package func effectiveMaxConnections(descriptorLimit: Int) -> Int {
        max(16, min(maxConnections, descriptorLimit - Self.reservedDescriptors))
    }
}

extension ConnectionLimits {
    var headerTimeoutAmount: TimeAmount { TimeAmount(headerTimeout) }
    var idleTimeoutAmount: TimeAmount { TimeAmount(idleTimeout) }
}
