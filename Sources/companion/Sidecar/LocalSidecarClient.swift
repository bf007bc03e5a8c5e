import CompanionAPI
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The two calls `companion sidecar pair` makes to the sidecar on this machine.
struct LocalSidecarClient {
    let baseURL: URL

    func status() async throws -> CompanionStatusResponse {
        try await send("GET", "companion/status", body: nil)
    }

    /// The loopback-only result of the last completed pairing (with its verification code).
    func lastPairing() async throws -> LastPairing? {
        let body: LastPairingBody = try await send("GET", "companion/pairing/last", body: nil)
        return body.pairing
    }

    func startPairing(ttlSeconds: Int?) async throws -> PairingStartResponse {
        let body = try CompanionJSON.encode(PairingStartRequest(ttlSeconds: ttlSeconds))
        return try await send("POST", "companion/pairing/start", body: body)
    }

    private func send<T: Decodable>(_ method: String, _ path: String, body: Data?) async throws -> T {
        var request = URLRequest(url: baseURL.appendingPathComponent(path), timeoutInterval: 10)
        request.httpMethod = method
        if let body {
            request.httpBody = body
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await URLSession.shared.data(for: request)
        } catch {
            throw CLIFailure(
                .network, "cannot reach the sidecar at \(baseURL.absoluteString): \(error.localizedDescription)",
                hint: "start it with `companion sidecar serve`, or pass --url")
        }
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard status == 200 else {
            let detail = (try? CompanionJSON.decode(APIErrorResponse.self, from: data))?.error
            let hint =
                detail?.code == APIErrorCode.forbidden.rawValue
                ? "pairing can only be started on the workstation itself: use a loopback --url such as http://127.0.0.1:7878"
                : "check the sidecar's log"
            throw CLIFailure(
                .server, "the sidecar refused: \(detail?.message ?? "HTTP \(status)")", hint: hint)
        }
        do {
            return try CompanionJSON.decode(T.self, from: data)
        } catch {
            throw CLIFailure(
                .server, "the sidecar at \(baseURL.absoluteString) answered something that is not the pairing API",
                hint: "check --url")
        }
    }
}

/// Body of `GET /companion/pairing/last`.
struct LastPairingBody: Decodable {
    var pairing: LastPairing?
}

/// The last completed pairing as the workstation shows it.
struct LastPairing: Decodable {
    var deviceId: String
    var deviceName: String
    var verificationCode: String?
}
