import HTTPTypes
import Hummingbird

/// The headers every file of the phone web app is served with (SECURITY.md, "The phone web app").
///
/// - `Content-Security-Policy`: scripts, styles, images, connections, workers and the manifest from this origin
///   only (`default-src 'self'`, no `'unsafe-inline'`, no `'unsafe-eval'`), no plugins (`object-src 'none'`), no
///   framing (`frame-ancestors 'none'`), no `<base>` (`base-uri 'none'`), forms only to this origin.
/// - `Referrer-Policy: no-referrer`: no URL of the app (whose fragment can hold a pairing secret) leaves in a
///   `Referer`.
/// - `Cross-Origin-Opener-Policy: same-origin`, `Cross-Origin-Resource-Policy: same-origin`: no other page keeps
///   a handle on the app's window or embeds its files.
/// - `X-Content-Type-Options: nosniff`, `X-Frame-Options: DENY` (for browsers without `frame-ancestors`).
enum WebAppHeaders {
    static let contentSecurityPolicy =
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
        + "worker-src 'self'; manifest-src 'self'; font-src 'none'; object-src 'none'; frame-src 'none'; "
        + "frame-ancestors 'none'; base-uri 'none'; form-action 'self'"

    static var common: HTTPFields {
        var fields = HTTPFields()
        fields[.contentSecurityPolicy] = contentSecurityPolicy
        fields[.referrerPolicy] = "no-referrer"
        fields[.crossOriginOpenerPolicy] = "same-origin"
        fields[.crossOriginResourcePolicy] = "same-origin"
        fields[.xContentTypeOptions] = "nosniff"
        fields[.xFrameOptions] = "DENY"
        fields[.permissionsPolicy] = "camera=(), microphone=(), geolocation=(), payment=(), usb=()"
        return fields
    }
}

extension HTTPField.Name {
    static let contentSecurityPolicy = Self("Content-Security-Policy")!
    static let referrerPolicy = Self("Referrer-Policy")!
    static let crossOriginOpenerPolicy = Self("Cross-Origin-Opener-Policy")!
    static let crossOriginResourcePolicy = Self("Cross-Origin-Resource-Policy")!
    static let xContentTypeOptions = Self("X-Content-Type-Options")!
    static let xFrameOptions = Self("X-Frame-Options")!
    static let permissionsPolicy = Self("Permissions-Policy")!
}
