import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import ServiceLifecycle

extension Sidecar {
    /// The Hummingbird application serving the API on every listener (``SidecarConfiguration/listeners``, one
    /// application each, the first running the others, the owner socket and the TLS reload as its services);
    /// `onListening` runs once every socket is bound. The others bind the port the first one bound, so that with
    /// `port` 0 every listener still has the same port.
    package func makeApplication(
        onListening: @escaping @Sendable (SidecarAddress) async -> Void = { _ in }
    ) -> some ApplicationProtocol {
        let configuration = self.configuration
        let pairing = self.pairing
        let responder = SidecarRouter.build(self).buildResponder()
        let tlsPin = tls?.pin
        let listeners = configuration.listeners
        // Each listener reports its bound port; the owner socket reports once bound too.
        let (bound, report) = AsyncStream<(index: Int, port: Int)>.makeStream()
        var services: [any Service] = []
        if let owner = makeOwnerApplication(onListening: { report.yield((-1, 0)) }) {
            services.append(owner)
        } else {
            report.yield((-1, 0))
        }
        var portAnnouncements: [AsyncStream<Int>.Continuation] = []
        for (index, listener) in listeners.enumerated().dropFirst() {
            let (port, announce) = AsyncStream<Int>.makeStream()
            portAnnouncements.append(announce)
            services.append(
                DeferredListener(port: port) { bound in
                    var listener = listener
                    listener.port = bound
                    return self.makeListenerApplication(listener, responder: responder, services: []) { port in
                        report.yield((index, port))
                    }
                })
        }
        if let reload = tlsReloadService() { services.append(reload) }
        if let tls { services.append(TLSRotationService(tls: tls, pairing: pairing, logger: logger, now: now)) }
        let announcements = portAnnouncements
        return makeListenerApplication(listeners[0], responder: responder, services: services) { port in
            report.yield((0, port))
            for announce in announcements { announce.yield(port) }
            var ports: [Int: Int] = [:]
            for await (index, port) in bound {
                ports[index] = port
                if ports.count == listeners.count + 1 { break }
            }
            var boundListeners = listeners
            for index in boundListeners.indices { boundListeners[index].port = ports[index] ?? configuration.port }
            let publicListener =
                boundListeners.first { !ListenerSecurity.isLoopback(host: $0.host) } ?? boundListeners[0]
            let publicURL =
                configuration.publicURL
                ?? PublicURL.derived(
                    bindHost: publicListener.host, port: publicListener.port, hostName: configuration.hostName,
                    scheme: publicListener.security.scheme)
            await pairing.setBaseURL(publicURL)
            await onListening(
                SidecarAddress(
                    host: boundListeners[0].host, port: boundListeners[0].port, publicURL: publicURL,
                    listeners: boundListeners, tlsPin: tlsPin))
        }
    }

    /// The application of one listener: plain HTTP or TLS (``GuardedChildChannel``), the connection guards.
    private func makeListenerApplication(
        _ listener: SidecarListener, responder: RouterResponder<SidecarRequestContext>, services: [any Service],
        onBound: @escaping @Sendable (Int) async -> Void
    ) -> Application<RouterResponder<SidecarRequestContext>> {
        let limits = configuration.connectionLimits
        let tracker = connections
        let tls = listener.security == .tls ? self.tls?.holder : nil
        // Open log WebSockets are pinged well within the idle timeout, so a quiet but live stream stays open.
        let ping = min(Duration.seconds(30), limits.idleTimeout / 2)
        let server = HTTPServerBuilder { httpResponder in
            GuardedChildChannel(
                inner: HTTP1WebSocketUpgradeChannel(
                    responder: httpResponder, webSocketResponder: responder,
                    configuration: .init(
                        http1: .init(additionalChannelHandlers: [RequestProgressHandler()]),
                        ws: .init(autoPing: .enabled(timePeriod: ping)))),
                limits: limits, tracker: tracker, tls: tls)
        }
        let port = listener.port
        return Application(
            responder: responder, server: server,
            configuration: ApplicationConfiguration(address: .hostname(listener.host, port: port), serverName: nil),
            services: services,
            onServerRunning: { channel in await onBound(channel.localAddress?.port ?? port) },
            logger: logger)
    }
}

/// A listener that binds once the first listener's port is known (the same port on every address).
struct DeferredListener: Service {
    let port: AsyncStream<Int>
    let make: @Sendable (Int) -> Application<RouterResponder<SidecarRequestContext>>

    func run() async throws {
        var ports = port.makeAsyncIterator()
        guard let bound = await ports.next() else { return }
        try await make(bound).run()
    }
}
