import CAvahi
import Foundation

/// Advertises one `_companion._tcp` service through avahi-daemon until ``withdraw()`` (or release).
///
/// Runs Avahi's threaded event loop; every call into Avahi holds its lock. Creation fails with
/// ``DiscoveryError/daemonNotRunning(_:)`` when avahi-daemon cannot be reached.
public final class ServiceAdvertiser: @unchecked Sendable {
    private let api: cavahi_api
    private let poll: OpaquePointer
    private var client: OpaquePointer?
    private var group: OpaquePointer?
    private let lock = NSLock()

    /// Publishes `instance` on `port` with `txt` on every interface avahi-daemon is allowed to use.
    public init(instance: String, port: Int, txt: [String]) throws(DiscoveryError) {
        api = try AvahiLibrary.load()
        guard let poll = api.avahi_threaded_poll_new() else { throw .avahi("cannot create an event loop") }
        self.poll = poll
        var error: Int32 = 0
        guard
            let client = api.avahi_client_new(api.avahi_threaded_poll_get(poll), AvahiClientFlags(0), nil, nil, &error)
        else {
            api.avahi_threaded_poll_free(poll)
            throw AvahiLibrary.clientError(api, error)
        }
        self.client = client
        do { try publish(instance: instance, port: port, txt: txt) } catch {
            close()
            throw error
        }
        guard api.avahi_threaded_poll_start(poll) >= 0 else {
            close()
            throw .avahi("cannot start the event loop")
        }
    }

    private func publish(instance: String, port: Int, txt: [String]) throws(DiscoveryError) {
        guard let group = api.avahi_entry_group_new(client, nil, nil) else {
            throw .avahi(AvahiLibrary.text(api, api.avahi_client_errno(client)))
        }
        self.group = group
        var strings = txt.map { strdup($0) }
        defer { for string in strings { free(string) } }
        let list = strings.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
                api.avahi_string_list_new_from_array($0, Int32(buffer.count))
            }
        }
        defer { api.avahi_string_list_free(list) }
        var status = api.avahi_entry_group_add_service_strlst(
            group, AvahiIfIndex(AVAHI_IF_UNSPEC), AvahiProtocol(AVAHI_PROTO_INET), AvahiPublishFlags(0), instance,
            DiscoveryRecord.serviceType, nil, nil, UInt16(port), list)
        if status >= 0 { status = api.avahi_entry_group_commit(group) }
        guard status >= 0 else { throw .avahi(AvahiLibrary.text(api, status)) }
    }

    /// Withdraws the service (the daemon sends goodbye packets) and disconnects. Safe to call more than once.
    public func withdraw() { close() }

    deinit { close() }

    private func close() {
        lock.withLock {
            guard client != nil else { return }
            _ = api.avahi_threaded_poll_stop(poll)
            if let group { _ = api.avahi_entry_group_free(group) }
            group = nil
            api.avahi_client_free(client)
            client = nil
            api.avahi_threaded_poll_free(poll)
        }
    }
}
