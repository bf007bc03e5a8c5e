import CompanionAPI
import CompanionTestSupport
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One answer: status, headers, body, and helpers to decode it.
struct HTTPReply: Sendable {
    let status: Int
    let headers: [String: String]
    let body: Data

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try CompanionJSON.decode(type, from: body) }

    /// `error.code` of an error body, nil when the body is not one.
    var errorCode: String? { (try? decode(APIErrorResponse.self))?.error.code }

    func header(_ name: String) -> String? {
        headers.first { $0.key.lowercased() == name.lowercased() }?.value
    }
}

/// A real HTTP client (URLSession) against a live sidecar.
///
/// Never cancel a task while it awaits this probe: on Linux, cancelling URLSession's async API can deadlock.
struct HTTPProbe: Sendable {
    let baseURL: URL
    /// One session for all probes (no cookies, no cache).
    static let session = URLSession(configuration: .ephemeral)

    func send(
        _ method: String, _ path: String, body: Data? = nil, headers: [String: String] = [:]
    ) async throws -> HTTPReply {
        var request = URLRequest(url: URL(string: baseURL.absoluteString + path)!)
        request.httpMethod = method
        request.httpBody = body
        if body != nil { request.setValue("application/json", forHTTPHeaderField: "Content-Type") }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await Self.session.data(for: request)
        let http = response as! HTTPURLResponse
        var fields: [String: String] = [:]
        for (key, value) in http.allHeaderFields { fields["\(key)"] = "\(value)" }
        return HTTPReply(status: http.statusCode, headers: fields, body: data)
    }

    func get(_ path: String, headers: [String: String] = [:]) async throws -> HTTPReply {
        try await send("GET", path, headers: headers)
    }

    func post(_ path: String, _ body: Data? = nil, headers: [String: String] = [:]) async throws -> HTTPReply {
        try await send("POST", path, body: body, headers: headers)
    }

    /// Starts a pairing and returns the answer (the probe runs on loopback, so it is allowed).
    func startPairing(ttl: Int? = nil) async throws -> PairingStartResponse {
        let reply = try await post(
            "/companion/pairing/start", try CompanionJSON.encode(PairingStartRequest(ttlSeconds: ttl)))
        guard reply.status == 200 else {
            throw APIErrorResponse(code: .internalError, message: "start answered \(reply.status)")
        }
        return try reply.decode(PairingStartResponse.self)
    }
}

/// Runs curl, for requests URLSession will not make (a forged `Host` header, a huge body).
enum Curl {
    static func run(_ arguments: [String]) async throws -> (status: Int, body: String) {
        try await offPool { try runBlocking(arguments) }
    }

    private static func runBlocking(_ arguments: [String]) throws -> (status: Int, body: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["curl", "-sS", "-o", "-", "-w", "\n%{http_code}"] + arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return (Int(lines.last ?? "") ?? 0, lines.dropLast().joined(separator: "\n"))
    }
}
