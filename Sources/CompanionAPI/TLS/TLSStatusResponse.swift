import Foundation

/// Body of signed `GET /companion/tls` (scope `read`): the pin of the TLS key the sidecar serves now and, while a
/// rotation is announced (`companion sidecar tls rotate`), the next key's pin and when the sidecar switches to it.
///
/// ```json
/// {"ok":true,"current":"sha256//…","next":"sha256//…","switchAt":"2026-12-04T10:00:00.000Z"}
/// ```
/// A paired companion stores `next` and accepts both keys until `switchAt`, the new one only after it.
public struct TLSStatusResponse: Codable, Sendable, Equatable {
    public var ok = true
    /// The pin of the key served now.
    public var current: TLSPin
    /// The pin of the announced next key; absent when no rotation is announced.
    public var next: TLSPin?
    /// When the sidecar starts serving ``next``; absent with it.
    public var switchAt: Date?

    public init(current: TLSPin, next: TLSPin? = nil, switchAt: Date? = nil) {
        self.current = current
        self.next = next
        self.switchAt = switchAt
    }
}

/// Body of the owner socket's `POST /tls/rotate`: the next TLS key (its 32 raw bytes, base64; the owner's CLI
/// made it and keeps it in the sidecar's vault) and when to switch to it. Travels only over the owner socket.
public struct TLSRotateRequest: Codable, Sendable {
    public var nextKey: String
    public var switchAt: Date

    public init(nextKey: String, switchAt: Date) {
        self.nextKey = nextKey
        self.switchAt = switchAt
    }
}
