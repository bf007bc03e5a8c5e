import CAvahi
import Foundation

/// Finds `_companion._tcp` services through avahi-daemon: browses, resolves each instance, and returns what
/// it found when the time is up (or at the first result).
public enum ServiceBrowser {
    /// The services resolved within `timeout` seconds; with `firstOnly`, returns as soon as one is resolved.
    public static func browse(timeout: Double, firstOnly: Bool = false) async throws(DiscoveryError)
        -> [DiscoveryRecord]
    {
        let api = try AvahiLibrary.load()
        let session = try BrowseSession(api: api, firstOnly: firstOnly)
        defer { session.close() }
        return await session.results(timeout: timeout)
    }
}

/// One browse: the Avahi objects and the records found so far (touched under Avahi's loop lock or `lock`).
final class BrowseSession: @unchecked Sendable {
    let api: cavahi_api
    private let poll: OpaquePointer
    private var client: OpaquePointer?
    private var browser: OpaquePointer?
    private var resolvers: [OpaquePointer] = []
    private let lock = NSLock()
    private var found: [DiscoveryRecord] = []
    private var waiter: CheckedContinuation<Void, Never>?
    private var finished = false
    private let firstOnly: Bool

    init(api: cavahi_api, firstOnly: Bool) throws(DiscoveryError) {
        self.api = api
        self.firstOnly = firstOnly
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
        let context = Unmanaged.passUnretained(self).toOpaque()
        browser = api.avahi_service_browser_new(
            client, AvahiIfIndex(AVAHI_IF_UNSPEC), AvahiProtocol(AVAHI_PROTO_INET), DiscoveryRecord.serviceType, nil,
            AvahiLookupFlags(0), browseCallback, context)
        guard browser != nil else {
            let message = AvahiLibrary.text(api, api.avahi_client_errno(client))
            close()
            throw .avahi(message)
        }
        guard api.avahi_threaded_poll_start(poll) >= 0 else {
            close()
            throw .avahi("cannot start the event loop")
        }
    }

    /// Waits until `timeout` passes (or the first record, with `firstOnly`), then returns what was found.
    func results(timeout: Double) async -> [DiscoveryRecord] {
        await withCheckedContinuation { continuation in
            let done = lock.withLock { () -> Bool in
                if finished { return true }
                waiter = continuation
                return false
            }
            if done { continuation.resume() }
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { [self] in finish() }
        }
        return lock.withLock { found }
    }

    /// Called on Avahi's thread (lock held) for a new instance: starts resolving it.
    func resolve(
        interface: AvahiIfIndex, protocol: AvahiProtocol, name: UnsafePointer<CChar>?,
        type: UnsafePointer<CChar>?, domain: UnsafePointer<CChar>?
    ) {
        let context = Unmanaged.passUnretained(self).toOpaque()
        if let resolver = api.avahi_service_resolver_new(
            client, interface, `protocol`, name, type, domain, AvahiProtocol(AVAHI_PROTO_INET), AvahiLookupFlags(0),
            resolveCallback, context)
        {
            resolvers.append(resolver)
        }
    }

    /// Called on Avahi's thread for a resolved instance.
    func add(_ record: DiscoveryRecord) {
        let first = lock.withLock { () -> Bool in
            if !found.contains(where: { $0.address == record.address && $0.port == record.port }) {
                found.append(record)
            }
            return firstOnly
        }
        if first { finish() }
    }

    func finish() {
        let continuation = lock.withLock { () -> CheckedContinuation<Void, Never>? in
            finished = true
            defer { waiter = nil }
            return waiter
        }
        continuation?.resume()
    }

    func close() {
        guard client != nil else { return }
        _ = api.avahi_threaded_poll_stop(poll)
        for resolver in resolvers { _ = api.avahi_service_resolver_free(resolver) }
        resolvers.removeAll()
        if let browser { _ = api.avahi_service_browser_free(browser) }
        browser = nil
        api.avahi_client_free(client)
        client = nil
        api.avahi_threaded_poll_free(poll)
    }

    /// The TXT strings of a list.
    func strings(_ list: UnsafeMutablePointer<AvahiStringList>?) -> [String] {
        var result: [String] = []
        var item = list
        while let current = item, result.count < 32 {
            if let text = api.avahi_string_list_get_text(current) {
                let size = Int(api.avahi_string_list_get_size(current))
                result.append(String(decoding: UnsafeBufferPointer(start: text, count: min(size, 512)), as: UTF8.self))
            }
            item = api.avahi_string_list_get_next(current)
        }
        return result
    }
}

private let browseCallback: AvahiServiceBrowserCallback = {
    _, interface, proto, event, name, type, domain, _, context in
    guard event == AVAHI_BROWSER_NEW, let context else { return }
    Unmanaged<BrowseSession>.fromOpaque(context).takeUnretainedValue()
        .resolve(interface: interface, protocol: proto, name: name, type: type, domain: domain)
}

private let resolveCallback: AvahiServiceResolverCallback = {
    _, _, _, event, name, _, _, _, address, port, txt, _, context in
    guard event == AVAHI_RESOLVER_FOUND, let context, let address else { return }
    let session = Unmanaged<BrowseSession>.fromOpaque(context).takeUnretainedValue()
    var text = [CChar](repeating: 0, count: Int(AVAHI_ADDRESS_STR_MAX))
    _ = session.api.avahi_address_snprint(&text, text.count, address)
    session.add(
        DiscoveryRecord(
            instance: name.map { String(cString: $0) } ?? "",
            address: String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self),
            port: Int(port),
            txt: session.strings(txt)))
}
