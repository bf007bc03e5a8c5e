import CSecret

/// A `GError` copied into Swift values; the C error is freed as soon as it is read.
struct GLibError: Error, Sendable {
    /// The error domain, e.g. `g-io-error-quark` or `g-dbus-error-quark`.
    let domain: String
    let code: Int32
    /// The message with any `GDBus.Error:<name>:` prefix removed.
    let message: String
    /// The D-Bus error name when the error came from a remote peer, e.g. `org.freedesktop.DBus.Error.ServiceUnknown`.
    let remoteName: String?

    init(domain: String, code: Int32, message: String, remoteName: String?) {
        self.domain = domain
        self.code = code
        self.message = message
        self.remoteName = remoteName
    }

    init(_ error: UnsafeMutablePointer<GError>) {
        domain = libsecret.g_quark_to_string(error.pointee.domain).map { String(cString: $0) } ?? ""
        code = error.pointee.code
        if let remote = libsecret.g_dbus_error_get_remote_error(error) {
            remoteName = String(cString: remote)
            libsecret.g_free(remote)
        } else {
            remoteName = nil
        }
        _ = libsecret.g_dbus_error_strip_remote_error(error)
        message = error.pointee.message.map { String(cString: $0) } ?? "unknown error"
    }

    /// Calls `body` with a fresh `GError **`, then throws (and frees) whatever it reported.
    static func check<T>(_ body: (UnsafeMutablePointer<UnsafeMutablePointer<GError>?>) -> T) throws -> T {
        var error: UnsafeMutablePointer<GError>?
        let result = body(&error)
        if let error {
            defer { libsecret.g_error_free(error) }
            throw GLibError(error)
        }
        return result
    }
}

/// Small GLib conveniences for building libsecret arguments from Swift values.
enum GLibValues {
    /// A `GHashTable` of owned string keys and values, as libsecret's `…v` functions take attributes.
    /// The caller releases it with `g_hash_table_unref`.
    static func stringTable(_ pairs: [String: String]) -> OpaquePointer {
        let table = libsecret.g_hash_table_new_full(
            libsecret.g_str_hash, libsecret.g_str_equal, libsecret.g_free, libsecret.g_free)!
        for (key, value) in pairs {
            _ = libsecret.g_hash_table_insert(table, libsecret.g_strdup(key), libsecret.g_strdup(value))
        }
        return table
    }

    /// Reads a string value out of a `GHashTable<string, string>`.
    static func lookup(_ table: OpaquePointer, _ key: String) -> String? {
        key.withCString { k in
            libsecret.g_hash_table_lookup(table, k).map { String(cString: $0.assumingMemoryBound(to: CChar.self)) }
        }
    }

    /// The strings of a NULL-terminated `gchar **` (not freed).
    static func strings(_ vector: UnsafeMutablePointer<UnsafeMutablePointer<gchar>?>?) -> [String] {
        var out: [String] = []
        var index = 0
        while let vector, let string = vector[index] {
            out.append(String(cString: string))
            index += 1
        }
        return out
    }

    /// The pointers held by a `GList` (not retained), in order.
    static func elements(_ list: UnsafeMutablePointer<GList>?) -> [UnsafeMutableRawPointer] {
        var out: [UnsafeMutableRawPointer] = []
        var node = list
        while let current = node {
            if let data = current.pointee.data { out.append(data) }
            node = current.pointee.next
        }
        return out
    }
}
