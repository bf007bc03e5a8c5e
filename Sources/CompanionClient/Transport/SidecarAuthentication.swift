import Foundation

/// How requests to a sidecar authenticate: a request signer (this device's key, once paired), the task
/// endpoints' API key, both, or nothing.
///
/// Each endpoint says what it accepts (``CompanionEndpoint/auth``); nothing is added to the others, so
/// `/health` and pairing never carry a signature, and the API key only goes to the task endpoints.
public struct SidecarAuthentication: Sendable {
    /// Signs requests to endpoints that take a signature; nil sends them unsigned.
    public var signer: (any RequestSigning)?
    /// Sent as `X-API-Key` (task endpoints) or `Authorization: Bearer` (`/api/v1`) to the endpoints that accept it.
    public var apiKey: String?

    /// No authentication.
    public static let none = SidecarAuthentication()

    public init(signer: (any RequestSigning)? = nil, apiKey: String? = nil) {
        self.signer = signer
        self.apiKey = apiKey
    }

    /// The header fields for `endpoint` sent below the base URL path `basePath` with `body`.
    func headers(for endpoint: CompanionEndpoint, basePath: String, body: Data) throws(CompanionClientError)
        -> [(String, String)]
    {
        var headers: [(String, String)] = []
        if endpoint.auth == .signatureOrAPIKey, let apiKey { headers.append(("X-API-Key", apiKey)) }
        if endpoint.auth == .signatureOrBearer, let apiKey { headers.append(("Authorization", "Bearer \(apiKey)")) }
        guard endpoint.auth != .none, let signer else { return headers }
        let prefix = basePath.hasSuffix("/") ? String(basePath.dropLast()) : basePath
        let signable = SignableRequest(
            method: endpoint.method, pathAndQuery: prefix + endpoint.pathAndQuery, body: body)
        do {
            headers += try signer.headers(for: signable).sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        } catch {
            throw .validation(.invalidRequest("the request could not be signed"))
        }
        return headers
    }
}
