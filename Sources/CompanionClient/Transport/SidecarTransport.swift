import AsyncHTTPClient
import CompanionAPI
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// The one HTTP transport every client path uses: the companion endpoints, the task endpoints and the
/// workstation's own pairing calls.
///
/// Its rules hold for every request: the base URL was accepted by ``SidecarURLPolicy``; redirects are never
/// followed (a 3xx answer is a ``NetworkFailure/redirected`` error, so a code, signature or API key only ever
/// reaches the URL the person chose); answers larger than ``maxBodyBytes`` are refused before they are decoded;
/// each request has a deadline; authentication is added only to the endpoints whose ``CompanionEndpoint/auth``
/// asks for it. Built on AsyncHTTPClient (SwiftNIO), so no libcurl is loaded.
public struct SidecarTransport: Sendable {
    /// Largest answer body accepted, in bytes.
    public static let maxBodyBytes = 1 << 20

    /// The sidecar's base URL, accepted and normalised by ``SidecarURLPolicy`` (no trailing slash).
    public let baseURL: URL
    /// How requests authenticate.
    public let authentication: SidecarAuthentication
    /// Longest time one request may take, connection included.
    public let timeout: Duration
    /// Which TLS certificates `https://` connections accept (the pins stored with the pairing).
    public let tls: SidecarTLSPolicy

    /// A transport for the sidecar at `baseURL` (validated with ``SidecarURLPolicy``), accepting over `https://`
    /// what `tls` accepts.
    public init(
        baseURL: String, authentication: SidecarAuthentication = .none, timeout: Duration = .seconds(10),
        tls: SidecarTLSPolicy = .systemTrust
    ) throws(CompanionClientError) {
        self.baseURL = try SidecarURLPolicy.validate(baseURL)
        self.authentication = authentication
        self.timeout = timeout
        self.tls = tls
    }

    /// The absolute URL of `endpoint` on this sidecar.
    public func url(of endpoint: CompanionEndpoint) -> String {
        baseURL.absoluteString + endpoint.pathAndQuery
    }

    /// The authentication headers `endpoint` gets (none for endpoints that take no authentication).
    public func authenticationHeaders(for endpoint: CompanionEndpoint, body: Data) throws(CompanionClientError)
        -> [(String, String)]
    {
        try authentication.headers(for: endpoint, basePath: baseURL.path(percentEncoded: true), body: body)
    }

    /// Sends `endpoint` with an optional JSON body; returns the status and the body of any non-3xx answer.
    public func send(_ endpoint: CompanionEndpoint, body: Data? = nil) async throws(CompanionClientError)
        -> (status: Int, body: Data)
    {
        let headers = try authenticationHeaders(for: endpoint, body: body ?? Data())
        let display = baseURL.absoluteString
        do {
            return try await withTLS { tls in
                var request = HTTPClientRequest(url: url(of: endpoint))
                request.method = HTTPMethod(rawValue: endpoint.method)
                request.tlsConfiguration = tls
                request.headers.add(name: "Accept", value: "application/json")
                if let body {
                    request.headers.add(name: "Content-Type", value: "application/json")
                    request.body = .bytes(ByteBuffer(bytes: body))
                }
                for (name, value) in headers { request.headers.replaceOrAdd(name: name, value: value) }
                let response = try await Self.client.execute(request, timeout: .nanoseconds(timeout.nanoseconds))
                let status = Int(response.status.code)
                if (300..<400).contains(status) { throw CompanionClientError.network(.redirected, url: display) }
                if let length = response.headers.first(name: "Content-Length").flatMap(Int.init),
                    length > Self.maxBodyBytes
                {
                    throw CompanionClientError.tooLarge(endpoint, status: status)
                }
                var buffer = try await response.body.collect(upTo: Self.maxBodyBytes)
                return (status, Data(buffer.readBytes(length: buffer.readableBytes) ?? []))
            }
        } catch let error as CompanionClientError {
            throw error
        } catch is NIOTooManyBytesError {
            throw .tooLarge(endpoint, status: 200)
        } catch {
            throw .network(TransportFailure.classify(error), url: display)
        }
    }

    /// One client for the process, never shut down (like `HTTPClient.shared`), that follows no redirects and
    /// gives up on a refused connection at once instead of retrying until the deadline.
    static let client: HTTPClient = {
        var configuration = HTTPClient.Configuration()
        configuration.redirectConfiguration = .disallow
        configuration.decompression = .disabled
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.timeout = .init(connect: .seconds(30), read: .seconds(300))
        return HTTPClient(eventLoopGroup: eventLoopGroup, configuration: configuration)
    }()

    /// The client's one event loop thread, never shut down. NIO's shared group (`HTTPClient.defaultEventLoopGroup`)
    /// starts a thread per core when first used: 16 threads on a 16-core workstation for a command that makes one
    /// request, each started and scheduled before the first byte is sent (docs/startup.md). One loop serves every
    /// connection this client makes to its sidecar.
    static let eventLoopGroup = MultiThreadedEventLoopGroup(numberOfThreads: 1)
}

extension Duration {
    /// The duration in whole nanoseconds (saturating).
    fileprivate var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        let (product, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        return overflow ? .max : product &+ attoseconds / 1_000_000_000
    }
}
