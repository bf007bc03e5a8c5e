import CompanionAPI
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sending requests and mapping answers to models or ``TaskClientError``.
extension TaskClient {
    func send<Answer: Decodable>(
        _ method: String, path: String, query: [URLQueryItem] = [], body: Data? = nil, taskID: String? = nil,
        as type: Answer.Type
    ) async throws -> Answer {
        let url = try url(path: path, query: query)
        var request = URLRequest(url: url, timeoutInterval: timeout)
        request.httpMethod = method
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let body {
            request.httpBody = body
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        for (name, value) in try authenticationHeaders(method: method, url: url, body: Array(body ?? Data())) {
            request.setValue(value, forHTTPHeaderField: name)
        }
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: request)
        } catch {
            throw TaskClientError.transport(error.localizedDescription)
        }
        guard let http = response as? HTTPURLResponse else { throw TaskClientError.malformedAnswer("not HTTP") }
        guard (200..<300).contains(http.statusCode) else {
            let detail = try? CompanionJSON.decode(APIErrorResponse.self, from: data)
            if http.statusCode == 404, let taskID { throw TaskClientError.noSuchTask(taskID) }
            throw TaskClientError.server(
                status: http.statusCode, code: detail?.error.code ?? "http_\(http.statusCode)",
                message: detail?.error.message ?? HTTPURLResponse.localizedString(forStatusCode: http.statusCode))
        }
        do {
            return try CompanionJSON.decode(Answer.self, from: data)
        } catch {
            throw TaskClientError.malformedAnswer("\(error)")
        }
    }
}
