/// Body of every error answer: `{ "ok": false, "error": { "code": "...", "message": "..." } }`.
public struct APIErrorResponse: Codable, Sendable, Equatable, Error {
    /// Machine-readable error code and human-readable message.
    public struct Detail: Codable, Sendable, Equatable {
        public var code: String
        public var message: String

        public init(code: String, message: String) {
            self.code = code
            self.message = message
        }
    }

    public var ok: Bool
    public var error: Detail

    public init(code: APIErrorCode, message: String) {
        self.ok = false
        self.error = Detail(code: code.rawValue, message: message)
    }
}

/// The error codes the sidecar uses, with the HTTP status each goes with.
public enum APIErrorCode: String, Sendable, CaseIterable {
    case badRequest = "bad_request"  // 400: malformed JSON or fields
    case invalidCodeFormat = "invalid_code_format"  // 400: code is not ^[0-9]{6}$
    case invalidPublicKey = "invalid_public_key"  // 400
    case pushEndpointRefused = "push_endpoint_refused"  // 400: not https, not a push-service host, private address
    case wrongCode = "wrong_code"  // 401
    case wrongToken = "wrong_token"  // 401
    case unauthorized = "unauthorized"  // 401: missing or bad request signature
    case forbidden = "forbidden"  // 403: e.g. pairing/start from a non-loopback peer
    case notFound = "not_found"  // 404
    case noActivePairing = "no_active_pairing"  // 410
    case pairingExpired = "pairing_expired"  // 410
    case pairingUsed = "pairing_used"  // 410
    case pairingBurned = "pairing_burned"  // 429: too many failed attempts
    case payloadTooLarge = "payload_too_large"  // 413
    case conflict = "conflict"  // 409
    case tlsKeyMismatch = "tls_key_mismatch"  // 409: the TLS key a v2 companion saw is not the sidecar's
    case internalError = "internal_error"  // 500: never for bad input
    case unavailable = "unavailable"  // 503: the sidecar cannot serve the request now (e.g. its disk is full)

    /// The HTTP status that goes with this code.
    public var httpStatus: Int {
        switch self {
        case .badRequest, .invalidCodeFormat, .invalidPublicKey, .pushEndpointRefused: 400
        case .wrongCode, .wrongToken, .unauthorized: 401
        case .forbidden: 403
        case .notFound: 404
        case .conflict, .tlsKeyMismatch: 409
        case .noActivePairing, .pairingExpired, .pairingUsed: 410
        case .payloadTooLarge: 413
        case .pairingBurned: 429
        case .internalError: 500
        case .unavailable: 503
        }
    }
}
