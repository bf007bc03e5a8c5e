import CompanionAPI
import CompanionPush
import Foundation

/// Web Push of the sidecar (`companion sidecar serve --push-hosts`, `--push-detail`, `--push-subject`): the VAPID
/// key, which push services a subscription may name, how much a notification says.
package struct PushSettings: Sendable {
    /// The public browser push services: Chrome and Edge's (FCM), Firefox's (autopush), Windows' (WNS, whose hosts
    /// are `*.notify.windows.com`) and Safari's (Apple's).
    package static let defaultHosts = [
        "fcm.googleapis.com", "updates.push.services.mozilla.com", "notify.windows.com", "web.push.apple.com",
    ]

    /// The sidecar's VAPID key (RFC 8292), kept in its vault by the CLI.
    package var vapidKey: VAPIDKey
    /// Host suffixes a subscription's endpoint must end in: the host itself or a subdomain of it
    /// (`notify.windows.com` admits `wns2-par02p.notify.windows.com`, never `evilnotify.windows.com`).
    package var hosts: [String] = PushSettings.defaultHosts
    /// How much a notification says (``PushDetail``); `none` by default.
    package var detail: PushDetail = .none
    /// The VAPID `sub` claim: a `mailto:` or `https:` URL the push service may contact; nil: the sidecar's public
    /// URL.
    package var subject: String?
    /// How long a push service keeps an undelivered message (the `TTL` header), in seconds.
    package var timeToLive = 600
    /// Waits before the retries of a message a push service answered 429 or 5xx (or did not answer).
    package var retryDelays: [Duration] = [.seconds(1), .seconds(4)]
    /// How long one attempt may take (connect, TLS, answer).
    package var attemptTimeout: Duration = .seconds(10)
    /// Subscriptions one device may hold.
    package var maxSubscriptionsPerDevice = 8
    /// HTTP clients kept for reuse, one per push service address (``PushClientPool``).
    package var maxClients = 16
    /// How long a client nobody used is kept (its idle connections close after AsyncHTTPClient's 60 s anyway).
    package var clientIdleLifetime: Duration = .seconds(300)
    /// Test-only relaxations: never set by `companion sidecar serve` (no option reaches it).
    package var testing: Testing?

    package init(vapidKey: VAPIDKey) { self.vapidKey = vapidKey }

    /// What only an in-process test may relax, to reach a push service it runs on this machine: the addresses
    /// such a service has are exactly the ones the sidecar refuses otherwise. No command-line option or setting
    /// sets these; docs/push.md says why.
    package struct Testing: Sendable {
        /// Admit loopback addresses (and only them, of the refused ranges) for hosts on ``PushSettings/hosts``.
        package var allowsLoopback: Bool
        /// Extra trust roots (PEM) for the push service's certificate, besides the system's.
        package var trustRootsPEM: String?
        /// The resolver in place of the system's: every address of a host (4 or 16 bytes each), which the address
        /// rules then check as they check the system resolver's answer (a test changes what a name resolves to).
        package var resolver: (@Sendable (String, Int) async -> [[UInt8]])?

        package init(
            allowsLoopback: Bool, trustRootsPEM: String? = nil,
            resolver: (@Sendable (String, Int) async -> [[UInt8]])? = nil
        ) {
            self.allowsLoopback = allowsLoopback
            self.trustRootsPEM = trustRootsPEM
            self.resolver = resolver
        }
    }
}
