import CompanionTLS
import NIOCore
import NIOPosix
import NIOSSL
import NIOTLS

/// TLS handshakes the companion makes only to look at a sidecar's certificate. Nothing is ever sent over them:
/// the capturing handshake is refused by this side as soon as the certificate arrived, the trust check is closed
/// as soon as it completed.
enum TLSProbe {
    /// The leaf certificate `host:port` presents; nil when it presented none that could be read.
    static func presentedCertificate(host: String, port: Int, timeout: TimeAmount) async throws
        -> PresentedCertificate?
    {
        var configuration = TLSConfiguration.makeClientConfiguration()
        // The callback below replaces the verification; no trust store is loaded for it.
        configuration.trustRoots = .certificates([])
        configuration.certificateVerification = .noHostnameVerification
        let context = try NIOSSLContext(configuration: configuration)
        let loop = SidecarTransport.eventLoopGroup.next()
        let leaf = loop.makePromise(of: [UInt8]?.self)
        // Every path completes `leaf` (a later completion is ignored): a promise left pending is a leak, which
        // NIO traps on in a debug build (a connection refused or timed out used to end the process there).
        defer { leaf.succeed(nil) }
        _ = try await handshake(host: host, port: port, timeout: timeout, loop: loop) { hostname in
            try NIOSSLClientHandler(
                context: context, serverHostname: hostname,
                customVerificationCallback: {
                    (certificates: [NIOSSLCertificate], verdict: EventLoopPromise<NIOSSLVerificationResult>) in
                    leaf.succeed(try? certificates.first?.toDERBytes())
                    verdict.succeed(NIOSSLVerificationResult.failed)
                })
        }
        leaf.succeed(nil)
        guard let der = try await leaf.futureResult.get() else { return nil }
        return try? PresentedCertificate(der: der)
    }

    /// True when the certificate `host:port` presents verifies with the trust store `roots` (host name not
    /// checked): a certificate authority this machine trusts signed it.
    static func verifies(host: String, port: Int, roots: NIOSSLTrustRoots, timeout: TimeAmount) async -> Bool {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.trustRoots = roots
        configuration.certificateVerification = .noHostnameVerification
        guard let context = try? NIOSSLContext(configuration: configuration) else { return false }
        let loop = SidecarTransport.eventLoopGroup.next()
        let completed = try? await handshake(host: host, port: port, timeout: timeout, loop: loop) { hostname in
            try NIOSSLClientHandler(context: context, serverHostname: hostname)
        }
        return completed ?? false
    }

    /// Connects, runs the handshake of the handler `makeHandler` gives (for the SNI name, nil for an address),
    /// closes; true when the handshake completed.
    private static func handshake(
        host: String, port: Int, timeout: TimeAmount, loop: any EventLoop,
        makeHandler: @escaping @Sendable (String?) throws -> NIOSSLClientHandler
    ) async throws -> Bool {
        let outcome = loop.makePromise(of: Bool.self)
        let serverName = (try? SocketAddress(ipAddress: host, port: 0)) == nil ? host : nil
        let channel: any Channel
        do {
            channel = try await ClientBootstrap(group: loop)
                .connectTimeout(timeout)
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(makeHandler(serverName))
                        try channel.pipeline.syncOperations.addHandler(HandshakeObserver(outcome: outcome))
                    }
                }
                .connect(host: host, port: port).get()
        } catch {
            outcome.succeed(false)
            throw error
        }
        let deadline = loop.scheduleTask(in: timeout) { channel.close(promise: nil) }
        defer { deadline.cancel() }
        channel.closeFuture.whenComplete { _ in outcome.succeed(false) }
        return try await outcome.futureResult.get()
    }
}

/// Reports whether the TLS handshake completed, then closes the connection.
private final class HandshakeObserver: ChannelInboundHandler {
    typealias InboundIn = NIOAny
    private let outcome: EventLoopPromise<Bool>
    private var reported = false

    init(outcome: EventLoopPromise<Bool>) { self.outcome = outcome }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case TLSUserEvent.handshakeCompleted = event { report(true, context: context) }
        context.fireUserInboundEventTriggered(event)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        report(false, context: context)
    }

    private func report(_ completed: Bool, context: ChannelHandlerContext) {
        guard !reported else { return }
        reported = true
        outcome.succeed(completed)
        context.close(promise: nil)
    }
}
