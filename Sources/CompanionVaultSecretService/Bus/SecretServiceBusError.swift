import CompanionVault

/// What went wrong on the direct Secret Service path, before it becomes a ``VaultError``.
enum SecretServiceBusError: Error, Equatable {
    /// No session bus address, or nothing listening at it.
    case noSessionBus(String)
    /// The bus closed the connection or a system call on it failed.
    case disconnected
    /// No answer before the deadline.
    case timedOut
    /// The bus refused the authentication or the `Hello`.
    case rejected
    /// Bytes from the bus that are not valid D-Bus.
    case wire(DBusWireError)
    /// The service answered with a D-Bus error.
    case remote(name: String, message: String)
    /// An answer of the wrong shape, or from another peer than the one that opened the session.
    case unexpectedReply(String)
    /// The transfer session's key agreement or a secret's decryption failed.
    case cryptography(String)

    /// The error a person acts on, in the terms the libsecret path uses for the same situations.
    func vaultError(operation: String) -> VaultError {
        switch self {
        case .noSessionBus(let detail): return .secretServiceUnavailable(.noSessionBus, detail: detail)
        case .remote(let name, let message)
        where name == "org.freedesktop.DBus.Error.ServiceUnknown" || name.hasPrefix("org.freedesktop.DBus.Error.Spawn")
            || name == "org.freedesktop.DBus.Error.NameHasNoOwner":
            return .secretServiceUnavailable(.noDaemon, detail: message)
        case .remote(let name, let message): return .secretService(operation: operation, detail: "\(name): \(message)")
        case .disconnected: return .secretService(operation: operation, detail: "the session bus closed the connection")
        case .timedOut: return .secretService(operation: operation, detail: "the Secret Service did not answer in time")
        case .rejected: return .secretServiceUnavailable(.noSessionBus, detail: "the session bus refused this user")
        case .wire(let error): return .secretService(operation: operation, detail: "malformed D-Bus message (\(error))")
        case .unexpectedReply(let detail): return .secretService(operation: operation, detail: detail)
        case .cryptography(let detail): return .secretService(operation: operation, detail: detail)
        }
    }
}
