import Glibc

/// A Unix socket to the bus, used from the calling thread only: non-blocking, so every wait is a `poll` with the
/// call's deadline (a bus whose listen queue is full refuses at once rather than blocking the connect).
final class DBusSocket {
    private let descriptor: Int32

    /// Connects to `address`; nil when nothing listens there (the caller tries the next address).
    init?(_ address: DBusAddress) {
        let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
        let descriptor = socket(AF_UNIX, type, 0)
        guard descriptor >= 0 else { return nil }
        var storage = sockaddr_un()
        storage.sun_family = sa_family_t(AF_UNIX)
        let (name, abstract): (String, Bool) =
            switch address {
            case .path(let path): (path, false)
            case .abstract(let name): (name, true)
            }
        let bytes = Array(name.utf8)
        let capacity = MemoryLayout.size(ofValue: storage.sun_path)
        let offset = abstract ? 1 : 0
        guard bytes.count + offset < capacity else {
            close(descriptor)
            return nil
        }
        withUnsafeMutableBytes(of: &storage.sun_path) { raw in
            for (index, byte) in bytes.enumerated() { raw[offset + index] = byte }
        }
        // An abstract name's length is exact (no terminating NUL); a path's includes the NUL.
        let length = MemoryLayout<sa_family_t>.size + offset + bytes.count + (abstract ? 0 : 1)
        let connected = withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(length)) }
        }
        guard connected == 0 else {
            close(descriptor)
            return nil
        }
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Writes all of `bytes` before `deadline`.
    func write(_ bytes: [UInt8], before deadline: ContinuousClock.Instant) throws(SecretServiceBusError) {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes {
                send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if count > 0 {
                sent += count
            } else if count < 0, errno == EINTR {
                continue
            } else if count < 0, errno == EAGAIN {
                try wait(for: Int16(POLLOUT), before: deadline)
            } else {
                throw .disconnected
            }
        }
    }

    /// Reads what is available (at least one byte) before `deadline`.
    func read(before deadline: ContinuousClock.Instant) throws(SecretServiceBusError) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: 16384)
        while true {
            try wait(for: Int16(POLLIN), before: deadline)
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count > 0 { return Array(buffer[0..<count]) }
            if count < 0, errno == EINTR || errno == EAGAIN { continue }
            throw .disconnected
        }
    }

    private func wait(for events: Int16, before deadline: ContinuousClock.Instant) throws(SecretServiceBusError) {
        while true {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { throw .timedOut }
            let milliseconds = left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000
            var entry = pollfd(fd: descriptor, events: events, revents: 0)
            let ready = poll(&entry, 1, Int32(clamping: max(1, milliseconds)))
            if ready > 0 { return }
            if ready < 0, errno != EINTR { throw .disconnected }
        }
    }
}
