import CompanionTestSupport
import Foundation
import Glibc
import Testing

@testable import CompanionVaultSecretService

/// The bus connection against a scripted peer on a Unix socket (the real bus is exercised by
/// SecretServiceBusTests): authentication, `Hello` and the calls go out in one write, and whatever else the bus
/// sends is skipped without being decoded, however large.
struct DBusConnectionTests {
    @Test func unsolicitedMessagesAreSkippedEvenWhenLargerThanARepliesLimit() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("dbus-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("bus").path
        let listener = try ScriptedBus(path: path)
        // A signal of 20 MiB (more than a reply may be) to this connection, then the replies to Hello and the call.
        let signal = try DBusMessage(
            kind: .signal, serial: 1, path: "/x", interface: "x.y", member: "Big", sender: ":1.9",
            body: [.bytes([UInt8](repeating: 7, count: 20 << 20))]
        ).encoded()
        let hello = try DBusMessage(
            kind: .methodReturn, serial: 2, replySerial: 1, sender: "org.freedesktop.DBus", body: [.string(":1.5")]
        ).encoded()
        let answer = try DBusMessage(
            kind: .methodReturn, serial: 3, replySerial: 2, sender: ":1.9", body: [.string("pong")]
        ).encoded()
        // Both sides block. The peer starts on a thread of its own before the client connects, and the client runs
        // off the tests' shared pool too: under load the pool may have no thread to spare for either of them.
        let script = Array("OK 0123\r\n".utf8) + signal + hello + answer
        let served = Finished<[UInt8]>()
        Thread.detachNewThread { served.finish(Result { try listener.serve(answer: script) }) }
        let (replies, uniqueName) = try await offPool {
            let connection = try DBusConnection.session(
                environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=\(path)"], timeout: .seconds(30))
            let replies = try connection.call([
                .init(destination: "x.y", path: "/x", interface: "x.y", member: "Ping", arguments: [.string("ping")])
            ])
            return (replies.map(\.body), connection.uniqueName)
        }
        #expect(replies == [[.string("pong")]])
        #expect(uniqueName == ":1.5")
        let received = try await offPool { try served.wait() }
        // The client's first write: NUL, AUTH EXTERNAL with its effective uid in hex, BEGIN, then two messages.
        let uid = Array(String(geteuid()).utf8).map { String(format: "%02x", $0) }.joined()
        #expect(received.starts(with: [0] + Array("AUTH EXTERNAL \(uid)\r\nBEGIN\r\n".utf8)))
    }

    /// `call(_:meanwhile:)` runs its work after the calls went out and before their answers are read: the peer
    /// holds its answer until the work has seen the request arrive, and the work's result comes back with the
    /// replies. Work run before the write would wait for a request that never came; work run after the answers
    /// would leave the peer to answer without it (both within the 30 s the two sides wait for each other).
    @Test func workGivenForTheWaitRunsBetweenSendingAndReading() async throws {
        let (listener, path, directory) = try Self.scriptedBus()
        defer { try? FileManager.default.removeItem(at: directory) }
        let requestArrived = DispatchSemaphore(value: 0)
        let workDone = DispatchSemaphore(value: 0)
        let served = Finished<Bool>()
        Thread.detachNewThread {
            served.finish(
                Result {
                    var answeredAfterWork = false
                    _ = try listener.serve(answer: Self.pingAnswers) {
                        requestArrived.signal()
                        answeredAfterWork = workDone.wait(timeout: .now() + 30) == .success
                    }
                    return answeredAfterWork
                })
        }
        let (replies, result) = try await offPool {
            let connection = try DBusConnection.session(
                environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=\(path)"], timeout: .seconds(60))
            let (replies, result) = try connection.call([Self.ping]) { () throws(SecretServiceBusError) in
                guard requestArrived.wait(timeout: .now() + 30) == .success else {
                    throw .unexpectedReply("the work ran before the request was sent")
                }
                workDone.signal()
                return 42
            }
            return (replies.map(\.body), result)
        }
        #expect(replies == [[.string("pong")]])
        #expect(result == 42)
        #expect(try await offPool { try served.wait() })
    }

    /// Work that fails ends the call with its error, and the connection, whose answers were left unread, is not
    /// used again.
    @Test func failedWorkRetiresTheConnection() async throws {
        let (listener, path, directory) = try Self.scriptedBus()
        defer { try? FileManager.default.removeItem(at: directory) }
        let served = Finished<[UInt8]>()
        Thread.detachNewThread { served.finish(Result { try listener.serve(answer: Self.pingAnswers) }) }
        let (first, second) = try await offPool {
            let connection = try DBusConnection.session(
                environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=\(path)"], timeout: .seconds(60))
            var first: SecretServiceBusError?
            do throws(SecretServiceBusError) {
                _ = try connection.call([Self.ping]) { () throws(SecretServiceBusError) -> Int in
                    throw .cryptography("no key pair")
                }
            } catch { first = error }
            var second: SecretServiceBusError?
            do throws(SecretServiceBusError) { _ = try connection.call([Self.ping]) } catch { second = error }
            return (first, second)
        }
        #expect(first == .cryptography("no key pair"))
        #expect(second == .disconnected)
        // The peer's answer may meet the closed connection (EPIPE): only its end is waited for.
        _ = try await offPool { try? served.wait() }
    }

    private static let ping = DBusConnection.Call(
        destination: "x.y", path: "/x", interface: "x.y", member: "Ping", arguments: [.string("ping")])

    /// The authentication's `OK`, then the replies to `Hello` (serial 1) and to the first call (serial 2).
    private static var pingAnswers: [UInt8] {
        let hello = try! DBusMessage(
            kind: .methodReturn, serial: 2, replySerial: 1, sender: "org.freedesktop.DBus", body: [.string(":1.5")]
        ).encoded()
        let answer = try! DBusMessage(
            kind: .methodReturn, serial: 3, replySerial: 2, sender: ":1.9", body: [.string("pong")]
        ).encoded()
        return Array("OK 0123\r\n".utf8) + hello + answer
    }

    private static func scriptedBus() throws -> (ScriptedBus, path: String, directory: URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("dbus-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("bus").path
        return (try ScriptedBus(path: path), path, directory)
    }
}

/// The result of work on another thread, waited for with a semaphore (off the shared pool, through `offPool`).
private final class Finished<T: Sendable>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var result: Result<T, any Error>?

    func finish(_ result: Result<T, any Error>) {
        self.result = result
        done.signal()
    }

    func wait() throws -> T {
        done.wait()
        return try result!.get()
    }
}

/// A one-connection Unix socket server that answers with fixed bytes and returns what it received.
private final class ScriptedBus: @unchecked Sendable {
    private let descriptor: Int32

    init(path: String) throws {
        descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in path.utf8.enumerated() { raw[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard bound == 0, listen(descriptor, 1) == 0 else { throw POSIXError(.EADDRINUSE) }
    }

    deinit { close(descriptor) }

    /// Accepts one connection, reads the client's first write, runs `received`, sends `answer`, and returns what it
    /// read.
    func serve(answer: [UInt8], received: () -> Void = {}) throws -> [UInt8] {
        let client = accept(descriptor, nil, nil)
        guard client >= 0 else { throw POSIXError(.ECONNABORTED) }
        defer { close(client) }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { throw POSIXError(.ECONNRESET) }
        received()
        var sent = 0
        while sent < answer.count {
            let written = answer[sent...].withUnsafeBytes {
                send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard written > 0 else { throw POSIXError(.EPIPE) }
            sent += written
        }
        return Array(buffer[0..<count])
    }
}
