import CSecret
import Foundation

/// An item's metadata, read with one `org.freedesktop.DBus.Properties.GetAll` call on its object path rather
/// than through a libsecret item proxy, whose construction adds a StartServiceByName, a GetNameOwner and two
/// signal subscriptions to the GetAll (`dbus-monitor` of a `companion keys show`).
struct SecretItemProperties {
    var label: String
    var attributes: [String: String]
    var created: Date
    var modified: Date
    var locked: Bool

    /// The properties of the item at `path`, or a ``GLibError`` (the call failed or the answer has the wrong shape).
    init(path: String, connection: SecretServiceConnection) throws {
        let proxy = UnsafeMutableRawPointer(connection.service).assumingMemoryBound(to: GDBusProxy.self)
        let interface = libsecret.g_variant_new_string("org.freedesktop.Secret.Item")
        var arguments: [OpaquePointer?] = [interface]
        let parameters = libsecret.g_variant_new_tuple(&arguments, 1)
        let reply = try GLibError.check {
            libsecret.g_dbus_connection_call_sync(
                libsecret.g_dbus_proxy_get_connection(proxy), libsecret.g_dbus_proxy_get_name(proxy), path,
                "org.freedesktop.DBus.Properties", "GetAll", parameters, nil, G_DBUS_CALL_FLAGS_NONE, -1, nil, $0)
        }
        guard let reply else { throw Self.malformed(path) }
        defer { libsecret.g_variant_unref(reply) }
        guard Self.type(of: reply) == "(a{sv})", let dictionary = libsecret.g_variant_get_child_value(reply, 0) else {
            throw Self.malformed(path)
        }
        defer { libsecret.g_variant_unref(dictionary) }
        let fields = Self.fields(dictionary)
        defer { for value in fields.values { libsecret.g_variant_unref(value) } }
        guard let label = fields["Label"], Self.type(of: label) == "s",
            let attributes = fields["Attributes"], Self.type(of: attributes) == "a{ss}",
            let created = fields["Created"], Self.type(of: created) == "t",
            let modified = fields["Modified"], Self.type(of: modified) == "t",
            let locked = fields["Locked"], Self.type(of: locked) == "b"
        else { throw Self.malformed(path) }
        self.label = Self.string(label)
        self.attributes = Self.strings(attributes)
        self.created = Date(timeIntervalSince1970: TimeInterval(libsecret.g_variant_get_uint64(created)))
        self.modified = Date(timeIntervalSince1970: TimeInterval(libsecret.g_variant_get_uint64(modified)))
        self.locked = libsecret.g_variant_get_boolean(locked) != 0
    }

    /// The text of a string variant.
    private static func string(_ value: OpaquePointer) -> String {
        libsecret.g_variant_get_string(value, nil).map { String(cString: $0) } ?? ""
    }

    private static func type(of value: OpaquePointer) -> String {
        libsecret.g_variant_get_type_string(value).map { String(cString: $0) } ?? ""
    }

    /// The values of an `a{sv}` dictionary by key, unboxed from their variants; the caller unrefs them.
    private static func fields(_ dictionary: OpaquePointer) -> [String: OpaquePointer] {
        var fields: [String: OpaquePointer] = [:]
        for index in 0..<libsecret.g_variant_n_children(dictionary) {
            guard let entry = libsecret.g_variant_get_child_value(dictionary, index) else { continue }
            defer { libsecret.g_variant_unref(entry) }
            guard let key = libsecret.g_variant_get_child_value(entry, 0),
                let boxed = libsecret.g_variant_get_child_value(entry, 1)
            else { continue }
            defer {
                libsecret.g_variant_unref(key)
                libsecret.g_variant_unref(boxed)
            }
            let name = Self.string(key)
            if let value = libsecret.g_variant_get_variant(boxed) {
                if let previous = fields.updateValue(value, forKey: name) { libsecret.g_variant_unref(previous) }
            }
        }
        return fields
    }

    /// The pairs of an `a{ss}` dictionary.
    private static func strings(_ dictionary: OpaquePointer) -> [String: String] {
        var pairs: [String: String] = [:]
        for index in 0..<libsecret.g_variant_n_children(dictionary) {
            guard let entry = libsecret.g_variant_get_child_value(dictionary, index) else { continue }
            defer { libsecret.g_variant_unref(entry) }
            guard let key = libsecret.g_variant_get_child_value(entry, 0),
                let value = libsecret.g_variant_get_child_value(entry, 1)
            else { continue }
            pairs[Self.string(key)] = Self.string(value)
            libsecret.g_variant_unref(key)
            libsecret.g_variant_unref(value)
        }
        return pairs
    }

    private static func malformed(_ path: String) -> GLibError {
        GLibError(
            domain: "companionkit", code: 0, message: "the Secret Service sent no readable properties for \(path)",
            remoteName: nil)
    }
}
