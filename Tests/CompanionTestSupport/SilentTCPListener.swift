import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A TCP port on 127.0.0.1 that accepts connections (the kernel completes the handshake) and never says a word:
/// a server that hangs, for testing time limits (a `git clone https://127.0.0.1:PORT/…` waits for its TLS answer
/// forever).
public final class SilentTCPListener: @unchecked Sendable {
    public let port: Int
    private let descriptor: Int32

    public init() throws {
        (descriptor, port) = try LoopbackListener.open(backlog: 16)
    }

    deinit { close(descriptor) }
}
