import Foundation
import HTTPTypes
import Hummingbird

/// The signed-request headers of a WebSocket upgrade from a browser, which cannot set headers on one.
///
/// A page opens `new WebSocket(url, ["companionkit.sign", "ck.d.<device>", "ck.t.<ms>", "ck.n.<nonce>",
/// "ck.s.<signature, base64url>"])`: the browser sends these as `Sec-WebSocket-Protocol`. For a `GET` that offers
/// `companionkit.sign` and carries no signed-request header, this middleware moves them into the four
/// `X-Companion-*` headers (the signature back to base64), so the route's own guard verifies them exactly as a
/// CLI's (the same canonical form: `GET`, the path and query, an empty body). The upgrade's answer names
/// `companionkit.sign` as the chosen protocol, as browsers require. Nothing is trusted here: a malformed offer
/// just leaves the request unsigned.
struct BrowserSignedUpgrade: RouterMiddleware {
    typealias Context = SidecarRequestContext

    static let protocolName = "companionkit.sign"

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard request.method == .get, let offered = request.headers[.secWebSocketProtocol],
            let fields = Self.signedFields(offered)
        else { return try await next(request, context) }
        var head = request.head
        guard SignedRequestFields.all.allSatisfy({ head.headerFields[$0] == nil }) else {
            return try await next(request, context)
        }
        for (field, value) in zip(SignedRequestFields.all, fields) { head.headerFields[field] = value }
        var response = try await next(Request(head: head, body: request.body), context)
        if response.status == .ok { response.headers[.secWebSocketProtocol] = Self.protocolName }
        return response
    }

    /// The values of the four headers (device, timestamp, nonce, signature) from a `Sec-WebSocket-Protocol` list
    /// offering ``protocolName``, or nil.
    static func signedFields(_ offered: String) -> [String]? {
        let values = offered.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard values.contains(protocolName) else { return nil }
        func value(_ prefix: String) -> String? {
            values.first { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }.flatMap {
                $0.isEmpty ? nil : $0
            }
        }
        guard let device = value("ck.d."), let timestamp = value("ck.t."), let nonce = value("ck.n."),
            let signature = value("ck.s.")
        else { return nil }
        var base64 = signature.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.utf8.count % 4 != 0 { base64 += "=" }
        return [device, timestamp, nonce, base64]  // the order of SignedRequestFields.all
    }
}
