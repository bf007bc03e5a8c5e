import Foundation
import Hummingbird
import HummingbirdCore
import Logging

#if canImport(Glibc)
    import Glibc
#endif

extension Sidecar {
    /// The application serving ``OwnerSocket`` in the data directory, or nil (with a warning logged) when the
    /// socket's path is too long for the kernel. A socket file left by a sidecar that died is removed first:
    /// the caller holds the data directory's lock, so no live sidecar can be using it. `onListening` runs once the
    /// socket is bound and narrowed to 0600.
    func makeOwnerApplication(
        ownerUserID: UInt32 = geteuid(), onListening: @escaping @Sendable () async -> Void
    ) -> Application<RouterResponder<OwnerRequestContext>>? {
        let path = OwnerSocket.path(in: configuration.dataDirectory)
        guard path.utf8.count <= OwnerSocket.maxPathBytes else {
            logger.warning(
                "the owner socket is off: its path \(path) is longer than \(OwnerSocket.maxPathBytes) bytes; use a shorter --data-dir to manage devices with `companion sidecar devices`"
            )
            return nil
        }
        unlink(path)
        let router = Router(context: OwnerRequestContext.self)
        router.add(middleware: OwnerCredentialMiddleware(ownerUserID: ownerUserID))
        OwnerRoutes(registry: registry, pairing: pairing, agents: agents, now: now).register(on: router)
        OwnerTLSRoutes(tls: tls).register(on: router)
        var ownerLogger = logger
        ownerLogger.logLevel = max(logger.logLevel, .warning)
        return Application(
            router: router,
            configuration: ApplicationConfiguration(address: .unixDomainSocket(path: path), serverName: nil),
            onServerRunning: { _ in
                // The directory is 0700 already; the socket itself is narrowed too, whatever the umask was.
                chmod(path, 0o600)
                await onListening()
            },
            logger: ownerLogger)
    }

    /// Removes the owner socket's file once the sidecar has stopped serving it.
    func removeOwnerSocket() {
        unlink(OwnerSocket.path(in: configuration.dataDirectory))
    }
}
