import CompanionAPI
import CompanionAgents
import Foundation
import HTTPTypes
import Hummingbird

/// The owner socket's routes: `GET /devices`, `DELETE /devices/:id`, `PUT /devices/:id/scopes?set=LIST`,
/// `POST /pairing/start`, `GET /audit?limit=N`, `GET /audit/verify`, and `POST /hooks/claude-code`, where
/// `companion hook` delivers Claude Code's hook events (open to every owner process, agents included: it is how
/// hooks arrive). They act in the running sidecar, so a revocation
/// takes effect at once (the trusted-key cache is emptied on commit and open log streams of the device are closed).
///
/// Adding power (a scope change that adds a scope, a pairing with `control` or `admin`) is refused with 403 to a
/// peer that runs under an agent (``PeerAncestry``); lowering scopes, revoking and reading are every owner
/// process's, so a runaway agent can still be stopped from another.
struct OwnerRoutes {
    let registry: Registry
    let pairing: PairingManager
    let agents: AgentsService?
    let now: @Sendable () -> Date

    /// Peer recorded in the audit log for the owner's own actions.
    static let auditPeer = "owner"
    /// Most audit rows one listing returns.
    static let maxAuditRows = 10_000

    func register(on router: Router<OwnerRequestContext>) {
        router.get("devices") { _, _ in
            try JSONBody.response(DevicesListResponse(devices: try await registry.devices().map(\.listed)))
        }
        router.delete("devices/:id") { _, context in
            let id = try context.parameters.require("id")
            return try JSONBody.response(try await OwnerActions(registry: registry, now: now).revoke(id: id))
        }
        router.put("devices/:id/scopes") { request, context in
            let id = try context.parameters.require("id")
            let scopes: Set<DeviceScope>
            do { scopes = try DeviceScope.parse(request.uri.queryParameters.get("set") ?? "") } catch {
                throw SidecarError.badRequest("\(error)")
            }
            return try JSONBody.response(
                try await OwnerActions(registry: registry, now: now).setScopes(
                    scopes, id: id, refusingRaise: context.addingPowerRefusal))
        }
        router.post("pairing/start") { request, context in
            let body = try await JSONBody.decode(
                PairingStartRequest.self, from: request, limit: 4096, optional: true)
            let scopes = body?.scopes.map(Set.init) ?? DeviceScope.pairingDefault
            if !scopes.isSubset(of: DeviceScope.pairingDefault), let refusal = context.addingPowerRefusal {
                throw SidecarError.forbidden(refusal)
            }
            return try JSONBody.response(
                try await pairing.start(ttlSeconds: body?.ttlSeconds, scopes: scopes, peer: Self.auditPeer))
        }
        router.post(RouterPath(CompanionAgents.hookPath)) { request, _ in
            guard let agents else {
                throw SidecarError.notFound("agent sessions are off on this sidecar (--no-agents): no hook is taken")
            }
            let body = try await JSONBody.collect(request, limit: ClaudeHookEvent.maxBodyBytes)
            let agent = request.headers[HTTPField.Name(CompanionAgents.agentHeader)!]
            return JSONBody.response(
                encoded: try await agents.receiveHook(body: body, agentHeader: agent), status: .ok)
        }
        router.get("audit") { request, _ in
            let limit = try Self.auditLimit(request.uri.queryParameters.get("limit"))
            return try JSONBody.response(try await OwnerActions(registry: registry, now: now).audit(limit: limit))
        }
        router.get("audit/verify") { _, _ in
            try JSONBody.response(try await OwnerActions(registry: registry, now: now).verifyAudit())
        }
    }

    /// The `limit` query: 1 to ``maxAuditRows``, default 50.
    static func auditLimit(_ text: String?) throws(SidecarError) -> Int {
        guard let text else { return 50 }
        guard let value = Int(text), value >= 1, value <= maxAuditRows else {
            throw .badRequest("limit must be a number from 1 to \(maxAuditRows)")
        }
        return value
    }
}

/// What the owner can do, on a registry: shared by the owner socket (sidecar running) and
/// ``OwnerControl`` (sidecar stopped, the registry opened directly under the data directory's lock).
struct OwnerActions {
    let registry: Registry
    let now: @Sendable () -> Date

    /// Revokes `id`, or 404 when no trusted device has it.
    func revoke(id: String) async throws -> OwnerRevokeResponse {
        guard id.utf8.count <= 128,
            let status = try await registry.revoke(id: id, at: now(), peer: OwnerRoutes.auditPeer)
        else { throw SidecarError.notFound("no trusted device has the id \(id.prefix(64))") }
        return OwnerRevokeResponse(revoked: id, status: status)
    }

    /// Sets what the device `id` may do, or 404 when no trusted device has it; with `refusingRaise`, a change that
    /// adds a scope is refused with 403 and that reason.
    func setScopes(_ scopes: Set<DeviceScope>, id: String, refusingRaise: String? = nil) async throws
        -> OwnerScopesResponse
    {
        guard id.utf8.count <= 128,
            let device = try await registry.setScopes(
                scopes, deviceID: id, at: now(), peer: OwnerRoutes.auditPeer, refusingRaise: refusingRaise)
        else { throw SidecarError.notFound("no trusted device has the id \(id.prefix(64))") }
        return OwnerScopesResponse(device: device.id, scopes: DeviceScope.text(scopes))
    }

    /// The audit log's hash chain, recomputed.
    func verifyAudit() async throws -> OwnerAuditVerification {
        let report = try await registry.verifyAuditChain()
        return OwnerAuditVerification(
            intact: report.isIntact, checkedRows: report.rows, firstBrokenRow: report.firstBreak?.id,
            problem: report.firstBreak?.problem, lastHash: report.lastHash, keyedRows: report.keyedRows,
            uncheckedKeyedRows: report.uncheckedKeyedRows)
    }

    /// The newest `limit` audit rows, oldest first.
    func audit(limit: Int) async throws -> OwnerAuditResponse {
        OwnerAuditResponse(
            entries: try await registry.recentAuditLog(limit: limit).compactMap { entry in
                entry.id.map {
                    OwnerAuditEntry(
                        id: $0, at: entry.at, event: entry.event.rawValue, deviceId: entry.deviceId,
                        peer: entry.peer, detail: entry.detail, hash: entry.hash)
                }
            })
    }
}
