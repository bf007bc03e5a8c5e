import CompanionCrypto
import Foundation

/// An item's metadata and secret together: `Properties.GetAll` on each item and one `GetSecrets`, in one batch.
extension SecretServiceBus {
    /// The properties of each item at `paths` and their secrets, in one round trip.
    func items(_ paths: [String]) throws(SecretServiceBusError)
        -> (properties: [String: SecretItemProperties], secrets: [String: SecureBytes])
    {
        guard !paths.isEmpty else { return ([:], [:]) }
        let getAll = paths.map { path in
            DBusConnection.Call(
                destination: Self.service, path: path, interface: "org.freedesktop.DBus.Properties", member: "GetAll",
                arguments: [.string("org.freedesktop.Secret.Item")])
        }
        let replies = try connection.call(getAll + [getSecrets(paths)])
        var properties: [String: SecretItemProperties] = [:]
        for (path, reply) in zip(paths, replies) {
            try Self.check(reply, from: peer, signature: "a{sv}")
            guard let entries = reply.body[0].elements,
                let item = SecretItemProperties(entries)
            else { throw .unexpectedReply("the Secret Service sent no readable properties for \(path)") }
            properties[path] = item
        }
        return (properties, try decodeSecrets(replies[paths.count], paths: paths))
    }
}

extension SecretItemProperties {
    /// The properties from a `GetAll` answer's `a{sv}`; nil when one is missing or of the wrong type.
    init?(_ entries: [DBusValue]) {
        var fields: [String: DBusValue] = [:]
        for case .dictEntry(.string(let key), .variant(let value)) in entries { fields[key] = value }
        guard case .string(let label) = fields["Label"], case .array("{ss}", let pairs) = fields["Attributes"],
            case .uint64(let created) = fields["Created"], case .uint64(let modified) = fields["Modified"],
            case .boolean(let locked) = fields["Locked"]
        else { return nil }
        var attributes: [String: String] = [:]
        for case .dictEntry(.string(let key), .string(let value)) in pairs { attributes[key] = value }
        self.init(
            label: label, attributes: attributes, created: Date(timeIntervalSince1970: TimeInterval(created)),
            modified: Date(timeIntervalSince1970: TimeInterval(modified)), locked: locked)
    }

    init(label: String, attributes: [String: String], created: Date, modified: Date, locked: Bool) {
        self.label = label
        self.attributes = attributes
        self.created = created
        self.modified = modified
        self.locked = locked
    }
}
