import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A loopback TCP proxy the tests control: it forwards connections to a target port, and can break WebSocket
/// connections mid-stream or refuse new ones, to exercise a client's fallback against a real server.
public final class TCPProxy: @unchecked Sendable {
    /// The port the proxy listens on (127.0.0.1).
    public let port: Int
    private let targetPort: Int
    private let listener: Int32
    private let lock = NSLock()
    private var connections: [(client: Int32, upstream: Int32, isWebSocket: Bool)] = []
    private var refusing = false
    private var stopped = false
    private var upgrades = 0
    private var heldUntil: Date?
    /// WebSocket upgrades passed through so far.
    public var webSocketUpgrades: Int { lock.withLock { upgrades } }

    /// Starts listening on an ephemeral loopback port.
    public init(targetPort: Int) throws {
        self.targetPort = targetPort
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.listener = listener
        var yes: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = Self.loopback(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(listener, 64) == 0 else { throw POSIXError(.EADDRINUSE) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread { [self] in acceptLoop() }.start()
    }

    /// While true, new WebSocket upgrade requests are answered 503 (plain HTTP still passes).
    public func refuseWebSockets(_ refuse: Bool) {
        lock.withLock { refusing = refuse }
    }

    /// Breaks every open WebSocket connection (both directions), as a network failure would.
    public func dropWebSockets() {
        // Under the lock: a connection's descriptors are closed under it too (``serve(_:)``), so none is shut down
        // after its number was reused by another socket of this process (the test's own, or another test's).
        lock.withLock {
            for connection in connections where connection.isWebSocket {
                shutdown(connection.client, Int32(SHUT_RDWR))
                shutdown(connection.upstream, Int32(SHUT_RDWR))
            }
        }
    }

    /// Holds every byte of every connection, both ways, for `seconds`, then passes it on: nothing is lost or closed,
    /// as on a network (or a machine) that goes silent for a while.
    public func holdTraffic(for seconds: TimeInterval) {
        lock.withLock { heldUntil = Date().addingTimeInterval(seconds) }
    }

    /// Waits while traffic is held (``holdTraffic(for:)``).
    private func waitWhileHeld() {
        while let until = lock.withLock({ heldUntil }), Date() < until {
            Thread.sleep(forTimeInterval: min(0.05, max(0, until.timeIntervalSinceNow)))
        }
    }

    /// Stops accepting and breaks every connection.
    /// The listening descriptor is never closed (its number cannot be reused while a shutdown may still reach it).
    public func stop() {
        lock.withLock {
            stopped = true
            shutdown(listener, Int32(SHUT_RDWR))
            for connection in connections {
                shutdown(connection.client, Int32(SHUT_RDWR))
                shutdown(connection.upstream, Int32(SHUT_RDWR))
            }
        }
    }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            if client < 0 {
                if errno == EINTR { continue }
                return
            }
            if lock.withLock({ stopped }) {
                close(client)
                return
            }
            Thread { [self] in serve(client) }.start()
        }
    }

    private func serve(_ client: Int32) {
        var first = [UInt8](repeating: 0, count: 64 * 1024)
        let count = read(client, &first, first.count)
        guard count > 0 else {
            close(client)
            return
        }
        let head = String(decoding: first[0..<count], as: UTF8.self).lowercased()
        let isWebSocket = head.contains("upgrade: websocket")
        if isWebSocket && lock.withLock({ refusing }) {
            // Like a reverse proxy without WebSocket support: an HTTP error instead of the upgrade.
            let answer = "HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
            _ = Self.writeAll(client, Array(answer.utf8))
            close(client)
            return
        }
        let upstream = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = Self.loopback(port: targetPort)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(upstream, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0, Self.writeAll(upstream, Array(first[0..<count])) else {
            close(upstream)
            close(client)
            return
        }
        lock.withLock {
            connections.append((client, upstream, isWebSocket))
            if isWebSocket { upgrades += 1 }
        }
        let done = DispatchSemaphore(value: 0)
        Thread { self.pump(from: upstream, to: client, done: done) }.start()
        pump(from: client, to: upstream, done: nil)
        done.wait()
        lock.withLock {
            connections.removeAll { $0.client == client }
            close(client)
            close(upstream)
        }
    }

    private func pump(from source: Int32, to destination: Int32, done: DispatchSemaphore?) {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = read(source, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            if count > 0 { waitWhileHeld() }
            if count <= 0 || !Self.writeAll(destination, Array(buffer[0..<count])) { break }
        }
        shutdown(destination, Int32(SHUT_RDWR))
        shutdown(source, Int32(SHUT_RDWR))
        done?.signal()
    }

    private static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { return false }
            offset += written
        }
        return true
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }
}
