import CSecret
import CompanionVault
import Foundation

/// A connection to the Secret Service with an open transfer session. Whether the default collection exists and
/// is unlocked is checked by ``ensureDefaultCollectionUnlocked()``, which the vault calls before it writes and
/// when a read finds a locked item: a read of an unlocked keyring costs no more round trips than `secret-tool`'s.
final class SecretServiceConnection: @unchecked Sendable {
    /// libsecret's synchronous calls are serialised: they spin private main contexts and share a
    /// process-wide service proxy.
    static let lock = NSLock()

    let service: UnsafeMutablePointer<SecretService>
    /// The documented ``CredentialSchema`` as libsecret's `SecretSchema`.
    let schema: UnsafeMutablePointer<SecretSchema>

    /// Connects and opens a transfer session.
    /// Throws ``VaultError/secretServiceUnavailable(_:detail:)`` explaining what is missing.
    init() throws {
        // Collections are not preloaded: loading them loads every item, which races with other processes
        // deleting items and fails with "No such secret item".
        if case .failure(let error) = Libsecret.loaded { throw error }
        do {
            service = try GLibError.check { libsecret.secret_service_get_sync(SECRET_SERVICE_OPEN_SESSION, nil, $0) }!
        } catch let error as GLibError {
            throw Self.classify(error)
        }
        schema = CredentialSchema.make()
    }

    deinit {
        libsecret.secret_schema_unref(schema)
        libsecret.g_object_unref(service)
    }

    /// Maps a connection failure to the situation a person can act on.
    static func classify(_ error: GLibError) -> VaultError {
        let detail = error.message
        if let remote = error.remoteName,
            remote == "org.freedesktop.DBus.Error.ServiceUnknown"
                || remote.hasPrefix("org.freedesktop.DBus.Error.Spawn")
                || remote == "org.freedesktop.DBus.Error.NameHasNoOwner"
        {
            return .secretServiceUnavailable(.noDaemon, detail: detail)
        }
        if error.remoteName == nil,
            error.domain == "g-io-error-quark" || detail.contains("autolaunch") || detail.contains("DBUS_SESSION_BUS")
        {
            return .secretServiceUnavailable(.noSessionBus, detail: detail)
        }
        return .secretService(operation: "connection", detail: detail)
    }

    /// The transfer algorithm of the session: `plain` means secrets cross D-Bus unencrypted.
    var sessionAlgorithm: String {
        libsecret.secret_service_get_session_algorithms(service).map { String(cString: $0) } ?? "none"
    }

    /// The collection behind the `default` alias, or nil. The caller unrefs it.
    func defaultCollection() throws -> UnsafeMutablePointer<SecretCollection>? {
        do {
            return try GLibError.check {
                libsecret.secret_collection_for_alias_sync(service, "default", SECRET_COLLECTION_NONE, nil, $0)
            }
        } catch let error as GLibError {
            throw VaultError.secretServiceUnavailable(.noDefaultCollection, detail: error.message)
        }
    }

    /// Throws ``VaultError/secretServiceUnavailable(_:detail:)`` unless a default collection exists and is
    /// unlocked (unlocking it through the desktop's prompt when there is a desktop).
    func ensureDefaultCollectionUnlocked() throws {
        guard let collection = try defaultCollection() else {
            throw VaultError.secretServiceUnavailable(
                .noDefaultCollection, detail: "no collection behind the 'default' alias")
        }
        defer { libsecret.g_object_unref(collection) }
        guard libsecret.secret_collection_get_locked(collection) != 0 else { return }
        // Unlocking prompts through the desktop; without one it would fail or hang, so do not try.
        let env = ProcessInfo.processInfo.environment
        guard env["DISPLAY"] != nil || env["WAYLAND_DISPLAY"] != nil else {
            throw VaultError.secretServiceUnavailable(.locked, detail: "collection '\(Self.label(of: collection))'")
        }
        let list = libsecret.g_list_append(nil, collection)
        defer { libsecret.g_list_free(list) }
        let unlocked: Int32
        do {
            unlocked = try GLibError.check { libsecret.secret_service_unlock_sync(service, list, nil, nil, $0) }
        } catch let error as GLibError {
            throw VaultError.secretServiceUnavailable(.locked, detail: error.message)
        }
        guard unlocked > 0 else {
            throw VaultError.secretServiceUnavailable(.locked, detail: "the unlock prompt was dismissed")
        }
    }

    /// A collection's label (e.g. `Login`).
    static func label(of collection: UnsafeMutablePointer<SecretCollection>) -> String {
        guard let text = libsecret.secret_collection_get_label(collection) else { return "" }
        defer { libsecret.g_free(text) }
        return String(cString: text)
    }

    /// The D-Bus object path of a libsecret proxy (item or collection).
    static func objectPath(_ proxy: UnsafeMutableRawPointer) -> String {
        libsecret.g_dbus_proxy_get_object_path(proxy.assumingMemoryBound(to: GDBusProxy.self)).map {
            String(cString: $0)
        } ?? ""
    }
}
