import CompanionAPI
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The one client for the companion endpoints of a sidecar.
///
/// Every call either returns the decoded body of a 2xx answer or throws ``CompanionClientError``.
/// Input is validated before anything is sent. Redirects are not followed.
public struct CompanionAPIClient: Sendable {
    /// The sidecar's base URL, already accepted by ``SidecarURLPolicy``.
    public let baseURL: URL
    /// Signs requests to endpoints that require it; nil before pairing.
    public let signer: (any RequestSigning)?
    private let transport: HTTPTransport

    /// A client for the sidecar at `baseURL` (validated with ``SidecarURLPolicy``), with a per-request timeout.
    public init(baseURL: String, timeout: TimeInterval = 10, signer: (any RequestSigning)? = nil)
        throws(CompanionClientError)
    {
        self.baseURL = try SidecarURLPolicy.validate(baseURL)
        self.signer = signer
        self.transport = HTTPTransport(timeout: timeout)
    }

    /// `GET /health`.
    public func health() async throws(CompanionClientError) -> HealthResponse {
        try await send(.health, body: nil, as: HealthResponse.self)
    }

    /// `GET /companion/status`; with `signed` (and a signer), signed, so a sidecar that no longer trusts this
    /// device answers 401 instead of the open status.
    public func status(signed: Bool = false) async throws(CompanionClientError) -> CompanionStatusResponse {
        try await send(signed ? .signedStatus : .status, body: nil, as: CompanionStatusResponse.self)
    }

    /// `POST /companion/pairing/start`, optionally asking for a lifetime in seconds.
    public func startPairing(ttlSeconds: Int? = nil) async throws(CompanionClientError) -> PairingStartResponse {
        let body = try encode(PairingStartRequest(ttlSeconds: ttlSeconds))
        return try await send(.pairingStart, body: body, as: PairingStartResponse.self)
    }

    /// `POST /companion/pairing/complete`. The code and name are checked before sending.
    ///
    /// The answer is returned as is: a `connected: false` answer is not a pairing (see `CompanionPairing`).
    public func completePairing(_ request: PairingCompleteRequest) async throws(CompanionClientError)
        -> PairingCompleteResponse
    {
        guard PairingCode.isValid(request.pairingCode) else { throw .validation(.invalidCode) }
        guard DeviceNameRule.isValid(request.deviceName) else { throw .validation(.invalidDeviceName) }
        return try await send(.pairingComplete, body: encode(request), as: PairingCompleteResponse.self)
    }

    /// `POST /companion/disconnect`.
    public func disconnect() async throws(CompanionClientError) -> CompanionStatusResponse {
        try await send(.disconnect, body: nil, as: CompanionStatusResponse.self)
    }

    /// `GET /companion/devices`.
    public func devices() async throws(CompanionClientError) -> DevicesListResponse {
        try await send(.devices, body: nil, as: DevicesListResponse.self)
    }

    /// `DELETE /companion/devices/:id`. The id is checked before sending.
    public func revokeDevice(id: String) async throws(CompanionClientError) -> CompanionStatusResponse {
        guard Self.isPrintable(id, maxLength: 128) else { throw .validation(.invalidDeviceID) }
        return try await send(.revokeDevice(id: id), body: nil, as: CompanionStatusResponse.self)
    }

    /// True when `text` has 1 to `maxLength` characters and no control characters.
    static func isPrintable(_ text: String, maxLength: Int) -> Bool {
        !text.isEmpty && text.count <= maxLength
            && !text.unicodeScalars.contains { CharacterSet.controlCharacters.contains($0) }
    }

    private func encode<T: Encodable>(_ value: T) throws(CompanionClientError) -> Data {
        do { return try CompanionJSON.encode(value) } catch {
            throw .validation(.invalidRequest("the request body could not be encoded"))
        }
    }

    /// Sends one request and decodes the answer.
    func send<T: Decodable>(_ endpoint: CompanionEndpoint, body: Data?, as type: T.Type)
        async throws(CompanionClientError) -> T
    {
        let url = URL(string: baseURL.absoluteString + endpoint.path)!
        var request = URLRequest(url: url)
        request.httpMethod = endpoint.method
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let body {
            request.httpBody = body
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        if endpoint.requiresSignature, let signer {
            let signable = SignableRequest(
                method: endpoint.method, pathAndQuery: url.path(percentEncoded: true), body: body ?? Data())
            let headers: [String: String]
            do { headers = try signer.headers(for: signable) } catch {
                throw .validation(.invalidRequest("the request could not be signed: \(error)"))
            }
            for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        }
        let (data, status) = try await transport.perform(request, displayURL: baseURL.absoluteString)
        return try ResponseDecoder.decode(type, data: data, status: status, endpoint: endpoint)
    }
}
