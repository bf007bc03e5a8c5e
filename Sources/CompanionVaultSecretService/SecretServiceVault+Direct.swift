import CompanionVault

/// Choosing between the direct D-Bus read path and libsecret.
extension SecretServiceVault {
    /// Runs `body` on the direct path, or `otherwise` (libsecret) when there is none. An error answer of the
    /// service is reported as it is (libsecret would get the same answer), and so is a timeout (libsecret would wait
    /// as long again); any other failure of the path itself (the connection dropped, a malformed answer) retires
    /// the direct path for this vault and runs `otherwise` instead. Call inside ``serialized(_:)``.
    func direct<T>(
        _ operation: String, _ body: (SecretServiceBus) throws(SecretServiceBusError) -> T,
        otherwise: () throws -> T
    ) throws -> T {
        guard let bus else { return try otherwise() }
        do {
            return try body(bus)
        } catch .remote(let name, let message) {
            throw SecretServiceBusError.remote(name: name, message: message).vaultError(operation: operation)
        } catch .timedOut {
            self.bus = nil
            throw SecretServiceBusError.timedOut.vaultError(operation: operation)
        } catch {
            self.bus = nil
            return try otherwise()
        }
    }
}
