import CAvahi

/// The Avahi client libraries, loaded on first use (see `Sources/CSystem/CAvahi/shim.h`), or why they could not be.
enum AvahiLibrary {
    static let api: Result<cavahi_api, DiscoveryError> = {
        let table = UnsafeMutablePointer<cavahi_api>.allocate(capacity: 1)
        defer { table.deallocate() }
        var message = [CChar](repeating: 0, count: 512)
        let status = message.withUnsafeMutableBufferPointer { cavahi_load(table, $0.baseAddress!, $0.count) }
        guard status == 0 else {
            let detail = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return .failure(.libraryUnavailable(detail))
        }
        return .success(table.pointee)
    }()

    static func load() throws(DiscoveryError) -> cavahi_api {
        switch api {
        case .success(let api): return api
        case .failure(let error): throw error
        }
    }

    /// Avahi's text for an error number.
    static func text(_ api: cavahi_api, _ code: Int32) -> String {
        api.avahi_strerror(code).map { String(cString: $0) } ?? "error \(code)"
    }

    /// The error for a client that could not be created.
    static func clientError(_ api: cavahi_api, _ code: Int32) -> DiscoveryError {
        Int(code) == AVAHI_ERR_NO_DAEMON || Int(code) == AVAHI_ERR_DISCONNECTED
            ? .daemonNotRunning(text(api, code)) : .avahi(text(api, code))
    }
}
