import CompanionAPI
import CompanionCrypto
import Foundation
import HTTPTypes
import Hummingbird

/// `POST /companion/pairing/start` and `POST /companion/pairing/complete`.
struct PairingRoutes {
    let pairing: PairingManager
    let gate: LocalOnlyGate
    let bodyLimit: Int

    func register(on group: RouterGroup<SidecarRequestContext>) {
        group.post("start") { request, context in try await start(request, context: context) }
        group.post("complete") { request, context in try await complete(request, context: context) }
        group.post("cancel") { request, context in try await cancel(request, context: context) }
    }

    /// Only the workstation itself may start a pairing (``LocalOnlyGate``: a loopback peer, no proxy, a `Host`
    /// naming this machine; a web page whose domain was rebound to 127.0.0.1 sends its own domain).
    func start(_ request: Request, context: SidecarRequestContext) async throws -> Response {
        try gate.check(request, context: context, action: "pairing can be started")
        let body = try await JSONBody.decode(PairingStartRequest.self, from: request, limit: bodyLimit, optional: true)
        try Self.checkScopes(body?.scopes, origin: request.headers[.origin])
        let response = try await pairing.start(
            ttlSeconds: body?.ttlSeconds, scopes: body?.scopes.map(Set.init), peer: context.peerDescription)
        return try JSONBody.response(response)
    }

    /// Scopes a loopback TCP `pairing/start` may ask for: none from a browser (a request with `Origin`), and only
    /// within ``DeviceScope/pairingDefault`` otherwise, since any process of any local user reaches loopback (a tool
    /// Claude Code runs included). `control` and `admin` are paired through the owner socket only.
    static func checkScopes(_ scopes: [DeviceScope]?, origin: String?) throws(SidecarError) {
        guard let scopes else { return }
        if origin != nil {
            throw .forbidden(
                "a web page may not choose a pairing's scopes (the request has an Origin header); start the pairing "
                    + "with `companion sidecar pair` on the workstation")
        }
        guard Set(scopes).isSubset(of: DeviceScope.pairingDefault) else {
            throw .forbidden(
                "pairings with control or admin are started only through the owner socket: run `companion sidecar "
                    + "pair --scopes \(DeviceScope.text(Set(scopes)))` on the workstation, in a terminal of your own")
        }
    }

    /// Cancels the pairing whose token the body names; like `start`, only from the workstation itself.
    func cancel(_ request: Request, context: SidecarRequestContext) async throws -> Response {
        try gate.check(request, context: context, action: "a pairing can be cancelled")
        guard let body = try await JSONBody.decode(PairingCancelRequest.self, from: request, limit: bodyLimit),
            !body.pairingToken.isEmpty, body.pairingToken.utf8.count <= 256
        else { throw SidecarError.badRequest("the body must be {\"pairingToken\": \"…\"}") }
        let cancelled = try await pairing.cancel(token: body.pairingToken, peer: context.peerDescription)
        return try JSONBody.response(PairingCancelResponse(cancelled: cancelled))
    }

    func complete(_ request: Request, context: SidecarRequestContext) async throws -> Response {
        guard let body = try await JSONBody.decode(PairingCompleteRequest.self, from: request, limit: bodyLimit)
        else { throw SidecarError.badRequest("the request body is empty") }
        guard PairingCode.isValid(body.pairingCode) else {
            throw SidecarError(.invalidCodeFormat, "the pairing code must be exactly 6 digits")
        }
        if let token = body.pairingToken, token.isEmpty || token.utf8.count > 256 {
            throw SidecarError.badRequest("the pairing token is malformed")
        }
        let name = try Self.validatedName(body.deviceName)
        let key: Ed25519PublicKey
        do { key = try Ed25519PublicKey(base64: body.devicePublicKey) } catch {
            throw SidecarError(.invalidPublicKey, "devicePublicKey must be a base64 Ed25519 public key (32 bytes)")
        }
        guard key.isValidPoint else {
            throw SidecarError(
                .invalidPublicKey, "devicePublicKey is not a usable Ed25519 public key (small order or not canonical)")
        }
        let status = try await pairing.complete(
            code: body.pairingCode, token: body.pairingToken, name: name, publicKey: key.base64,
            peer: context.peerDescription)
        return try JSONBody.response(status)
    }

    /// The name trimmed of surrounding white space, if ``DeviceNameRule`` accepts it; 400 otherwise.
    static func validatedName(_ raw: String) throws(SidecarError) -> String {
        let name = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        if let problem = DeviceNameRule.problem(name) { throw .badRequest(problem) }
        return name
    }
}
