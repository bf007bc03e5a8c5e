import CompanionAPI
import CompanionCrypto
import Hummingbird

/// `GET /companion/pairing/v2/offer`, `POST /companion/pairing/v2/exchange`, `POST /companion/pairing/v2/confirm`:
/// the CPace pairing exchange (``PairingProtocolV2``), beside the brief's v1 `pairing/complete`. Open, like v1:
/// the code is the credential, and here it never crosses the wire.
struct PairingV2Routes {
    let pairing: PairingManager
    let bodyLimit: Int

    func register(on group: RouterGroup<SidecarRequestContext>) {
        group.get("offer") { _, _ in try JSONBody.response(try await pairing.offer()) }
        group.post("exchange") { request, context in try await exchange(request, context: context) }
        group.post("confirm") { request, context in try await confirm(request, context: context) }
    }

    func exchange(_ request: Request, context: SidecarRequestContext) async throws -> Response {
        guard let body = try await JSONBody.decode(PairingExchangeRequest.self, from: request, limit: bodyLimit)
        else { throw SidecarError.badRequest("the request body is empty") }
        let name = try PairingRoutes.validatedName(body.deviceName)
        let key: Ed25519PublicKey
        do { key = try Ed25519PublicKey(base64: body.devicePublicKey) } catch {
            throw SidecarError(.invalidPublicKey, "devicePublicKey must be a base64 Ed25519 public key (32 bytes)")
        }
        guard key.isValidPoint else {
            throw SidecarError(
                .invalidPublicKey, "devicePublicKey is not a usable Ed25519 public key (small order or not canonical)")
        }
        guard let share = Base64URL.decode(body.share), Ristretto255.isValidElement(share) else {
            throw SidecarError.badRequest("share must be a base64url ristretto255 element (32 bytes)")
        }
        var certificate: [UInt8]?
        if let text = body.tlsCertificate {
            guard let digest = Base64URL.decode(text), digest.count == 32, body.tlsPin != nil else {
                throw SidecarError.badRequest(
                    "tlsCertificate must be the base64url SHA-256 of the certificate (32 bytes), sent with tlsPin")
            }
            certificate = digest
        }
        let response = try await pairing.exchange(
            pairingID: body.pairingId, deviceName: name, devicePublicKey: key, share: share, seenTLSPin: body.tlsPin,
            seenTLSCertificate: certificate, peer: context.peerDescription)
        return try JSONBody.response(response)
    }

    func confirm(_ request: Request, context: SidecarRequestContext) async throws -> Response {
        guard let body = try await JSONBody.decode(PairingConfirmRequest.self, from: request, limit: bodyLimit)
        else { throw SidecarError.badRequest("the request body is empty") }
        guard let tag = Base64URL.decode(body.confirmation), tag.count == 64 else {
            throw SidecarError.badRequest("confirmation must be a base64url HMAC-SHA-512 tag (64 bytes)")
        }
        let response = try await pairing.confirm(
            pairingID: body.pairingId, exchangeID: body.exchangeId, confirmation: tag, peer: context.peerDescription)
        return try JSONBody.response(response)
    }
}
