import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

extension SidecarTransport {
    /// Largest Server-Sent Events stream accepted, in bytes: a chat answer is text, and a stream that goes on
    /// beyond this is cut with an error rather than held in memory.
    public static let maxEventStreamBytes = 64 << 20

    /// Opens `endpoint` as a Server-Sent Events stream (the same rules as ``send(_:body:)``: the URL policy, no
    /// redirects, authentication only where the endpoint takes it, and the deadline for the answer's head).
    ///
    /// A non-2xx answer is read (within ``maxBodyBytes``) and thrown as the server's error. Otherwise the events
    /// arrive as the sidecar writes them, parsed by ``ServerSentEventParser``; `lastEventID` asks the sidecar to replay what
    /// came after that event first. `headers` returns the answer's header fields (e.g. `X-Session-ID`).
    public func openEventStream(_ endpoint: CompanionEndpoint, body: Data, lastEventID: String? = nil)
        async throws(CompanionClientError) -> (
            headers: [String: String], events: AsyncThrowingStream<ServerSentEvent, any Error>
        )
    {
        var request = HTTPClientRequest(url: url(of: endpoint))
        request.method = HTTPMethod(rawValue: endpoint.method)
        request.headers.add(name: "Accept", value: "text/event-stream")
        request.headers.add(name: "Content-Type", value: "application/json")
        if let lastEventID { request.headers.add(name: "Last-Event-ID", value: lastEventID) }
        request.body = .bytes(ByteBuffer(bytes: body))
        for (name, value) in try authenticationHeaders(for: endpoint, body: body) {
            request.headers.replaceOrAdd(name: name, value: value)
        }
        let display = baseURL.absoluteString
        let response: HTTPClientResponse
        do {
            response = try await withTLS { tls in
                var pinned = request
                pinned.tlsConfiguration = tls
                return try await Self.client.execute(pinned, deadline: .now() + .nanoseconds(timeoutNanoseconds))
            }
        } catch let error as CompanionClientError {
            throw error
        } catch {
            throw .network(TransportFailure.classify(error), url: display)
        }
        let status = Int(response.status.code)
        if (300..<400).contains(status) { throw .network(.redirected, url: display) }
        guard (200..<300).contains(status) else {
            let data: Data
            do {
                var buffer = try await response.body.collect(upTo: Self.maxBodyBytes)
                data = Data(buffer.readBytes(length: buffer.readableBytes) ?? [])
            } catch {
                throw .tooLarge(endpoint, status: status)
            }
            throw ResponseDecoder.serverError(data: data, status: status)
        }
        var headers: [String: String] = [:]
        for field in response.headers { headers[field.name] = field.value }
        let body = response.body
        let events = AsyncThrowingStream<ServerSentEvent, any Error> { continuation in
            let task = Task {
                do {
                    var parser = ServerSentEventParser()
                    var total = 0
                    for try await chunk in body {
                        total += chunk.readableBytes
                        guard total <= Self.maxEventStreamBytes else {
                            throw CompanionClientError.malformedResponse(
                                endpoint: endpoint.description, status: status,
                                detail: "the event stream is longer than \(Self.maxEventStreamBytes >> 20) MiB")
                        }
                        for event in try parser.consume(chunk.readableBytesView) { continuation.yield(event) }
                    }
                    continuation.finish()
                } catch let failure as ServerSentEventParser.Failure {
                    _ = failure
                    continuation.finish(
                        throwing: CompanionClientError.malformedResponse(
                            endpoint: endpoint.description, status: status,
                            detail: "an event is larger than \(ServerSentEventParser().maxEventBytes >> 20) MiB"))
                } catch {
                    continuation.finish(
                        throwing: error as? CompanionClientError
                            ?? .network(TransportFailure.classify(error), url: display))
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
        return (headers, events)
    }

    private var timeoutNanoseconds: Int64 {
        let (seconds, attoseconds) = timeout.components
        let (product, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        return overflow ? .max : product &+ attoseconds / 1_000_000_000
    }
}
