import CompanionAPI
import Hummingbird

/// `GET /health` and `GET /openapi.yaml`.
struct HealthRoutes {
    let version: String
    let openAPIDocument: String?

    func register(on router: Router<SidecarRequestContext>) {
        router.get("health") { _, _ in try JSONBody.response(HealthResponse(version: version)) }
        router.get("openapi.yaml") { _, _ in
            guard let document = openAPIDocument else {
                throw SidecarError.notFound("the OpenAPI document is not installed next to this binary")
            }
            var headers = HTTPFields()
            headers[.contentType] = "application/yaml; charset=utf-8"
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: document)))
        }
    }
}
