import Foundation
import NIOCore
import NIOPosix
import NIOSSL

/// A TLS-terminating proxy on 127.0.0.1 in front of a plain-HTTP sidecar: it presents the certificate it is told
/// to (``present(_:)``: the sidecar's own, then an interceptor's), forwards what it decrypts to the sidecar, and
/// records every byte a client sent it after a handshake (``received``), so a test can assert that nothing
/// crossed an interceptor. Stopped by ``stop()``.
public final class TLSProxy: Sendable {
    /// The port it accepts on.
    public let port: Int
    private let group: MultiThreadedEventLoopGroup
    private let state: ProxyState
    private let channel: any Channel

    /// Starts presenting `identity` and forwarding to `127.0.0.1:targetPort`.
    public init(identity: TestTLSCertificates.Identity, targetPort: Int) async throws {
        let state = ProxyState(context: try Self.context(identity))
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let bound = try await ServerBootstrap(group: group)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { child in
                state.countConnection()
                let tls = state.context
                return ClientBootstrap(group: child.eventLoop).connect(host: "127.0.0.1", port: targetPort)
                    .flatMapThrowing { upstream in
                        let (toUpstream, toClient) = GlueHandler.matchedPair()
                        try child.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: tls))
                        try child.pipeline.syncOperations.addHandler(Recorder(state: state))
                        try child.pipeline.syncOperations.addHandler(toUpstream)
                        try upstream.pipeline.syncOperations.addHandler(toClient)
                    }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        self.state = state
        self.group = group
        self.channel = bound
        self.port = bound.localAddress?.port ?? 0
    }

    /// `https://127.0.0.1:PORT`.
    public var url: String { "https://127.0.0.1:\(port)" }

    /// What clients sent after their handshakes, decrypted, since the start or the last ``present(_:)``.
    public var received: String { state.received }

    /// How many connections clients opened to the proxy since it started (each one a TLS handshake).
    public var connections: Int { state.connections }

    /// Presents `identity` to every connection from now on, and forgets what was recorded.
    public func present(_ identity: TestTLSCertificates.Identity) throws {
        state.present(try Self.context(identity))
    }

    /// Stops listening and ends every connection.
    public func stop() async {
        try? await channel.close()
        try? await group.shutdownGracefully()
    }

    private static func context(_ identity: TestTLSCertificates.Identity) throws -> NIOSSLContext {
        let configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: try NIOSSLCertificate.fromPEMFile(identity.certificate).map { .certificate($0) },
            privateKey: .privateKey(try NIOSSLPrivateKey(file: identity.key, format: .pem)))
        return try NIOSSLContext(configuration: configuration)
    }
}

/// The certificate the proxy presents and what it recorded, shared with its connections.
private final class ProxyState: @unchecked Sendable {
    private let lock = NSLock()
    private var current: NIOSSLContext
    private var recorded: [UInt8] = []
    private var accepted = 0

    init(context: NIOSSLContext) { current = context }

    var context: NIOSSLContext { lock.withLock { current } }
    var received: String { lock.withLock { String(decoding: recorded, as: UTF8.self) } }

    func present(_ context: NIOSSLContext) {
        lock.withLock {
            current = context
            recorded.removeAll()
        }
    }

    func record(_ bytes: ByteBufferView) { lock.withLock { recorded.append(contentsOf: bytes) } }

    var connections: Int { lock.withLock { accepted } }
    func countConnection() { lock.withLock { accepted += 1 } }
}

/// Copies what a client sent (decrypted) into the proxy's record, and passes it on.
private final class Recorder: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    private let state: ProxyState

    init(state: ProxyState) { self.state = state }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        state.record(unwrapInboundIn(data).readableBytesView)
        context.fireChannelRead(data)
    }
}

/// Joins two channels: what one reads, the other writes (SwiftNIO's "glue" pattern), with back-pressure.
private final class GlueHandler: ChannelDuplexHandler {
    typealias InboundIn = NIOAny
    typealias OutboundIn = NIOAny
    typealias OutboundOut = NIOAny
    private var partner: GlueHandler?
    private var context: ChannelHandlerContext?
    private var pendingRead = false

    static func matchedPair() -> (GlueHandler, GlueHandler) {
        let first = GlueHandler()
        let second = GlueHandler()
        first.partner = second
        second.partner = first
        return (first, second)
    }

    func handlerAdded(context: ChannelHandlerContext) { self.context = context }
    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
        partner = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) { partner?.context?.write(data, promise: nil) }
    func channelReadComplete(context: ChannelHandlerContext) { partner?.context?.flush() }
    func channelInactive(context: ChannelHandlerContext) { partner?.context?.close(promise: nil) }
    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        partner?.context?.close(promise: nil)
        context.close(promise: nil)
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable, let partner, partner.pendingRead {
            partner.pendingRead = false
            partner.context?.read()
        }
        context.fireChannelWritabilityChanged()
    }

    func read(context: ChannelHandlerContext) {
        if partner?.context?.channel.isWritable ?? false {
            context.read()
        } else {
            pendingRead = true
        }
    }
}
