import Foundation
import Hummingbird
import Logging

/// Logs one line per request: method, path (never the query), status, duration and peer address.
///
/// Bodies and headers are never logged, so codes, tokens and keys cannot reach the log.
struct RequestLogMiddleware: RouterMiddleware {
    typealias Context = SidecarRequestContext

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let start = ContinuousClock.now
        let response: Response
        do {
            response = try await next(request, context)
        } catch {
            log(request, context: context, status: 500, since: start)
            throw error
        }
        log(request, context: context, status: Int(response.status.code), since: start)
        return response
    }

    private func log(_ request: Request, context: Context, status: Int, since start: ContinuousClock.Instant) {
        guard context.logger.logLevel <= .info else { return }
        let elapsed = ContinuousClock.now - start
        let micros = elapsed.components.seconds * 1_000_000 + elapsed.components.attoseconds / 1_000_000_000_000
        let hundredths = (micros + 5) / 10  // milliseconds with two decimals, rounded, without String(format:)
        let fraction = hundredths % 100
        let millis = "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
        let path = Self.loggablePath(request.uri.path)
        context.logger.info("\(request.method) \(path) \(status) \(millis)ms peer=\(context.peerDescription)")
    }

    /// The path, truncated and stripped of control characters so a hostile path cannot forge log lines.
    static func loggablePath(_ path: String) -> String {
        let clean = path.unicodeScalars.map { $0.properties.generalCategory == .control ? "?" : Character($0) }
        let text = String(clean)
        return text.count > 200 ? String(text.prefix(200)) + "…" : text
    }
}
