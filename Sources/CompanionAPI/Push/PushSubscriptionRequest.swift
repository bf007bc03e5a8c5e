/// Body of `POST /companion/push/subscriptions`: a browser's `PushSubscription.toJSON()` (its `expirationTime`
/// is ignored). The endpoint must be an `https` URL on one of the sidecar's push-service hosts (`--push-hosts`).
public struct PushSubscriptionRequest: Codable, Sendable, Equatable {
    /// The keys the sidecar encrypts each message for (RFC 8291).
    public struct Keys: Codable, Sendable, Equatable {
        /// The subscription's P-256 public key: the uncompressed point, base64url.
        public var p256dh: String
        /// The subscription's 16-byte authentication secret, base64url.
        public var auth: String

        public init(p256dh: String, auth: String) {
            self.p256dh = p256dh
            self.auth = auth
        }
    }

    public var endpoint: String
    public var keys: Keys

    public init(endpoint: String, keys: Keys) {
        self.endpoint = endpoint
        self.keys = keys
    }
}

/// Answer of `POST /companion/push/subscriptions` (201).
public struct PushSubscriptionCreated: Codable, Sendable, Equatable {
    public var id: String
    public init(id: String) { self.id = id }
}

/// Answer of `GET /companion/push/vapid`: the sidecar's VAPID public key, what the browser passes to
/// `pushManager.subscribe` as `applicationServerKey`.
public struct PushVAPIDKeyResponse: Codable, Sendable, Equatable {
    /// The uncompressed P-256 point (65 bytes), base64url without padding.
    public var publicKey: String
    public init(publicKey: String) { self.publicKey = publicKey }
}
