import Foundation

/// Where a sidecar is listening.
public struct SidecarAddress: Sendable, Equatable {
    /// The bind host as configured.
    public var host: String
    /// The bound port (the real one when 0 was asked for).
    public var port: Int
    /// The base URL put in `qrPayload`.
    public var publicURL: String

    /// A URL this machine can use: the bind host, or `127.0.0.1` for a wildcard bind.
    public var localURL: String {
        let wildcard = host == "0.0.0.0" || host == "::" || host == "[::]" || host.isEmpty
        var name = wildcard ? "127.0.0.1" : host
        if name.contains(":") && !name.hasPrefix("[") { name = "[\(name)]" }
        return "http://\(name):\(port)"
    }
}

/// A sidecar serving in the background (see ``Sidecar/start()``).
public struct RunningSidecar: Sendable {
    public let address: SidecarAddress
    let task: Task<Void, Never>

    /// The bound port.
    public var port: Int { address.port }
    /// Base URL for clients on this machine, e.g. `http://127.0.0.1:43121`.
    public var baseURL: URL { URL(string: address.localURL)! }

    /// Shuts the server down and waits until it has stopped.
    public func stop() async {
        task.cancel()
        await task.value
    }
}
