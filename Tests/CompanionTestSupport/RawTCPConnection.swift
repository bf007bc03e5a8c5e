import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A plain blocking TCP connection to a loopback port, for tests that speak bytes a well-behaved HTTP client
/// never would (malformed requests, idle or half-open sockets, slow heads). Call from a thread of its own
/// (`offPool`), never from Swift's cooperative pool.
public final class RawTCPConnection: @unchecked Sendable {
    public let descriptor: Int32

    /// Connects to 127.0.0.1:`port`; throws the `errno` of a failed `socket` or `connect`. `receiveBufferBytes`
    /// shrinks the socket's receive buffer (`SO_RCVBUF`) before connecting, for a client that stops reading.
    public init(port: Int, receiveBufferBytes: Int? = nil) throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        if var size = receiveBufferBytes.map(Int32.init) {
            setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = in_addr_t(UInt32(0x7F00_0001).bigEndian)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            let error = errno
            close(descriptor)
            throw POSIXError(POSIXErrorCode(rawValue: error) ?? .EIO)
        }
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Writes all of `bytes`; false when the peer closed or reset the connection first.
    @discardableResult
    public func send(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }

    /// What reading saw within the time limit: the bytes, and whether the peer closed (EOF or reset).
    public struct Received: Sendable {
        public var bytes: [UInt8]
        public var closed: Bool
        /// How the connection ended when it did not end with the peer's FIN: the `errno` of the failed `recv`
        /// (`ECONNRESET` for a reset, `EBADF` when something else in this process closed the descriptor).
        public var error: Int32? = nil
        /// What the socket said about itself when reading ended: its pending error and the port it is connected
        /// to, so a failure tells a reset by the server from a descriptor closed or reused by another thread.
        public var socketState = ""
        public var text: String { String(decoding: bytes, as: UTF8.self) }
    }

    /// Reads until the peer closes or `timeout` passes with the connection still open.
    public func readUntilClosed(timeout: TimeInterval) -> Received {
        let deadline = Date().addingTimeInterval(timeout)
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return Received(bytes: bytes, closed: false) }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, Int32(left * 1000) + 1) > 0 else { continue }
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count == 0 { return Received(bytes: bytes, closed: true, socketState: socketState()) }
            if count < 0 {
                let error = errno
                if error == EINTR { continue }
                return Received(bytes: bytes, closed: true, error: error, socketState: socketState())
            }
            bytes.append(contentsOf: buffer[0..<count])
        }
    }

    /// The descriptor's pending socket error and peer port, or why they cannot be read.
    public func socketState() -> String {
        var pending: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &pending, &length) == 0 else {
            return "descriptor \(descriptor): getsockopt errno \(errno)"
        }
        var peer = sockaddr_in()
        var peerLength = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &peer) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getpeername(descriptor, $0, &peerLength) }
        }
        let peerText = named == 0 ? "peer port \(UInt16(bigEndian: peer.sin_port))" : "no peer (errno \(errno))"
        return "descriptor \(descriptor): SO_ERROR \(pending), \(peerText)"
    }

    /// Reads one HTTP response (its head and `Content-Length` bytes of body) and leaves the connection open; nil
    /// when the peer closes first or `timeout` passes.
    public func readResponse(timeout: TimeInterval) -> [UInt8]? {
        let deadline = Date().addingTimeInterval(timeout)
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let text = String(decoding: bytes, as: UTF8.self)
            if let end = text.range(of: "\r\n\r\n") {
                let head = text[..<end.lowerBound].lowercased()
                let length =
                    head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
                    .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
                if text.utf8.count - text.utf8.distance(from: text.startIndex, to: end.upperBound) >= length {
                    return bytes
                }
            }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return nil }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, Int32(left * 1000) + 1) > 0 else { continue }
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count <= 0 { return nil }
            bytes.append(contentsOf: buffer[0..<count])
        }
    }

    /// True when the peer has closed the connection (a read would see EOF or a reset), without waiting.
    public var isClosedByPeer: Bool {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, 0) > 0 else { return false }
        var byte: UInt8 = 0
        return recv(descriptor, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) <= 0
    }
}
