import CompanionTestSupport
import Foundation

/// Sends requests through a probe and keeps every answer as an OpenAPI sample (method, operation template,
/// status, body) for Tests/OpenAPI/check_openapi.py. Call it like a function: `try await record("GET", template,
/// path)`.
final class SampleRecorder {
    let probe: HTTPProbe
    /// Headers added to each request from its method, path and body (e.g. a device's signature).
    let sign: (_ method: String, _ path: String, _ body: Data?) -> [String: String]
    private(set) var samples: [OpenAPITests.Sample] = []

    init(_ probe: HTTPProbe, sign: @escaping (String, String, Data?) -> [String: String] = { _, _, _ in [:] }) {
        self.probe = probe
        self.sign = sign
    }

    @discardableResult
    func callAsFunction(
        _ method: String, _ template: String, _ path: String, _ body: Data? = nil, headers: [String: String] = [:]
    ) async throws -> HTTPReply {
        let signature = sign(method, path, body)
        let reply = try await probe.send(method, path, body: body, headers: headers.merging(signature) { $1 })
        samples.append(
            OpenAPITests.Sample(
                method: method, path: template, status: reply.status, body: String(decoding: reply.body, as: UTF8.self))
        )
        return reply
    }
}
