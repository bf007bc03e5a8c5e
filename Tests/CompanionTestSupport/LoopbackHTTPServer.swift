import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 with an ephemeral port, answering with a closure. Used *in addition* to
/// the real sidecar, for answers the sidecar never gives (e.g. `connected: false`, garbage, silence).
public final class LoopbackHTTPServer: @unchecked Sendable {
    /// A request as received.
    public struct Request: Sendable {
        public let method: String
        public let path: String
        public let headers: [String: String]
        public let body: Data
    }

    /// An answer; `nil` from the handler means: keep the connection open and never answer.
    public struct Response: Sendable {
        public var status: Int
        public var body: Data
        public var headers: [String: String]

        public init(status: Int = 200, json: String, headers: [String: String] = [:]) {
            self.status = status
            self.body = Data(json.utf8)
            self.headers = headers.merging(["Content-Type": "application/json"]) { a, _ in a }
        }
    }

    /// The bound port.
    public let port: Int
    /// `http://127.0.0.1:<port>`.
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    private let listener: Int32
    private let handler: @Sendable (Request) -> Response?
    private let lock = NSLock()
    private var received: [Request] = []
    private var heldOpen: [Int32] = []

    /// Starts serving at once.
    public init(handler: @escaping @Sendable (Request) -> Response?) throws {
        (listener, port) = try LoopbackListener.open(backlog: 16)
        self.handler = handler
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    /// Every request received so far.
    public var requests: [Request] { lock.withLock { received } }

    /// Stops listening and closes held connections.
    ///
    /// Only shuts the listening socket down: the accept thread closes it on its way out. Closing it here
    /// would let the next server reuse the descriptor number while this thread may still call `accept` on it,
    /// stealing that server's connections.
    public func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        lock.withLock {
            for fd in heldOpen { close(fd) }
            heldOpen.removeAll()
        }
    }

    private func acceptLoop() {
        while true {
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if errno == EINTR { continue }
                close(listener)
                return
            }
            guard let request = Self.read(connection) else {
                close(connection)
                continue
            }
            lock.withLock { received.append(request) }
            guard let response = handler(request) else {
                lock.withLock { heldOpen.append(connection) }
                continue
            }
            Self.write(response, to: connection)
            close(connection)
        }
    }

    /// Reads one request (head and `Content-Length` body) from `fd`; nil when the peer closed first.
    static func read(_ fd: Int32) -> Request? {
        var buffer = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 4096)
        let separator = Array("\r\n\r\n".utf8)
        var headerEnd: Int?
        var contentLength = 0
        while headerEnd == nil || buffer.count < headerEnd! + contentLength {
            let count = recv(fd, &chunk, chunk.count, 0)
            if count <= 0 { return nil }
            buffer.append(contentsOf: chunk[0..<count])
            if headerEnd == nil, let range = buffer.firstRange(of: separator) {
                headerEnd = range.upperBound
                let head = String(decoding: buffer[..<range.lowerBound], as: UTF8.self)
                contentLength =
                    head.split(separator: "\r\n").compactMap { line -> Int? in
                        let parts = line.split(separator: ":", maxSplits: 1)
                        guard parts.count == 2, parts[0].lowercased() == "content-length" else { return nil }
                        return Int(parts[1].trimmingCharacters(in: .whitespaces))
                    }.first ?? 0
            }
        }
        let head = String(decoding: buffer[..<(headerEnd! - 4)], as: UTF8.self).split(separator: "\r\n")
        let requestLine = head.first?.split(separator: " ") ?? []
        guard requestLine.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2 {
                headers[parts[0].lowercased()] = parts[1].trimmingCharacters(in: .whitespaces)
            }
        }
        return Request(
            method: String(requestLine[0]), path: String(requestLine[1]), headers: headers,
            body: Data(buffer[headerEnd!...]))
    }

    private static func write(_ response: Response, to fd: Int32) {
        var head =
            "HTTP/1.1 \(response.status) Status\r\nContent-Length: \(response.body.count)\r\nConnection: close\r\n"
        for (name, value) in response.headers { head += "\(name): \(value)\r\n" }
        let bytes = Array((head + "\r\n").utf8) + Array(response.body)
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent <= 0 { return }
            offset += sent
        }
    }
}
