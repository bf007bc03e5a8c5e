import CompanionAPI
import CompanionSidecar
import CompanionTestSupport
import Foundation
import Testing

/// The OpenAPI document is valid 3.1 and every live answer matches it (Tests/OpenAPI/check_openapi.py,
/// openapi-spec-validator + jsonschema from PyPI).
@Suite struct OpenAPITests {
    /// The Python tools the check needs (scripts/test.sh installs them; a missing one fails the test, never skips it).
    static func requireTools() async throws {
        let check = try await ProcessRunner.run("python3", ["-c", "import openapi_spec_validator, jsonschema, yaml"])
        try #require(check.status == 0, "needs: pip install openapi-spec-validator jsonschema pyyaml\n\(check)")
    }

    struct Sample: Encodable {
        var method: String
        var path: String
        var status: Int
        var body: String
    }

    @Test func liveAnswersMatchTheDocument() async throws {
        try await Self.requireTools()
        let fixture = try SidecarFixture()
        defer { fixture.remove() }
        var samples = try await fixture.live { probe, _ in try await Self.exercise(probe, clock: fixture.clock) }
        samples += try await Self.refusals()
        samples += try await Self.exercisePush()
        try await Self.check(samples, in: fixture)
    }

    /// Validates `samples` against the document with Tests/OpenAPI/check_openapi.py.
    static func check(_ samples: [Sample], in fixture: SidecarFixture) async throws {
        let file = fixture.directory.appendingPathComponent("samples.json")
        try JSONEncoder().encode(samples).write(to: file)
        let spec = TestPaths.packageRoot.appendingPathComponent("Sources/CompanionSidecar/Resources/openapi.yaml")
        let script = TestPaths.packageRoot.appendingPathComponent("Tests/OpenAPI/check_openapi.py")
        let result = try await ProcessRunner.run("python3", [script.path, spec.path, file.path])
        #expect(result.status == 0, "\(result.output)")
    }

    /// Calls every operation, reaching every documented status that a client can provoke.
    static func exercise(_ probe: HTTPProbe, clock: ManualClock) async throws -> [Sample] {
        let record = SampleRecorder(probe)
        let complete = "/companion/pairing/complete"
        let phone = TestDevice()
        _ = try await record("GET", "/health", "/health")
        _ = try await record("GET", "/openapi.yaml", "/openapi.yaml")
        _ = try await record("HEAD", "/health", "/health")
        _ = try await record("HEAD", "/openapi.yaml", "/openapi.yaml")
        _ = try await record("GET", "/companion/status", "/companion/status")
        _ = try await record("GET", "/companion/devices", "/companion/devices")
        _ = try await record("GET", "/companion/pairing/last", "/companion/pairing/last")  // null
        _ = try await record("POST", complete, complete, try phone.completeBody(code: "123456"))  // 410
        _ = try await record("POST", "/companion/pairing/start", "/companion/pairing/start", Data("{".utf8))  // 400
        // Pairing v2 on a sidecar without an identity key: no offer (404); malformed v2 bodies (400).
        let offer = "/companion/pairing/v2/offer"
        let exchange = "/companion/pairing/v2/exchange"
        let confirm = "/companion/pairing/v2/confirm"
        _ = try await record("GET", offer, offer)  // 404
        _ = try await record("POST", exchange, exchange, Data("{".utf8))  // 400
        _ = try await record(
            "POST", confirm, confirm, Data(#"{"pairingId":"x","exchangeId":"y","confirmation":"z"}"#.utf8))  // 400
        _ = try await record("POST", complete, complete, Data(repeating: 32, count: 10_000))  // 413
        var started = try await record("POST", "/companion/pairing/start", "/companion/pairing/start")
            .decode(PairingStartResponse.self)
        _ = try await record("POST", complete, complete, try phone.completeBody(code: "12345x"))  // 400
        for _ in 0..<5 {  // 401 ×4, then 429
            _ = try await record(
                "POST", complete, complete, try phone.completeBody(code: otherCode(than: started.code)))
        }
        let cancel = "/companion/pairing/cancel"
        _ = try await record("POST", cancel, cancel, Data("{}".utf8))  // 400
        _ = try await record(
            "POST", cancel, cancel, try CompanionJSON.encode(PairingCancelRequest(pairingToken: "not-the-token")))
        started = try await record("POST", "/companion/pairing/start", "/companion/pairing/start")
            .decode(PairingStartResponse.self)
        let paired = try await record("POST", complete, complete, try phone.completeBody(code: started.code))
        let id = try paired.decode(PairingCompleteResponse.self).connectedDevice!.id
        _ = try await record("GET", "/companion/pairing/last", "/companion/pairing/last")
        _ = try await record("GET", "/companion/status", "/companion/status")
        _ = try await record("GET", "/companion/devices", "/companion/devices")
        _ = try await record("GET", "/companion/tls", "/companion/tls")  // 404: loopback only, no TLS key
        _ = try await record("POST", "/companion/disconnect", "/companion/disconnect")
        _ = try await record("DELETE", "/companion/devices/{id}", "/companion/devices/\(id)")
        _ = try await record("DELETE", "/companion/devices/{id}", "/companion/devices/\(id)")  // 404
        return record.samples + (try await exerciseTasks(probe, clock: clock))
    }
}
