import AsyncHTTPClient
import CompanionAPI
import Foundation
import NIOCore
import NIOHTTP1

/// HTTP over the owner socket (``OwnerSocket``), with AsyncHTTPClient's `http+unix` transport.
struct OwnerSocketClient: Sendable {
    let socketPath: String
    var timeout: TimeAmount = .seconds(10)
    /// Largest answer read (an audit listing of 10,000 rows fits).
    static let maxAnswerBytes = 16 * 1024 * 1024

    func get<T: Decodable>(_ path: String, as type: T.Type) async throws -> T {
        try await send(.GET, path, as: type)
    }

    func delete<T: Decodable>(_ path: String, as type: T.Type) async throws -> T {
        try await send(.DELETE, path, as: type)
    }

    func put<T: Decodable>(_ path: String, as type: T.Type) async throws -> T {
        try await send(.PUT, path, as: type)
    }

    func post<T: Decodable>(_ path: String, json body: some Encodable, as type: T.Type) async throws -> T {
        try await send(.POST, path, body: try CompanionJSON.encode(body), as: type)
    }

    private func send<T: Decodable>(
        _ method: HTTPMethod, _ path: String, body requestBody: Data? = nil, as type: T.Type
    ) async throws -> T {
        guard let url = URL(httpURLWithSocketPath: socketPath, uri: path) else {
            throw OwnerControlError(
                .invalidInput, "the owner socket path \(socketPath) cannot be used", hint: "pass a shorter --data-dir")
        }
        var request = HTTPClientRequest(url: url.absoluteString)
        request.method = method
        if let requestBody {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(bytes: requestBody))
        }
        let body: ByteBuffer
        let status: UInt
        do {
            let response = try await HTTPClient.shared.execute(request, timeout: timeout)
            status = response.status.code
            body = try await response.body.collect(upTo: Self.maxAnswerBytes)
        } catch {
            throw OwnerControlError(
                .unreachable, "the sidecar's owner socket \(socketPath) does not answer",
                hint:
                    "the sidecar may still be starting: retry in a moment (`companion sidecar service status` shows it)"
            )
        }
        let data = Data(body.readableBytesView)
        guard (200..<300).contains(status) else {
            let detail = try? CompanionJSON.decode(APIErrorResponse.self, from: data)
            let message =
                detail.map { TerminalSafeText.escaped($0.error.message) } ?? "the sidecar answered HTTP \(status)"
            switch status {
            case 404:
                throw OwnerControlError(.notFound, message, hint: "list the devices: companion sidecar devices list")
            case 403:
                throw OwnerControlError(
                    .refused, message,
                    hint:
                        "run the command as the user that runs the sidecar, from a terminal of your own (not an agent)")
            case 400: throw OwnerControlError(.invalidInput, message, hint: "see `companion sidecar --help`")
            default: throw OwnerControlError(.badAnswer, message, hint: "see the sidecar's log, then retry")
            }
        }
        do {
            return try CompanionJSON.decode(T.self, from: data)
        } catch {
            throw OwnerControlError(
                .badAnswer, "the owner socket's answer could not be read",
                hint: "the sidecar may be a different version: restart it with this `companion`")
        }
    }
}
