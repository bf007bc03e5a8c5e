import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// URLSession data tasks with a timeout, no cookies, no cache, no redirects; transport errors mapped to
/// ``NetworkFailure``.
struct HTTPTransport: Sendable {
    /// Largest answer body accepted, in bytes.
    static let maxBodyBytes = 1 << 20

    let session: URLSession

    init(timeout: TimeInterval) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        session = URLSession(configuration: configuration, delegate: RedirectRefusal(), delegateQueue: nil)
    }

    /// Performs `request`; returns the body and HTTP status, or throws a network error naming `displayURL`.
    func perform(_ request: URLRequest, displayURL: String) async throws(CompanionClientError) -> (Data, Int) {
        let result: Result<(Data, Int), CompanionClientError> = await withCheckedContinuation { continuation in
            let task = session.dataTask(with: request) { data, response, error in
                if let error {
                    continuation.resume(returning: .failure(.network(Self.failure(for: error), url: displayURL)))
                } else if let http = response as? HTTPURLResponse {
                    if (300..<400).contains(http.statusCode) {
                        continuation.resume(returning: .failure(.network(.redirected, url: displayURL)))
                    } else {
                        continuation.resume(returning: .success((data ?? Data(), http.statusCode)))
                    }
                } else {
                    continuation.resume(returning: .failure(.network(.other("not an HTTP answer"), url: displayURL)))
                }
            }
            task.resume()
        }
        return try result.get()
    }

    /// Maps a URLSession error to a ``NetworkFailure``.
    static func failure(for error: any Error) -> NetworkFailure {
        guard let urlError = error as? URLError else {
            return .other(String(describing: error).prefix(200).description)
        }
        switch urlError.code {
        case .cannotConnectToHost: return .refused
        case .notConnectedToInternet, .networkConnectionLost, .dataNotAllowed, .internationalRoamingOff:
            return .offline
        case .cannotFindHost, .dnsLookupFailed: return .hostNotFound
        case .timedOut: return .timedOut
        case .httpTooManyRedirects, .redirectToNonExistentLocation: return .redirected
        default: return .other(urlError.localizedDescription.prefix(200).description)
        }
    }
}

/// Refuses every redirect, so that a code or signature is only ever sent to the URL the person chose.
private final class RedirectRefusal: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
