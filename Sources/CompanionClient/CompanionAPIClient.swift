import CompanionAPI
import Foundation

/// The client of the companion endpoints of a sidecar (the pairing brief's contract).
///
/// Every call either returns the decoded body of a 2xx answer or throws ``CompanionClientError``.
/// Input is validated before anything is sent. Requests go through ``SidecarTransport``: no redirects, a
/// size cap on answers, signatures only where the endpoint takes one.
public struct CompanionAPIClient: Sendable {
    /// The transport: base URL, authentication, timeout.
    public let transport: SidecarTransport

    /// The sidecar's base URL, already accepted by ``SidecarURLPolicy``.
    public var baseURL: URL { transport.baseURL }
    /// Signs requests to endpoints that require it; nil before pairing.
    public var signer: (any RequestSigning)? { transport.authentication.signer }

    /// A client for the sidecar at `baseURL` (validated with ``SidecarURLPolicy``), with a per-request timeout
    /// in seconds, accepting over `https://` what `tls` accepts.
    public init(
        baseURL: String, timeout: TimeInterval = 10, signer: (any RequestSigning)? = nil,
        tls: SidecarTLSPolicy = .systemTrust
    ) throws(CompanionClientError) {
        transport = try SidecarTransport(
            baseURL: baseURL, authentication: SidecarAuthentication(signer: signer),
            timeout: .milliseconds(Int64((timeout * 1000).rounded())), tls: tls)
    }

    /// A client over an existing transport.
    public init(transport: SidecarTransport) {
        self.transport = transport
    }

    /// `GET /health`.
    public func health() async throws(CompanionClientError) -> HealthResponse {
        try await send(.health, body: nil, as: HealthResponse.self)
    }

    /// `GET /companion/status`; with `signed` (and a signer), signed, so a sidecar that no longer trusts this
    /// device answers 401 instead of the open status.
    /// Signed, the answer carries the audit witness fields, with `auditSince` the hash of that row too.
    public func status(signed: Bool = false, auditSince: Int64? = nil) async throws(CompanionClientError)
        -> CompanionStatusResponse
    {
        let endpoint: CompanionEndpoint =
            signed ? auditSince.map { .signedStatus(auditSince: $0) } ?? .signedStatus : .status
        return try await send(endpoint, body: nil, as: CompanionStatusResponse.self)
    }

    /// `POST /companion/pairing/start`, optionally asking for a lifetime in seconds (the workstation only).
    public func startPairing(ttlSeconds: Int? = nil, scopes: Set<DeviceScope>? = nil) async throws(CompanionClientError)
        -> PairingStartResponse
    {
        let body = try encode(PairingStartRequest(ttlSeconds: ttlSeconds, scopes: scopes.map { $0.sorted() }))
        return try await send(.pairingStart, body: body, as: PairingStartResponse.self)
    }

    /// `POST /companion/pairing/cancel` (the workstation only): cancels the open pairing with this token; false
    /// when it had already ended.
    public func cancelPairing(token: String) async throws(CompanionClientError) -> Bool {
        let body = try encode(PairingCancelRequest(pairingToken: token))
        return try await send(.pairingCancel, body: body, as: PairingCancelResponse.self).cancelled
    }

    /// `GET /companion/pairing/last` (the workstation only): the last completed pairing, nil before any.
    public func lastPairing() async throws(CompanionClientError) -> CompletedPairing? {
        try await send(.pairingLast, body: nil, as: LastPairingResponse.self).pairing
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

    func encodeBody<T: Encodable>(_ value: T) throws(CompanionClientError) -> Data { try encode(value) }

    private func encode<T: Encodable>(_ value: T) throws(CompanionClientError) -> Data {
        do { return try CompanionJSON.encode(value) } catch {
            throw .validation(.invalidRequest("the request body could not be encoded"))
        }
    }

    /// Sends one request and decodes the answer.
    func send<T: Decodable>(_ endpoint: CompanionEndpoint, body: Data?, as type: T.Type)
        async throws(CompanionClientError) -> T
    {
        let (status, data) = try await transport.send(endpoint, body: body)
        return try ResponseDecoder.decode(type, data: data, status: status, endpoint: endpoint)
    }
}
