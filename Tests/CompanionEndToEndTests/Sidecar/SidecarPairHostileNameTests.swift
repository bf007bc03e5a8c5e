import CompanionAPI
import CompanionTestSupport
import Foundation
import Testing

/// `companion sidecar pair` against a sidecar that reports names the current one would refuse (an older or a
/// hostile one): what it prints holds no raw control, bidi or separator character.
@Suite struct SidecarPairHostileNameTests {
    static let hostile = "evil\u{202E}txt.exe\u{2028}x\u{1B}]0;pwned\u{07}\u{200B}"

    @Test func pairPrintsTheDeviceAndWorkstationNamesEscaped() async throws {
        let polls = Counter()
        let payload = try CompanionJSON.encode(
            QRPayload(
                url: "http://127.0.0.1:7878", name: "ws\u{202E}\u{1B}[2J", code: "123456",
                token: String(repeating: "A", count: 43), expiresAt: Date().addingTimeInterval(60)))
        let start = try CompanionJSON.encode(
            PairingStartResponse(
                code: "123456", expiresAt: Date().addingTimeInterval(60),
                qrPayload: String(decoding: payload, as: UTF8.self)))
        let device = CompanionDevice(id: "dev\u{202E}1", name: Self.hostile, connectedAt: Date(), lastSeenAt: Date())
        let connected = try CompanionJSON.encode(CompanionStatusResponse(connected: true, connectedDevice: device))
        let server = try LoopbackHTTPServer { request in
            switch request.path {
            case "/companion/pairing/start":
                return .init(json: String(decoding: start, as: UTF8.self))
            case "/companion/status":
                return polls.next() == 0
                    ? .init(json: #"{"ok":true,"connected":false,"connectedDevice":null}"#)
                    : .init(json: String(decoding: connected, as: UTF8.self))
            default:
                return .init(status: 404, json: #"{"ok":false,"error":{"code":"not_found","message":"no"}}"#)
            }
        }
        defer { server.stop() }
        let binary = TestPaths.companionBinary.path
        let result = try await ProcessRunner.run(binary, ["sidecar", "pair", "--url", server.baseURL])
        #expect(result.status == 0, "\(result.stderr)")
        let text = result.stdout + result.stderr
        let raw = text.unicodeScalars.filter { [0x1B, 0x07, 0x202E, 0x2028, 0x200B].contains($0.value) }
        #expect(raw.isEmpty, "\(text)")
        #expect(text.contains(#"paired with evil\u{202E}txt.exe\u{2028}x\x1b]0;pwned\x07\u{200B}"#), "\(text)")
        #expect(text.contains(#"ws\u{202E}\x1b[2J"#), "\(text)")
    }
}

/// A thread-safe counter.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    /// The current value, then one more.
    func next() -> Int {
        lock.withLock {
            defer { value += 1 }
            return value
        }
    }
}
