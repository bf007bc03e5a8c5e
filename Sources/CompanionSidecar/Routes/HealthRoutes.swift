import CompanionAPI
import Hummingbird

/// `GET /health` and `GET /openapi.yaml`, and `HEAD` of both (same status and headers, no body).
struct HealthRoutes {
    let version: String
    let openAPIDocument: String?

    func register(on router: Router<SidecarRequestContext>) {
        router.get("health") { _, _ in try health() }
        router.head("health") { _, _ in try Self.headOnly(health()) }
        router.get("openapi.yaml") { _, _ in try openAPI() }
        router.head("openapi.yaml") { _, _ in try Self.headOnly(openAPI()) }
    }

    private func health() throws -> Response { try JSONBody.response(HealthResponse(version: version)) }

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
