import CompanionAPI
import Hummingbird

/// `GET /health` and `GET /openapi.yaml`, and `HEAD` of both (same status and headers, no body).
struct HealthRoutes {
    let version: String
    let openAPIDocument: String?
    /// Claude Code, whose availability and version `/health` reports (the ILS app shows them).
    let claudeCode: ClaudeRuntime?
    /// Web Push, whose delivery counts `/health` reports.
    let push: PushService?
    /// True when a listener beyond loopback serves plain HTTP (`--insecure-http`).
    var insecureHTTP = false
    /// The highest pairing exchange served: 2 with an identity key (v2 beside v1), else 1.
    var pairingVersion = QRPayload.protocolVersion

    func register(on router: Router<SidecarRequestContext>) {
        router.get("health") { _, _ in try await health() }
        router.head("health") { _, _ in try await Self.headOnly(health()) }
        router.get("openapi.yaml") { _, _ in try openAPI() }
        router.head("openapi.yaml") { _, _ in try Self.headOnly(openAPI()) }
    }

    private func health() async throws -> Response {
        var response = HealthResponse(version: version, protocolVersion: pairingVersion)
        if insecureHTTP { response.insecureHTTP = true }
        response.push = push?.health
        if let claudeCode {
            let claude = await claudeCode.health()
            response.claudeAvailable = claude.available
            response.claudeVersion = claude.version
            response.claudeProblem = claude.problem
        }
        return try JSONBody.response(response)
    }

    /// The answer to `HEAD`: the `GET` answer's status and headers (its `Content-Length` included), no body.
    private static func headOnly(_ response: Response) -> Response {
        var headers = response.headers
        if headers[.contentLength] == nil, let length = response.body.contentLength {
            headers[.contentLength] = String(length)
        }
        return Response(status: response.status, headers: headers, body: .init())
    }

    private func openAPI() throws -> Response {
        guard let document = openAPIDocument else {
            throw SidecarError.notFound("the OpenAPI document is not installed next to this binary")
        }
        var headers = HTTPFields()
        headers[.contentType] = "application/yaml; charset=utf-8"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: document)))
    }
}
