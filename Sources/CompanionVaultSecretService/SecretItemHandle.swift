import CSecret
import Foundation

/// One reference to a libsecret `SecretItem`, released when the handle goes away.
final class SecretItemHandle {
    let pointer: UnsafeMutablePointer<SecretItem>

    /// Takes over a reference the caller owns.
    init(adopting raw: UnsafeMutableRawPointer) {
        pointer = raw.assumingMemoryBound(to: SecretItem.self)
    }

    deinit { libsecret.g_object_unref(pointer) }

    var label: String {
        guard let text = libsecret.secret_item_get_label(pointer) else { return "" }
        defer { libsecret.g_free(text) }
        return String(cString: text)
    }

    func attribute(_ key: String) -> String? {
        guard let table = libsecret.secret_item_get_attributes(pointer) else { return nil }
        defer { libsecret.g_hash_table_unref(table) }
        return GLibValues.lookup(table, key)
    }

    var created: Date { Date(timeIntervalSince1970: TimeInterval(libsecret.secret_item_get_created(pointer))) }
    var modified: Date { Date(timeIntervalSince1970: TimeInterval(libsecret.secret_item_get_modified(pointer))) }
    var locked: Bool { libsecret.secret_item_get_locked(pointer) != 0 }
    var objectPath: String { SecretServiceConnection.objectPath(UnsafeMutableRawPointer(pointer)) }

    /// The object path of the collection holding the item (the item path minus its last component).
    var collectionPath: String {
        let path = objectPath
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[..<slash])
    }
}
