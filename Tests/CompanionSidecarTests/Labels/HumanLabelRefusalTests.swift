import CompanionAPI
import CompanionSidecar
import CompanionTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// Names and titles are labels a person reads: control and format characters (Unicode Cc, Cf) and the line and
/// paragraph separators would let a device or a task disguise itself on the workstation's screen.
@Suite("Human labels: device names and task titles refuse control, format and separator characters")
struct HumanLabelRefusalTests {
    /// Each one is refused, as a device name and as a task title.
    static let hostile = [
        "evil\u{202E}gpj.exe", "isolate\u{2066}x", "line\u{2028}break", "para\u{2029}graph", "zero\u{200B}width",
        "joiner\u{2060}x", "bom\u{FEFF}x", "lrm\u{200E}x", "alm\u{061C}x", "esc\u{1B}]0;title\u{07}",
        "clear\u{1B}[2J", "cr\rback", "c1\u{9B}31m",
    ]

    @Test(arguments: hostile + [String(repeating: "n", count: 65)])
    func deviceNameIsRefused(name: String) async throws {
        try await completePairing(deviceName: name) { client, response in
            #expect(response.status == .badRequest)
            let error = try? CompanionJSON.decode(APIErrorResponse.self, from: Data(response.body.readableBytesView))
            #expect(error?.error.code == "bad_request")
            #expect(error?.error.message.contains("deviceName") == true, "\(String(describing: error))")
            let devices = try await client.execute(uri: "/companion/devices", method: .get)
            #expect(String(decoding: devices.body.readableBytesView, as: UTF8.self) == #"{"devices":[],"ok":true}"#)
        }
    }

    @Test(arguments: ["Ünïcödé 電話 📱", String(repeating: "n", count: 64), "Anna's phone (work)"])
    func plainDeviceNamesAreAccepted(name: String) async throws {
        try await completePairing(deviceName: name) { _, response in
            #expect(response.status == .ok)
        }
    }

    /// Starts a pairing on a fresh sidecar and completes it with `deviceName`; `check` sees the answer and can
    /// make further requests.
    func completePairing(
        deviceName: String, _ check: @escaping @Sendable (any TestClientProtocol, TestResponse) async throws -> Void
    ) async throws {
        let fixture = try SidecarFixture()
        defer { fixture.remove() }
        let started = try await fixture.sidecar.pairing.start(ttlSeconds: nil, peer: "127.0.0.1")
        let body = try TestDevice(name: deviceName).completeBody(code: started.code, token: nil)
        try await fixture.sidecar.makeApplication().test(.router) { client in
            let response = try await client.execute(
                uri: "/companion/pairing/complete", method: .post, body: ByteBuffer(bytes: Array(body)))
            try await check(client, response)
        }
    }

    @Test(arguments: hostile)
    func taskTitleIsRefused(title: String) async throws {
        let harness = try TaskHarness(command: nil)
        try await harness.live { port in
            let body = try CompanionJSON.encode(CreateTaskRequest(title: title))
            let (status, error) = try await rawRequest("POST", "http://127.0.0.1:\(port)/v1/tasks", body: body)
            #expect(status == 400)
            #expect(error?.error.code == "bad_request")
            #expect(error?.error.message.contains("title") == true, "\(String(describing: error))")
            #expect(try await TaskHarness.client(port: port).list().isEmpty)
        }
    }
}
