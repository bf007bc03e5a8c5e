import CSodium

/// Process-wide libsodium initialisation. `sodium_init()` runs exactly once, on first use.
public enum Sodium {
    private static let initialized: Bool = {
        sodium_init() >= 0
    }()

    /// Initialises libsodium if it has not been yet. Safe to call from any thread, any number of times.
    public static func ensureInitialized() {
        precondition(initialized, "libsodium failed to initialise")
    }
}
