import CompanionCrypto

/// A v2 run after the sidecar answered `exchange`: the keys it derived and the device it would register once
/// the companion's confirmation checks. Single use; never outlives its pairing.
struct PendingExchange: Sendable {
    /// Names the run in `confirm` (public).
    let id: String
    /// The CPace keys (the ISK never leaves the sidecar).
    let keys: CPaceKeys
    let deviceName: String
    /// Base64, validated.
    let devicePublicKey: String
}
