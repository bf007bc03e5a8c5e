import CSecret
import CompanionVault

/// libsecret, loaded with `dlopen` the first time the vault needs it (writes, unlocking, listing, the audit; reads
/// speak D-Bus directly), so that commands that never write do not load it and glib at start
/// (Sources/CSystem/CSecret/shim.h, docs/startup.md).
enum Libsecret {
    /// The function table, or why libsecret could not be loaded. Loaded once per process, on first access.
    static let loaded: Result<csecret_api, VaultError> = {
        let table = UnsafeMutablePointer<csecret_api>.allocate(capacity: 1)
        defer { table.deallocate() }
        var message = [CChar](repeating: 0, count: 512)
        let status = message.withUnsafeMutableBufferPointer { csecret_load(table, $0.baseAddress!, $0.count) }
        guard status == 0 else {
            let detail = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return .failure(
                .secretService(
                    operation: "connection", detail: "cannot load libsecret (package libsecret-1-0): \(detail)"))
        }
        return .success(table.pointee)
    }()
}

/// libsecret's functions. Only used once a ``SecretServiceConnection`` exists, whose initialiser has checked that
/// ``Libsecret/loaded`` succeeded (every libsecret object and call comes from such a connection).
let libsecret: csecret_api = {
    guard case .success(let api) = Libsecret.loaded else {
        preconditionFailure("libsecret is used only after SecretServiceConnection checked that it loads")
    }
    return api
}()
