import Glibc

/// A private connection to the session bus that sends method calls in batches and waits for their replies on the
/// calling thread: no event loop, no worker thread. The first batch carries the authentication (`EXTERNAL`, the
/// process's user id), `BEGIN` and `Hello` in the same write, as sd-bus does, so connecting costs no round trip
/// of its own.
final class DBusConnection {
    /// One method call of a batch.
    struct Call {
        var destination: String
        var path: String
        var interface: String
        var member: String
        var arguments: [DBusValue]
    }

    private let socket: DBusSocket
    private let timeout: Duration
    private var buffer: [UInt8] = []
    /// Bytes of an unwanted message still to be dropped as they arrive.
    private var skipping = 0
    private var nextSerial: UInt32 = 1
    private var authenticated = false
    /// Set once a call failed part-way: the stream may stop in the middle of a message, so it is not used again.
    private var broken = false
    /// This connection's unique name on the bus (`:1.42`), once `Hello` was answered.
    private(set) var uniqueName: String?

    private init(socket: DBusSocket, timeout: Duration) {
        self.socket = socket
        self.timeout = timeout
    }

    /// Connects to the first session bus address that accepts a connection.
    static func session(environment: [String: String], timeout: Duration) throws(SecretServiceBusError)
        -> DBusConnection
    {
        let addresses = DBusAddress.session(environment: environment)
        guard !addresses.isEmpty else { throw .noSessionBus("DBUS_SESSION_BUS_ADDRESS is not set") }
        for address in addresses {
            if let socket = DBusSocket(address) { return DBusConnection(socket: socket, timeout: timeout) }
        }
        throw .noSessionBus("nothing accepts connections at DBUS_SESSION_BUS_ADDRESS")
    }

    /// Sends `calls` in one write and returns their replies in the same order (method returns or errors).
    func call(_ calls: [Call]) throws(SecretServiceBusError) -> [DBusMessage] {
        try call(calls, meanwhile: {}).replies
    }

    /// Sends `calls` in one write, runs `work` while the bus and the service answer, then returns the replies in
    /// the same order with `work`'s result: for work that does not depend on the answers (the transfer session's
    /// key pair while the first call travels). When `work` throws, the replies are not read and the connection is
    /// not used again.
    func call<T>(_ calls: [Call], meanwhile work: () throws(SecretServiceBusError) -> T)
        throws(SecretServiceBusError) -> (replies: [DBusMessage], result: T)
    {
        guard !broken else { throw .disconnected }
        do {
            return try exchange(calls, meanwhile: work)
        } catch {
            broken = true
            throw error
        }
    }

    private func exchange<T>(_ calls: [Call], meanwhile work: () throws(SecretServiceBusError) -> T)
        throws(SecretServiceBusError) -> (replies: [DBusMessage], result: T)
    {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        var out: [UInt8] = []
        var awaited: [UInt32] = []
        var hello: UInt32?
        if !authenticated {
            // The effective user id, which the bus compares with the socket's peer credentials (as GDBus sends).
            let uid = Array(String(geteuid()).utf8).map { String($0, radix: 16) }.joined()
            out = [0] + Array("AUTH EXTERNAL \(uid)\r\nBEGIN\r\n".utf8)
            hello = try append(
                Call(
                    destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                    interface: "org.freedesktop.DBus", member: "Hello", arguments: []), to: &out)
        }
        for call in calls { awaited.append(try append(call, to: &out)) }
        try socket.write(out, before: deadline)
        let result = try work()
        if !authenticated {
            try readAuthenticationAnswer(before: deadline)
            authenticated = true
        }
        // Arrays, not a dictionary and a set keyed by serial: a handful of serials, and instantiating those generic
        // types made the runtime look up `UInt32: Hashable`, a scan of every protocol-conformance record
        // (docs/startup.md).
        let wanted = awaited + (hello.map { [$0] } ?? [])
        var replies = [DBusMessage?](repeating: nil, count: wanted.count)
        var received = 0
        while received < wanted.count {
            let message = try nextReply(to: wanted, before: deadline)
            guard let index = wanted.firstIndex(of: message.replySerial!), replies[index] == nil else { continue }
            replies[index] = message
            received += 1
        }
        if hello != nil {
            guard let reply = replies[awaited.count], reply.kind == .methodReturn, let name = reply.body.first?.text
            else { throw .rejected }
            uniqueName = name
        }
        return (replies[0..<awaited.count].map { $0! }, result)
    }

    private func append(_ call: Call, to out: inout [UInt8]) throws(SecretServiceBusError) -> UInt32 {
        let serial = nextSerial
        nextSerial &+= 1
        let message = DBusMessage.call(
            call.destination, path: call.path, interface: call.interface, member: call.member, serial: serial,
            call.arguments)
        do { out += try message.encoded() } catch { throw .wire(error) }
        return serial
    }

    /// The server's answer to `AUTH EXTERNAL`: `OK <guid>`, anything else is a refusal.
    private func readAuthenticationAnswer(before deadline: ContinuousClock.Instant) throws(SecretServiceBusError) {
        while true {
            if let end = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = buffer[..<end]
                buffer.removeSubrange(...end)
                guard line.starts(with: Array("OK ".utf8)) else { throw .rejected }
                return
            }
            guard buffer.count < 4096 else { throw .rejected }
            buffer += try socket.read(before: deadline)
        }
    }

    /// The next reply to one of `serials`. Anything else (signals such as `NameAcquired`, which any peer can also
    /// send to this connection, and late replies) is skipped by its length without its body being read, however
    /// large; a reply larger than ``DBusMessage/maxLength`` is an error.
    private func nextReply(to serials: [UInt32], before deadline: ContinuousClock.Instant)
        throws(SecretServiceBusError) -> DBusMessage
    {
        while true {
            if skipping > 0 {
                let count = min(skipping, buffer.count)
                buffer.removeSubrange(0..<count)
                skipping -= count
                if skipping > 0 {
                    buffer += try socket.read(before: deadline)
                    continue
                }
            }
            do throws(DBusWireError) {
                if let lengths = try DBusMessage.lengths(ofMessageStarting: buffer), buffer.count >= lengths.header {
                    let header = try DBusMessage.header(Array(buffer[0..<lengths.header])).message
                    guard header.kind == .methodReturn || header.kind == .error, let serial = header.replySerial,
                        serials.contains(serial)
                    else {
                        skipping = lengths.total
                        continue
                    }
                    guard lengths.total <= DBusMessage.maxLength else { throw DBusWireError.tooLarge }
                    if buffer.count >= lengths.total {
                        let message = try DBusMessage(decoding: Array(buffer[0..<lengths.total]))
                        buffer.removeSubrange(0..<lengths.total)
                        return message
                    }
                }
            } catch {
                throw .wire(error)
            }
            buffer += try socket.read(before: deadline)
        }
    }
}
